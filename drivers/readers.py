"""The listen-only reader formats by name, as ``protocol=`` names them (docs/protocol.md)."""

from __future__ import annotations

from common.errors import UserError
from drivers.custom_format import CustomFormat, CustomReader
from drivers.reader_formats import (
    ChecksumHexReader,
    IndexReader,
    ListenOnlyReader,
    SuitNumberReader,
)
from drivers.tagged_reader import TaggedReader

FIXED: dict[str, type[ListenOnlyReader]] = {
    "suit-number": SuitNumberReader,
    "tagged": TaggedReader,
    "checksum-hex": ChecksumHexReader,
    "index": IndexReader,
}
READER_FORMATS = (*FIXED, "custom")
NO_CUSTOM = ("protocol=custom reads the site's format from the table config's [reader] "
             "section, and there is none (docs/protocol.md, \"Adding a custom format\")")


def reader_for(name: str, custom: CustomFormat | None = None) -> ListenOnlyReader:
    """The parser of the format ``name`` (one of READER_FORMATS); ``custom`` is the table
    config's ``[reader]`` format, which ``custom`` needs."""
    if name != "custom":
        return FIXED[name]()
    if custom is None:
        raise UserError(NO_CUSTOM)
    return CustomReader(custom)
