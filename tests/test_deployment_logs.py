"""Logging for the journal: priority prefixes journald understands, no files of our own."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from controller.service.logs import configure_logging, stream_is_journal


@pytest.fixture(autouse=True)
def restore_root_logger() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def journal_lines(tmp_path: Path, level: int | str,
                  emit: Callable[[logging.Logger], None]) -> list[str]:
    path = tmp_path / "stderr"
    with path.open("w", encoding="utf-8") as stream:
        configure_logging(level, stream=stream, journal=True)
        emit(logging.getLogger("baccarat.test"))
    return path.read_text(encoding="utf-8").splitlines()


def test_each_level_gets_its_journald_priority(tmp_path: Path) -> None:
    def emit(log: logging.Logger) -> None:
        log.debug("card read")
        log.info("round 41 complete")
        log.warning("misread, rescan")
        log.error("shoe disconnected")
        log.critical("journal unwritable")

    assert journal_lines(tmp_path, "debug", emit) == [
        "<7>baccarat.test: card read",
        "<6>baccarat.test: round 41 complete",
        "<4>baccarat.test: misread, rescan",
        "<3>baccarat.test: shoe disconnected",
        "<2>baccarat.test: journal unwritable",
    ]


def test_records_below_the_level_are_dropped(tmp_path: Path) -> None:
    def emit(log: logging.Logger) -> None:
        log.debug("card read")
        log.info("round 41 complete")
        log.warning("misread, rescan")

    assert journal_lines(tmp_path, logging.WARNING, emit) == ["<4>baccarat.test: misread, rescan"]


def test_every_traceback_line_keeps_the_error_priority(tmp_path: Path) -> None:
    def emit(log: logging.Logger) -> None:
        try:
            raise OSError("device disconnected")
        except OSError:
            log.exception("driver failed")

    lines = journal_lines(tmp_path, "info", emit)
    assert lines[0] == "<3>baccarat.test: driver failed"
    assert lines[-1] == "<3>OSError: device disconnected"
    assert all(line.startswith("<3>") for line in lines)


def test_configuring_twice_does_not_double_lines(tmp_path: Path) -> None:
    path = tmp_path / "stderr"
    with path.open("w", encoding="utf-8") as stream:
        configure_logging("info", stream=stream, journal=True)
        configure_logging("info", stream=stream, journal=True)
        logging.getLogger("baccarat.test").info("once")
    assert path.read_text(encoding="utf-8") == "<6>baccarat.test: once\n"


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="log level 'loud'"):
        configure_logging("loud")


def test_prefixes_only_when_stderr_is_the_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "stderr"
    with path.open("w", encoding="utf-8") as stream:
        status = os.fstat(stream.fileno())
        assert stream_is_journal(stream, {"JOURNAL_STREAM": f"{status.st_dev}:{status.st_ino}"})
        assert not stream_is_journal(stream, {"JOURNAL_STREAM": f"{status.st_dev}:1"})
        assert not stream_is_journal(stream, {})

        # A terminal (no JOURNAL_STREAM) gets timestamps and level names, no prefixes.
        monkeypatch.delenv("JOURNAL_STREAM", raising=False)
        configure_logging("info", stream=stream)
        logging.getLogger("baccarat.test").warning("misread")
    line = path.read_text(encoding="utf-8")
    assert not line.startswith("<")
    assert line.rstrip().endswith("WARNING baccarat.test: misread")
