"""The floor feed: the journal's events relayed to an MQTT broker (docs/feed.md)."""
