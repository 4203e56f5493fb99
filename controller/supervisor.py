"""The supervisor PIN: stored only as a salted PBKDF2 hash in the table config."""

from __future__ import annotations

import hashlib
import hmac
import secrets

SCHEME = "pbkdf2_sha256"
ITERATIONS = 200_000


def hash_pin(pin: str, salt: bytes | None = None, iterations: int = ITERATIONS) -> str:
    """The config value for ``pin``: ``pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>``."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, iterations)
    return f"{SCHEME}${iterations}${salt.hex()}${digest.hex()}"


def check_pin_hash(stored: str) -> None:
    """Raise ValueError when ``stored`` is not a hash made by hash_pin."""
    parts = stored.split("$")
    if len(parts) != 4 or parts[0] != SCHEME or not parts[1].isdigit():
        raise ValueError(f"expected '{SCHEME}$<iterations>$<salt>$<hash>' (make one with "
                         "'baccarat-table hash-pin')")
    bytes.fromhex(parts[2]), bytes.fromhex(parts[3])


def verify_pin(pin: str, stored: str) -> bool:
    """True when ``pin`` matches the stored hash (constant-time comparison)."""
    _, iterations, salt, _ = stored.split("$")
    candidate = hash_pin(pin, bytes.fromhex(salt), int(iterations))
    return hmac.compare_digest(candidate, stored)
