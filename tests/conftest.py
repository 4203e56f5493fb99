"""What every test shares: the leak guard, and the real parts several files use (a Mosquitto
broker, a journal on a real SQLite file, the display back in English). A fixture one file uses
stays in that file; the helpers that are not fixtures are in tests/support/."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.feed import Broker
from tests.support.journal import play
from tests.support.leaks import Inventory, leftovers


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "owns_leftovers(reason): the test leaves a thread, child process, port or "
        "serial descriptor open by design, for a fixture wider than the test to end (reason "
        "names it)")


@pytest.fixture(autouse=True)
def leak_guard(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test that leaves a thread, a child process, a listening port or a serial or
    pty descriptor open once its own fixtures are torn down: the next test would run beside
    it. An inventory before and after, with a short grace for what is already ending (as
    thread-leak checks such as pytest-threadleak's do). Fixtures wider than a test are set up
    before this one and so are not counted against it; about 0.2 ms a test."""
    if request.node.get_closest_marker("owns_leftovers"):
        yield
        return
    before = Inventory.now()
    yield
    left = leftovers(before)
    if left:
        pytest.fail("left open after the test:\n  " + "\n  ".join(left), pytrace=False)


@pytest.fixture(autouse=True)
def logging_as_found() -> Iterator[None]:
    """A test that runs a command in-process (``main(["run", ...])``) sets up logging to the
    stderr pytest captured for it; put the root logger back, or a later test logs to that
    closed stream ("--- Logging error ---" in the middle of another test's output)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    levels = {name: logging.getLogger(name).level for name in ("transitions",)}
    yield
    for handler in [h for h in root.handlers if h not in handlers]:
        root.removeHandler(handler)
        handler.close()
    root.setLevel(level)
    for name, old in levels.items():
        logging.getLogger(name).setLevel(old)


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    """A Mosquitto broker of the test's own on a free loopback port."""
    folder = tmp_path / "broker"
    folder.mkdir()
    running = Broker(folder)
    running.start()
    yield running
    running.stop()


@pytest.fixture
def journal_file(tmp_path: Path) -> Path:
    """A closed journal (a real SQLite file) of one shoe played on the simulated shoe."""
    path = tmp_path / "table.db"
    play(path).journal.close()
    return path


@pytest.fixture
def english(qapp: object) -> Iterator[None]:
    """The test may switch the display's language: the next test finds it in English."""
    yield
    from ui.display.app import make_application  # Qt is loaded only by the tests that use it

    make_application("en")
