"""The table's journal: a hash-chained SQLite record of every event (docs/journal.md)."""

from controller.journal.store import Journal, JournalError

__all__ = ["Journal", "JournalError"]
