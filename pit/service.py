"""``baccarat-table pit``: the store, the subscription and the web server, until stopped.

Run as a service: it waits for a broker that is not up yet, says where it listens, and on
SIGTERM (or SIGINT) ends the open pages' streams, stops the web server, the broker's
connection and the watch, and closes the store, then exits 0.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from types import FrameType

import uvicorn

from pit.auth import Auth
from pit.broker_link import BrokerLink
from pit.errors import PitError
from pit.floor import Floor
from pit.ingest import start_ingest
from pit.live import Live
from pit.settings import PitSettings
from pit.store import Store
from pit.watch import Watch, watch_until
from pit.web import make_app

GRACE = 1  # seconds open pages' live streams are given to end when the pit stops
log = logging.getLogger("pit")


class PitServer(uvicorn.Server):
    """uvicorn's server, stopped by SIGTERM or SIGINT without the signal being raised again
    after it stops (uvicorn's own way, which would kill the pit before it closes the broker's
    connection and the store), and ending the pages' live streams at once."""

    def __init__(self, config: uvicorn.Config, live: Live) -> None:
        super().__init__(config)
        self.live = live

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        handled = (signal.SIGTERM, signal.SIGINT)
        before = {sig: signal.signal(sig, self.handle_exit) for sig in handled}
        try:
            yield
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        if self.live.loop is not None:
            self.live.loop.call_soon_threadsafe(self.live.close)


def serve(settings: PitSettings) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    store = Store(settings.store)
    try:
        code = _serve(settings, store)
    finally:
        store.close()
    log.info("pit: stopped")  # only after a run: a refusal at the start stays one line
    return code


def _serve(settings: PitSettings, store: Store) -> int:
    floor = Floor(settings, store)
    auth = Auth(settings.users_file, store, floor.clock)
    if not auth.users().names():  # read now: a bad users file stops the pit at the start
        log.warning("pit: no pit users in %s: nobody can log in (baccarat-table pit-user "
                    "add NAME --role ROLE)", settings.users_file)
    listener = listening(settings.listen_host, settings.listen_port)
    broker = settings.broker
    link = BrokerLink(broker.url, broker.client_id, floor.clock, broker.protocol)
    live = Live(floor, link)
    ingest = start_ingest(settings, floor, link)
    stop = threading.Event()
    watch = threading.Thread(target=watch_until, args=(Watch(floor, link), stop), name="pit-watch",
                             daemon=True)
    watch.start()
    server = PitServer(uvicorn.Config(make_app(floor, auth, live, link), log_level="warning",
                                      timeout_graceful_shutdown=GRACE), live)
    host = f"[{settings.listen_host}]" if ":" in settings.listen_host else settings.listen_host
    log.info("pit: listening on http://%s:%d (store %s, broker %s)", host,
             settings.listen_port, settings.store, settings.broker.url)
    try:
        server.run(sockets=[listener])
    finally:
        stop.set()
        ingest.stop()
        watch.join()
    return 0


def listening(host: str, port: int) -> socket.socket:
    """The pages' socket, bound now so that the pit says where it listens only once it
    does, and a port in use is one line."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family)
    except OSError as error:
        why = os.strerror(error.errno) if error.errno else str(error)
        raise PitError(f"pit: cannot listen on {host}:{port}: {why}") from None
