"""URLs as the program reads them: every URL a person gives (a driver's, a broker's, a cluster's
nodes) is split here, so a bad bracket or port is one line quoting what was typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import SplitResult, urlsplit, urlunsplit

from common.errors import UserError


def split_url(text: str) -> SplitResult:
    """``text`` split into its parts, the port among them checked (urllib reads it only when
    asked); every URL the program is given is parsed here. UserError saying what is wrong,
    for the caller to name where the URL came from."""
    try:
        parts = urlsplit(text)
    except ValueError as error:
        reason = ("a [ or ] out of place in the host (an IPv6 address is written [::1])"
                  if "IPv6" in str(error) else error)
        raise UserError(f"not a URL: {reason}") from None
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0:
        raise UserError("expected a port from 1 to 65535 after the host")
    return parts


def split_nodes(text: str) -> list[SplitResult]:
    """A URL naming several nodes of one cluster (``mqtt://a:1883,b:1883``), one URL per node,
    each split and checked as ``split_url`` does, in the order given. UserError naming the
    node at fault."""
    try:
        parts = urlsplit(text)
    except ValueError:
        parts = None
    if "," not in text or parts is None:
        return [split_url(text)]  # or its error
    nodes = []
    for number, node in enumerate(parts.netloc.split(","), 1):
        if not node.strip():
            raise UserError(f"node {number} is empty (expected HOST[:PORT] between commas)")
        try:
            nodes.append(split_url(urlunsplit(parts._replace(netloc=node.strip()))))
        except UserError as error:
            raise UserError(f"node {number} ({node.strip()!r}): {error}") from None
    return nodes


def join_nodes(scheme: str, nodes: Sequence[tuple[str, int]]) -> str:
    """The URL of a cluster's ``nodes`` (host, port), as ``split_nodes`` reads it."""
    return f"{scheme}://" + ",".join(
        f"[{host}]:{port}" if ":" in host else f"{host}:{port}" for host, port in nodes)
