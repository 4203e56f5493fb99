"""Following a table's events on the broker (``feed tail``): subscribe, keep each event once
as its chain gives it (controller.feed.chain_check), and with ``verify`` say what was held
apart, a gap, a broken chain, a conflict.

The subscription is made again at every connection: a broker restarted meanwhile has
forgotten it. Losing and regaining the broker are said on standard error (what the broker
delivered meanwhile to nobody is a gap ``--verify`` names); a message that is not an event
is a finding, never the end of the check.
"""

from __future__ import annotations

import os
import queue
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from paho.mqtt.reasoncodes import ReasonCode

from common.broker import BrokerSettings
from common.errors import UserError
from controller.feed.chain_check import ChainCheck
from controller.feed.client import (
    connect_failure,
    make_client,
)
from controller.feed.message import MessageError, event_of, read_message
from controller.feed.mqtt_versions import UNSUPPORTED_PROTOCOL, VERSIONS, version_name

CONNECT_TIMEOUT = 10.0  # seconds to wait for the broker's answer
RECONNECT_MAX = 10  # seconds: the longest wait between attempts while the broker is away


@dataclass
class Arrival:
    """New events (``events``, without their link fields, in seq order) and ``problems``
    lines: findings, and the connection lost or regained."""

    events: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def follow(settings: BrokerSettings, table: str, verify: bool) -> Iterator[Arrival]:
    """Events of ``table`` (``+``: every table) as they arrive, each once; forever."""
    # paho's thread puts (kind, detail): "connect" (a reason code), "lost" (a reason code),
    # "fail" (the exception), "message" (the payload); this generator alone reads them.
    happenings: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
    topic = settings.topic(table, "events")
    client = make_client(settings, f"{settings.client_id}-tail-{os.getpid()}")
    client.reconnect_delay_set(1, RECONNECT_MAX)

    def on_connect(_c: object, _u: object, _f: object, code: ReasonCode, _p: object) -> None:
        if not code.is_failure:
            client.subscribe(topic, qos=1)  # again at every connection
        happenings.put(("connect", code))

    client.on_connect = on_connect
    client.on_disconnect = lambda _c, _u, _f, code, _p: happenings.put(("lost", code))
    # Called within paho's ``except OSError``: the exception is the one being handled.
    client.on_connect_fail = lambda _c, _u: happenings.put(("fail", sys.exc_info()[1]))
    client.on_message = lambda _c, _u, message: happenings.put(
        ("message", bytes(message.payload)))
    for _node in settings.nodes:  # each attempt goes to the next node (make_client's fail_over)
        try:
            client.connect(settings.host, settings.port, keepalive=30)
            break
        except OSError as error:
            unreachable = error
    else:
        raise UserError(connect_failure(settings, unreachable))
    client.loop_start()
    try:
        kind, code = happenings.get(timeout=CONNECT_TIMEOUT)
        if kind != "connect" or code.is_failure:
            what = (version_name(VERSIONS[settings.protocol])
                    if code.value in UNSUPPORTED_PROTOCOL else "the login")
            raise UserError(f"the broker at {settings.url} refused {what}: {code}")
        checks: dict[str, ChainCheck] = {}
        connected, failure = True, ""
        while True:
            kind, detail = happenings.get()
            if kind == "message":
                yield _arrival(detail, checks, verify)
            elif kind == "connect" and not detail.is_failure and not connected:
                connected, failure = True, ""
                yield Arrival(problems=[f"connected again to the broker at {settings.url}; "
                                        f"subscribed to {topic} again"])
            elif kind in ("lost", "connect") and connected:
                connected = False
                yield Arrival(problems=[f"lost the broker at {settings.url} ({detail}); "
                                        "reconnecting"])
            elif kind == "fail" and connect_failure(settings, detail) != failure:
                failure = connect_failure(settings, detail)  # said once, not every retry
                yield Arrival(problems=[f"{failure}; retrying"])
    except queue.Empty:
        raise UserError(f"no answer from the broker at {settings.url}") from None
    finally:
        client.disconnect()
        client.loop_stop()


def _arrival(payload: bytes, checks: dict[str, ChainCheck], verify: bool) -> Arrival:
    try:
        message = read_message(payload)
    except MessageError as error:
        return Arrival(problems=[f"not an event ({error}): {payload[:120]!r}"])
    table = message["table"]
    verdict = checks.setdefault(table, ChainCheck()).check(message)
    problems = [f"table {table}: {problem}" for problem in verdict.problems] if verify else []
    return Arrival([event_of(kept) for kept in verdict.messages], problems)
