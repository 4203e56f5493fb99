"""A real three-node NATS cluster with JetStream and its MQTT listener (3.1.1 only) on loopback
ports: a clustered floor broker whose nodes a test kills and starts again.

The cluster tests skip, saying why, where the ``nats-server`` binary is missing (``make test``
installs it: the Debian package ``nats-server``).
"""

from __future__ import annotations

import signal
import socket
import subprocess
from pathlib import Path

from tests.support.feed import daemon, free_port
from tests.support.journal import wait_for

NATS, needs_nats = daemon("nats-server")
NATS_SERVER = NATS or "nats-server"  # (skipped without it: needs_nats)


# As docs/feed.md, "A floor on a broker cluster", tells a site: sessions and messages kept on
# every node; one message in flight per subscription, so that one a dead node was delivering is
# delivered again before any after it (in order), after ack_wait.
MQTT_SETTINGS = ("stream_replicas: 3, consumer_replicas: 3, max_ack_pending: 1, "
                 'ack_wait: "5s"')


class NatsCluster:
    """Three nodes, each with a config of its own (server_name, the cluster's routes, its
    JetStream store, its MQTT port; MQTT's streams replicated on all three)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        size = 3  # as MQTT_SETTINGS' replicas
        self.mqtt_ports = [free_port() for _ in range(size)]
        routes = [free_port() for _ in range(size)]
        self.processes: list[subprocess.Popen[bytes] | None] = [None] * size
        route_list = ", ".join(f"nats-route://127.0.0.1:{port}" for port in routes)
        for node in range(size):
            (folder / f"n{node + 1}.conf").write_text(
                f"server_name: n{node + 1}\nlisten: 127.0.0.1:{free_port()}\n"
                f'jetstream {{ store_dir: "{folder}/store{node + 1}" }}\n'
                f"cluster {{ name: floor, listen: 127.0.0.1:{routes[node]}, "
                f"routes: [{route_list}] }}\n"
                f"mqtt {{ listen: 127.0.0.1:{self.mqtt_ports[node]}, {MQTT_SETTINGS} }}\n",
                encoding="utf-8")

    def url(self, first: int = 1) -> str:
        """The cluster's URL, node ``first`` (from 1) first and the others after it."""
        order = self.mqtt_ports[first - 1:] + self.mqtt_ports[:first - 1]
        return "mqtt://" + ",".join(f"127.0.0.1:{port}" for port in order)

    def start(self, node: int | None = None) -> None:
        """Every node (or ``node``, from 1), waited for until its MQTT listener answers."""
        for number in [node] if node else range(1, len(self.processes) + 1):
            with (self.folder / f"n{number}.log").open("ab") as log:
                self.processes[number - 1] = subprocess.Popen(
                    [NATS_SERVER, "-c", str(self.folder / f"n{number}.conf")], stdout=log,
                    stderr=log)
        for number in [node] if node else range(1, len(self.processes) + 1):
            wait_for(lambda number=number: self._listening(number), timeout=30)

    def _listening(self, node: int) -> bool:
        process = self.processes[node - 1]
        assert process is not None and process.poll() is None, self.log(node)
        try:
            socket.create_connection(("127.0.0.1", self.mqtt_ports[node - 1]), timeout=1).close()
        except OSError:
            return False
        return True

    def log(self, node: int) -> str:
        return (self.folder / f"n{node}.log").read_text(encoding="utf-8", errors="replace")

    def kill(self, node: int) -> None:
        """SIGKILL: the node dies as a power cut takes it, telling no client."""
        process = self.processes[node - 1]
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=20)
        self.processes[node - 1] = None

    def stop(self) -> None:
        for process in self.processes:
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(timeout=20)
