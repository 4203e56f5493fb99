"""Following a table's events on the broker (``feed tail``): subscribe, drop repeats, and
with ``verify`` report gaps and a broken chain as they arrive."""

from __future__ import annotations

import json
import os
import queue
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from paho.mqtt.reasoncodes import ReasonCode

from controller.feed.client import make_client
from controller.feed.message import LINK, ChainCheck
from controller.table.feed_settings import FeedSettings
from drivers.errors import UserError

CONNECT_TIMEOUT = 10.0  # seconds to wait for the broker's answer


@dataclass
class Arrival:
    """One new event (``event``, without its link fields), or a ``problem`` line."""

    event: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)


def follow(settings: FeedSettings, table: str, verify: bool) -> Iterator[Arrival]:
    """Events of ``table`` (``+``: every table) as they arrive, each once; forever."""
    connected: queue.SimpleQueue[ReasonCode] = queue.SimpleQueue()
    messages: queue.SimpleQueue[bytes] = queue.SimpleQueue()
    client = make_client(settings, f"{settings.client_id}-tail-{os.getpid()}")
    client.on_connect = lambda _c, _u, _f, code, _p: connected.put(code)
    client.on_message = lambda _c, _u, message: messages.put(bytes(message.payload))
    try:
        client.connect(settings.host, settings.port, keepalive=30)
    except OSError as error:
        raise UserError(f"cannot reach the broker at {settings.url}: "
                              f"{error.strerror or error}") from None
    client.loop_start()
    try:
        code = connected.get(timeout=CONNECT_TIMEOUT)
        if code.is_failure:
            raise UserError(f"the broker at {settings.url} refused the login: {code}")
        client.subscribe(settings.topic(table, "events"), qos=1)
        checks: dict[str, ChainCheck] = {}
        while True:
            yield _arrival(messages.get(), checks, verify)
    except queue.Empty:
        raise UserError(f"no answer from the broker at {settings.url}") from None
    finally:
        client.disconnect()
        client.loop_stop()


def _arrival(payload: bytes, checks: dict[str, ChainCheck], verify: bool) -> Arrival:
    try:
        message = json.loads(payload)
        table = message["table"]
        if not isinstance(message["seq"], int):
            raise TypeError("seq is not a whole number")
    except (ValueError, KeyError, TypeError) as error:
        return Arrival(problems=[f"not an event ({error}): {payload[:120]!r}"])
    verdict = checks.setdefault(table, ChainCheck()).check(message)
    if not verdict.keep:
        return Arrival()
    event = {key: value for key, value in message.items() if key not in LINK}
    problems = [f"table {table}: {problem}" for problem in verdict.problems] if verify else []
    return Arrival(event, problems)
