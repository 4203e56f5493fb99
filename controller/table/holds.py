"""What a hold keeps: a card that arrived where none may come, or the fault the table stopped
on, until a supervisor decides (docs/operator.md)."""

from __future__ import annotations

from dataclasses import dataclass

# The hold on a smart shoe's frame that cannot follow the frames before it.
OUT_OF_SEQUENCE = "frame_out_of_sequence"
# The hold on an input the controller failed to handle.
INTERNAL_ERROR = "internal_error"


@dataclass(frozen=True, slots=True)
class HeldCard:
    """A card that arrived where none may come; kept until a supervisor decides."""

    code: str
    raw: bytes
    source: str
    frame_seq: int | None = None


@dataclass(frozen=True, slots=True)
class FaultHold:
    """The hold the table went into on an input it failed to handle, replayed as such (the
    input itself would fail again)."""

    message: str
    held: HeldCard | None  # the card the failed input carried, if any


def text(raw: bytes) -> str:
    """Bytes read from a device, as an event records them."""
    return raw.decode("ascii", "replace")
