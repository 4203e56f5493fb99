"""The dealer display (PyQt6): cards, result banner, roads, statistics, status and operator keys.

It is a consumer of the event stream like any other: a ``TableView`` kept up to date in the GUI
thread from events the bridge queues there; it holds no game logic (docs/display.md).
"""
