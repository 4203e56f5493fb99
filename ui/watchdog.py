"""systemd's watchdog, fed from the GUI thread's event loop.

The pings come from a QTimer in the thread that paints the dealer display, so a frozen display
(a slot that never returns, a deadlock) stops them and systemd restarts the program after
``WatchdogSec=``. A ping from any other thread would keep a frozen display alive.
"""

from __future__ import annotations

from PyQt6.QtCore import QObject, QTimer

from controller.service.sd_notify import SystemdNotifier


def start_watchdog(parent: QObject, notifier: SystemdNotifier) -> QTimer | None:
    """Ping now and then every half ``WatchdogSec=``; None when systemd is not watching.

    Call it from the GUI thread; the timer lives as long as ``parent`` (the main window or the
    application).
    """
    interval = notifier.watchdog_interval()
    if interval is None:
        return None
    timer = QTimer(parent)
    timer.setInterval(max(1, round(interval * 1000)))
    timer.timeout.connect(notifier.watchdog)
    timer.start()
    notifier.watchdog()
    return timer
