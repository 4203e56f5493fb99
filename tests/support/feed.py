"""A real Mosquitto on a loopback port, and a subscriber that records what it delivers.

The feed tests skip, saying why, where the ``mosquitto`` binary is missing (``make test``
installs it: the Debian package ``mosquitto``).
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Protocol

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from tests.support.journal import ROOT as ROOT
from tests.support.journal import wait_for


def daemon(name: str) -> tuple[str | None, pytest.MarkDecorator]:
    """Where the Debian package ``name``'s server binary is (on the PATH or in an sbin folder,
    not always on a user's PATH), and a mark that skips a test without it, saying why."""
    path = shutil.which(name) or next(
        (path for path in (f"/usr/sbin/{name}", f"/usr/local/sbin/{name}")
         if os.access(path, os.X_OK)), None)
    return path, pytest.mark.skipif(path is None, reason=f"no {name} binary: install the "
                                    f"Debian package '{name}' (make test does)")


MOSQUITTO, needs_mosquitto = daemon("mosquitto")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Reachable(Protocol):
    """A broker (or a cluster's nodes, or a proxy before one) as a table's config names it."""

    url: str


class Broker:
    """Mosquitto in a process of its own; ``stop`` and ``start`` again on the same port, its
    sessions kept in a persistence file (a floor consumer's queued messages survive)."""

    def __init__(self, folder: Path, extra: str = "", tls: bool = False) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"{'mqtts' if tls else 'mqtt'}://127.0.0.1:{self.port}"
        self.config = folder / "mosquitto.conf"
        self.config.write_text(
            # Run as root, Mosquitto would switch to its own user, who cannot read here.
            f"user {getpass.getuser()}\nlistener {self.port} 127.0.0.1\n"
            f"persistence true\npersistence_location {folder}/\n"
            "log_type error\nlog_type warning\nlog_type notice\nlog_type information\n"
            "log_type subscribe\n"  # so that a test sees when a subscriber is in place
            f"{extra if extra else 'allow_anonymous true'}\n", encoding="utf-8")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        assert MOSQUITTO is not None, "no mosquitto binary (needs_mosquitto skips the test)"
        with (self.folder / "mosquitto.log").open("ab") as log:
            self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)],
                                            stdout=log, stderr=log)
        wait_for(self._listening, timeout=20)

    def _listening(self) -> bool:
        assert self.process is not None and self.process.poll() is None, self.log()
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
        except OSError:
            return False
        return True

    def log(self) -> str:
        return (self.folder / "mosquitto.log").read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        """SIGTERM: Mosquitto writes its sessions down and exits."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=20)
        self.process = None


class Subscriber:
    """Every message on ``topic`` in arrival order, repeats included. A persistent session:
    what the broker queued for it while it was away arrives when it is back."""

    def __init__(self, broker: Broker, topic: str, client_id: str = "floor-test",
                 tls: dict[str, Any] | None = None, **login: str) -> None:
        # (topic, payload, retained)
        self.messages: list[tuple[str, bytes | bytearray, bool]] = []
        self._lock = threading.Lock()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                                  protocol=mqtt.MQTTv5)
        if tls:
            self.client.tls_set(**tls)
        if login:
            self.client.username_pw_set(login["username"], login["password"])
        self.client.on_message = self._on_message
        self.client.on_connect = lambda client, *_: client.subscribe(topic, qos=1)
        self.client.reconnect_delay_set(1, 2)
        # paho's Properties has no annotations.
        properties = Properties(PacketTypes.CONNECT)
        properties.SessionExpiryInterval = 3600
        self.client.connect("127.0.0.1", broker.port, clean_start=False,
                            properties=properties)
        self.client.loop_start()

    def _on_message(self, _client: mqtt.Client, _userdata: object,
                    message: mqtt.MQTTMessage) -> None:
        with self._lock:
            self.messages.append((message.topic, message.payload, message.retain))

    def events(self) -> list[dict[str, Any]]:
        with self._lock:
            return [json.loads(payload) for topic, payload, _ in self.messages
                    if topic.endswith("/events")]

    def seqs(self) -> list[int]:
        return [event["seq"] for event in self.events()]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def retained(broker: Broker, topic: str, timeout: float = 10.0) -> bytes:
    """The message the broker keeps on ``topic``, as a newcomer receives it."""
    got: list[bytes] = []
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"probe-{time.monotonic_ns()}")
    client.on_connect = lambda c, *_: c.subscribe(topic, qos=1)
    client.on_message = lambda _c, _u, message: got.append(bytes(message.payload))
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    try:
        wait_for(lambda: got, timeout=timeout)
    finally:
        client.disconnect()
        client.loop_stop()
    return got[0]


def feed_config(folder: Path, broker: Reachable, table: str = "t1", extra: str = "") -> Path:
    path = folder / f"{table}.toml"
    path.write_text(f'[table]\nid = "{table}"\n[feed]\nurl = "{broker.url}"\n{extra}',
                    encoding="utf-8")
    return path


def table_process(config: Path, journal: Path, driver: str) -> subprocess.Popen[bytes]:
    """A headless table with the feed, in its own process; its stderr in JOURNAL.log."""
    with journal.with_name(journal.name + ".log").open("ab") as log:
        return subprocess.Popen(
            [*CLI, "run", "--headless", "--config", str(config), "--journal", str(journal),
             "--driver", driver], cwd=ROOT, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=log)


def stop_tables(tables: list[subprocess.Popen[bytes]]) -> None:
    """Each table process still running stopped as systemd does (SIGTERM), and waited for."""
    for table in tables:
        if table.poll() is None:
            table.send_signal(signal.SIGTERM)
            table.wait(timeout=20)


CLI = [sys.executable, "-m", "ui.cli"]


class Mqtt311Only:
    """A broker as one without MQTT 5 looks: a proxy in front of ``broker`` that answers an
    MQTT 5 CONNECT with 3.1.1's "unacceptable protocol version" and passes 3.1.1 through."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.refused = 0
        self._listener = socket.socket()
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen()
        self.port = self._listener.getsockname()[1]
        self.url = f"mqtt://127.0.0.1:{self.port}"
        self._accepting = threading.Thread(target=self._accept, daemon=True)
        self._accepting.start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:  # closed
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        connect = client.recv(65536)
        length_end = 1
        while connect[length_end] & 0x80:  # the remaining length's bytes
            length_end += 1
        if connect[length_end + 7] == 5:  # after the name "MQTT": the protocol level
            self.refused += 1
            client.sendall(bytes([0x20, 0x02, 0x00, 0x01]))
            client.close()
            return
        upstream = socket.create_connection(("127.0.0.1", self.broker.port))
        upstream.sendall(connect)
        threading.Thread(target=_pump, args=(upstream, client), daemon=True).start()
        _pump(client, upstream)

    def close(self) -> None:
        # Closing alone leaves accept() blocked on Linux: shut the listener down to wake it.
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        self._accepting.join()


def _pump(source: socket.socket, target: socket.socket) -> None:
    try:
        while data := source.recv(65536):
            target.sendall(data)
    except OSError:
        pass
    finally:
        for end in (source, target):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
