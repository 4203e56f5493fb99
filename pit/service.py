"""``baccarat-table pit``: the store, the subscription and the web server, until stopped."""

from __future__ import annotations

import logging
import threading

import uvicorn

from pit.auth import Auth
from pit.floor import Floor
from pit.ingest import start_ingest
from pit.settings import PitSettings
from pit.store import Store
from pit.watch import Watch, watch_until
from pit.web import make_app

GRACE = 1  # seconds open pages' live streams are given to end when the pit stops


def serve(settings: PitSettings) -> int:
    store = Store(settings.store)
    floor = Floor(settings, store)
    auth = Auth(settings.users_file, store, floor.clock)
    if not auth.users().names():  # read now: a bad users file stops the pit at the start
        logging.getLogger("pit").warning(
            "pit: no pit users in %s: nobody can acknowledge alerts (baccarat-table pit-user "
            "add NAME)", settings.users_file)
    client = start_ingest(settings, floor)
    stop = threading.Event()
    threading.Thread(target=watch_until, args=(Watch(floor), stop), name="pit-watch",
                     daemon=True).start()
    try:
        uvicorn.run(make_app(floor, auth), host=settings.listen_host,
                    port=settings.listen_port, log_level="warning",
                    timeout_graceful_shutdown=GRACE)
    finally:
        stop.set()
        client.disconnect()
        client.loop_stop()
        store.close()
    return 0
