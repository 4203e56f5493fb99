"""A broker cluster's nodes, tried in turn by a paho client (the feed's and the pit's)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import paho.mqtt.client as mqtt


def fail_over(client: mqtt.Client, nodes: Sequence[tuple[str, int]]) -> None:
    """Each attempt to connect after the first goes to the next of a cluster's ``nodes``,
    round the list: a node lost, or not answering, is left for the next one, where a kept
    session resumes. One node: every attempt goes to it."""
    attempts = itertools.count()

    def next_node(_client: mqtt.Client, _userdata: object) -> None:
        # Set directly: paho's host and port setters refuse while a connection is being
        # made, and this hook runs just before each attempt's socket is opened.
        client._host, client._port = nodes[next(attempts) % len(nodes)]

    client.on_pre_connect = next_node
