"""The pages' HTML, rendered on the server from the Jinja2 templates in pit/templates/ (escaped
by default: a table's text is never markup): whole pages, and the fragments the live streams
push (a floor tile), so that the browser's scripts place them rather than build HTML."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from markupsafe import Markup
from starlette.templating import Jinja2Templates

TEMPLATES = Jinja2Templates(directory=Path(__file__).with_name("templates"))
LARGE = re.compile(r"\d{4,}")


def limits_text(limits: str) -> str:
    """A table's limits, read from across the pit: 100000 as 100,000."""
    return LARGE.sub(lambda number: f"{int(number[0]):,}", limits)


def path_segment(text: str) -> str:
    """A table id as one segment of a page's path (a '/' in it too)."""
    return quote(text, safe="")


def since_text(moment: str, now: datetime) -> str:
    """When something began, in the pit's own time zone: "20:58", or "2026-11-30 20:58" when
    it was not today."""
    at = datetime.fromisoformat(moment.replace("Z", "+00:00")).astimezone()
    today = at.date() == now.astimezone().date()
    return at.strftime("%H:%M" if today else "%Y-%m-%d %H:%M")


def when_text(moment: str) -> str:
    """A time with its date and zone, in the pit's own: an alert may wait past midnight. A
    store kept before times were checked may hold one that is none: shown as it is."""
    try:
        at = datetime.fromisoformat(moment).astimezone()
    except (TypeError, ValueError):
        return str(moment)
    return at.strftime("%Y-%m-%d %H:%M:%S %Z")


def waited_text(moment: str, now: str) -> str:
    """How long ago, from the queue's ``now``: "just now", "12 min ago", "3 h ago"."""
    minutes = int((datetime.fromisoformat(now) - datetime.fromisoformat(moment))
                  .total_seconds() // 60)
    return ("just now" if minutes < 1 else f"{minutes} min ago" if minutes < 120
            else f"{minutes // 60} h ago")


def field_text(value: object) -> str:
    """An event's field as text: a string as it is, anything else as its JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


TEMPLATES.env.filters.update(limits=limits_text, segment=path_segment, field=field_text,
                             when=when_text, waited=waited_text)
TILE = TEMPLATES.get_template("tile.html")
TABLE_PARTS: Any = TEMPLATES.get_template("table_parts.html").module  # its macros
QUEUE_PARTS: Any = TEMPLATES.get_template("queue_parts.html").module


def status_word(tile: dict[str, Any]) -> str:
    """online, offline, or silent: online but quiet longer than a hand takes."""
    return "silent" if tile["status"] == "online" and tile["silent"] else tile["status"]


def tile_html(tile: dict[str, Any], now: datetime) -> Markup:
    """A floor tile (``Floor.tile``'s dict, its ``attention`` and, when they changed, its
    ``roads``), as the floor page shows it."""
    status, since = status_word(tile), tile["offline_since"]
    shown = (f"offline since {since_text(since, now)}"
             if status == "offline" and since else status)
    if status == "offline" and tile.get("offline_why"):  # the pit's own call: no heartbeat
        shown += f": {tile['offline_why']}"
    return Markup(TILE.render(t=tile, status=status, status_text=shown))


def table_parts(view: dict[str, Any]) -> dict[str, Markup]:
    """A table page's parts, by the id of the element each replaces: its status badge,
    summary, statistics, scanner, alerts and, when the view has them, its last rounds (the
    view as its user's role may see it, pit/live.py)."""
    detail, parts = view["detail"], TABLE_PARTS  # the macros of table_parts.html
    shown: dict[str, Markup] = {
        "status": parts.badge(status_word(detail)), "summary": parts.summary(detail),
        "stats": parts.stats(detail["roads"]["stats"]), "scanner": parts.scanner(
            detail["scanner"]), "alerts": parts.alerts(view["alerts"])}
    if "rounds" in view:
        shown["round-rows"] = parts.rounds(view["rounds"])
    return shown


def queue_parts(queue: dict[str, Any], acknowledge: bool) -> dict[str, Any]:
    """The alert queue page's parts (``alert_queue.queue``, as its user's role may see it):
    the open alerts by table, the most urgent table first, each group and each alert as HTML
    (with the forms to acknowledge them when the user may), and the acknowledged."""
    parts = QUEUE_PARTS  # the macros of queue_parts.html
    groups: dict[str, list[dict[str, Any]]] = {}
    for alert in queue["open"]:
        groups.setdefault(alert["table"], []).append(
            {"id": alert["id"], "html": parts.open_row(alert, queue["now"], acknowledge)})
    return {"open": [{"table": table, "html": parts.group(table, len(alerts), acknowledge),
                      "alerts": alerts} for table, alerts in groups.items()],
            "count": len(queue["open"]), "past": parts.past_rows(queue["past"])}
