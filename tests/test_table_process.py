"""One start-up and shutdown for headless text and the display (ui/table_process.py): the
loop stops first, the thread that wrote the journal closes it, the notifier closes last; each
once. A display that has quit leaves no quit behind for the next event loop in the process. And
the process-wide switch interval is the application's choice, not a driver's."""

import io
import signal
import socket
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PyQt6.QtCore import QEventLoop, QTimer
from PyQt6.QtWidgets import QApplication

from controller.events.stream import TableEvent
from controller.journal import Journal
from controller.journal.verify import self_test
from controller.service.sd_notify import SystemdNotifier
from controller.table.config import TableConfig
from controller.table.runner import TableRunner
from drivers import open_driver
from drivers.base import Connected
from drivers.emulator import ShoeEmulator
from tests.support.driver_events import EventLog
from ui.cli import main
from ui.table_process import TableProcess

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def process_settings() -> Iterator[None]:
    """Put back what a table process sets for the whole interpreter."""
    interval = sys.getswitchinterval()
    handlers = {signum: signal.getsignal(signum) for signum in (signal.SIGTERM, signal.SIGINT)}
    yield
    sys.setswitchinterval(interval)
    for signum, handler in handlers.items():
        signal.signal(signum, handler)


@pytest.fixture
def shutdown(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The order of what ends, as it happens: each entry (what, thread name)."""
    log: list[tuple[str, str]] = []
    in_loop = threading.Event()

    def note(what: str) -> None:
        log.append((what, threading.current_thread().name))

    real_run, real_close = TableRunner.run, Journal.close
    real_stopping, real_notifier_close = SystemdNotifier.stopping, SystemdNotifier.close

    def run(self: TableRunner, *args: Any, **kwargs: Any) -> None:
        in_loop.set()
        try:
            return real_run(self, *args, **kwargs)
        finally:
            in_loop.clear()
            note("loop ended")

    def close_journal(self: Journal) -> None:
        if self._db is not None:  # a real close, not a repeated call
            note("journal closed while the loop runs" if in_loop.is_set() else "journal closed")
        real_close(self)

    monkeypatch.setattr(TableRunner, "run", run)
    monkeypatch.setattr(Journal, "close", close_journal)
    def stopping(self: SystemdNotifier, *args: str | None) -> None:
        note("stopping")
        real_stopping(self, *args)

    def notifier_close(self: SystemdNotifier) -> None:
        note("notifier closed")
        real_notifier_close(self)

    monkeypatch.setattr(SystemdNotifier, "stopping", stopping)
    monkeypatch.setattr(SystemdNotifier, "close", notifier_close)
    return log


def test_a_headless_table_closes_its_journal_then_its_notifier_once_after_the_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        shutdown: list[tuple[str, str]]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    journal = tmp_path / "table.db"
    assert main(["run", "--headless", "--shoes", "1", "--driver", "sim://?seed=5&rate=0",
                 "--journal", str(journal)]) == 0
    assert "== shoe 1 ended" in capsys.readouterr().out
    main_thread = threading.current_thread().name
    assert shutdown == [("loop ended", main_thread), ("journal closed", main_thread),
                        ("stopping", main_thread), ("notifier closed", main_thread)]
    assert self_test(journal).finding is None


def test_the_display_quit_mid_shoe_waits_for_the_loop_which_closes_the_journal(
        qapp: QApplication, tmp_path: Path, shutdown: list[tuple[str, str]]) -> None:
    from ui.display.app import run_display

    journal = tmp_path / "table.db"
    config = TableConfig(driver_url="sim://?seed=6&rate=0", journal_path=str(journal))
    # Quit while the loop is busy recording cards (an endless table at full speed).
    QTimer.singleShot(300, QApplication.quit)
    assert run_display(config, windowed=True) == 0
    for window in QApplication.topLevelWidgets():
        window.close()
    assert [what for what, _ in shutdown] == ["stopping", "loop ended", "journal closed",
                                              "notifier closed"]
    assert shutdown[2][1] == "table-runner"  # closed by the thread that wrote it
    assert self_test(journal).finding is None


def test_a_display_that_quit_leaves_the_application_as_it_found_it(
        qapp: QApplication, tmp_path: Path) -> None:
    from ui.display.app import run_display

    config = TableConfig(driver_url="sim://?seed=6&rate=0", journal_path=str(tmp_path / "t.db"))
    running = {id(timer) for timer in qapp.findChildren(QTimer) if timer.isActive()}
    QTimer.singleShot(300, QApplication.quit)  # quit with the window open, as SIGTERM does
    assert run_display(config, windowed=True) == 0
    for window in QApplication.topLevelWidgets():
        window.close()
    QApplication.processEvents()  # whatever the display left posted is delivered now
    # No timer of the display's left running on the application (one more with each run).
    assert {id(timer) for timer in qapp.findChildren(QTimer) if timer.isActive()} <= running
    loop = QEventLoop()
    QTimer.singleShot(0, lambda: loop.exit(7))
    assert loop.exec() == 7  # a quit left behind would end it at once, before any event


def test_the_display_closes_each_once_when_the_loop_ends_by_itself(
        qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        shutdown: list[tuple[str, str]]) -> None:
    from ui.display.app import run_display

    pings: list[str] = []
    monkeypatch.setattr(SystemdNotifier, "watchdog",
                        lambda self: pings.append(threading.current_thread().name))
    journal = tmp_path / "table.db"
    config = TableConfig(driver_url="sim://?seed=7&rate=0", journal_path=str(journal))
    with tempfile.TemporaryDirectory() as folder, socket.socket(socket.AF_UNIX,
                                                                socket.SOCK_DGRAM) as systemd:
        systemd.bind(f"{folder}/notify")  # as under systemd, with its watchdog on
        monkeypatch.setenv("NOTIFY_SOCKET", f"{folder}/notify")
        monkeypatch.setenv("WATCHDOG_USEC", "10000000")
        assert run_display(config, windowed=True, stop_after_shoes=1) == 0
    for window in QApplication.topLevelWidgets():
        window.close()
    assert [what for what, _ in shutdown] == ["loop ended", "journal closed", "stopping",
                                              "notifier closed"]
    # Only the GUI thread feeds the watchdog: a frozen display must stop the pings.
    assert pings and set(pings) == {threading.current_thread().name}


def test_a_table_closed_before_its_loop_started_is_closed_once(
        tmp_path: Path, shutdown: list[tuple[str, str]]) -> None:
    journal = tmp_path / "table.db"
    with TableProcess(TableConfig(driver_url="sim://?seed=8", journal_path=str(journal))) as (
            process):
        table = process.open()
    table.run()  # too late: it returns at once and closes nothing again
    assert [what for what, _ in shutdown] == ["stopping", "journal closed", "notifier closed"]


def test_a_table_and_its_serial_driver_leave_the_interpreter_switch_interval_alone() -> None:
    sys.setswitchinterval(0.005)
    events = EventLog()
    with ShoeEmulator([]) as emulator:
        driver = open_driver(f"serial://{emulator.open()}", events.put)
        with driver:
            driver.start()
            events.next_of(Connected, timeout=10)  # after a retry, if the pty was busy
            assert sys.getswitchinterval() == 0.005
    with TableProcess(TableConfig()) as process:
        process.open()
        assert sys.getswitchinterval() == 0.005


def test_supervisor_pins_are_hashed_outside_the_loop_which_keeps_the_count_and_lockout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import controller.table.supervisor as supervisor
    from controller.service.app import open_table
    from controller.table.commands import Action, Command

    hashed_in: list[str] = []
    real_hash = supervisor.hash_pin

    def hash_pin(*args: Any, **kwargs: Any) -> str:
        hashed_in.append(threading.current_thread().name)
        return real_hash(*args, **kwargs)

    monkeypatch.setattr(supervisor, "hash_pin", hash_pin)
    answers: list[tuple[str, str]] = []
    answered = threading.Semaphore(0)

    def collect(event: TableEvent) -> None:
        if event.type in ("operator_action", "action_refused"):
            answers.append((event.type, event.fields.get("reason", "")))
            answered.release()

    config = TableConfig(driver_url="sim://?seed=9", pin_hash=real_hash("2468", iterations=10_000))
    table = open_table(config, subscribers=(collect,))
    loop = threading.Thread(target=table.run, name="table-loop")
    loop.start()
    try:
        for pin in ["2468", *["1111"] * 5, "2468"]:
            table.runner.submit(Command(Action.CLEAR_ROADS, by="sup", pin=pin))
            assert answered.acquire(timeout=30)
    finally:
        table.close()
        loop.join()
    assert answers[0][0] == "operator_action"  # the right PIN
    assert [reason for _, reason in answers[1:5]] == ["wrong supervisor PIN"] * 4
    assert "locked for 60 s" in answers[5][1]
    assert answers[6][0] == "action_refused" and "locked" in answers[6][1]  # even the right one
    assert hashed_in and "table-loop" not in hashed_in


def test_a_pin_verdict_counts_only_against_the_hash_it_was_checked_against() -> None:
    from controller.table.supervisor import CheckedPin, hash_pin, verify_pin

    first, second = (hash_pin("2468", iterations=10_000) for _ in range(2))  # two salts
    assert verify_pin(CheckedPin.of("2468", first), first)
    assert not verify_pin(CheckedPin.of("2468", first), second)
    assert not verify_pin(CheckedPin.of("1357", first), first)
