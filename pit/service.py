"""``baccarat-table pit``: the store, the subscription and the web server, until stopped."""

from __future__ import annotations

import uvicorn

from pit.floor import Floor
from pit.ingest import start_ingest
from pit.settings import PitSettings
from pit.store import Store
from pit.web import make_app

GRACE = 1  # seconds open pages' live streams are given to end when the pit stops


def serve(settings: PitSettings) -> int:
    store = Store(settings.store)
    floor = Floor(settings, store)
    client = start_ingest(settings, floor)
    try:
        uvicorn.run(make_app(floor), host=settings.listen_host, port=settings.listen_port,
                    log_level="warning", timeout_graceful_shutdown=GRACE)
    finally:
        client.disconnect()
        client.loop_stop()
        store.close()
    return 0
