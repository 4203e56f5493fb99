"""A shoe emulator in a child process, for the latency benchmarks.

It plays a fixed order of cards over a pseudo-terminal, one line every ``interval`` seconds,
and logs each line it sends with the time it sent it (``sent``, read after the ``with``).
The child waits for ``play()`` so the table can be up first, and keeps the pty open until the
parent leaves the ``with``.
"""

from __future__ import annotations

import multiprocessing
import tempfile
from pathlib import Path

from drivers.card_codes import CUT
from drivers.emulator import ShoeEmulator


def _emulator_process(connection, log_path: str, order: list[str], interval: float) -> None:
    with open(log_path, "w", encoding="utf-8") as log:
        emulator = ShoeEmulator([order], interval=interval, log=log)
        with emulator:
            connection.send(emulator.open())
            connection.recv()  # the parent is ready: play
            emulator.play()
            connection.recv()  # keep the pty until the parent has everything


class EmulatedShoe:
    def __init__(self, order: list[str], interval: float) -> None:
        self.order, self.interval = order, interval
        self.path = ""
        self.sent: list[float] = []  # when each card line was written, in order

    def __enter__(self) -> EmulatedShoe:
        context = multiprocessing.get_context("spawn")
        self._parent, child_end = context.Pipe()
        self._directory = tempfile.TemporaryDirectory()
        self._log = str(Path(self._directory.name) / "wire.log")
        self._child = context.Process(target=_emulator_process,
                                      args=(child_end, self._log, self.order, self.interval))
        self._child.start()
        self.path = self._parent.recv()
        return self

    def play(self) -> None:
        self._parent.send("go")

    def __exit__(self, *exc_info: object) -> None:
        self._parent.send("done")
        self._child.join()
        self.sent = [float(stamp) for stamp, direction, data in
                     (line.split(" ", 2) for line in Path(self._log).read_text().splitlines())
                     if direction == ">" and CUT not in data]
        self._directory.cleanup()
