"""The pit: a floor dashboard fed by every table's MQTT feed (docs/pit.md).

A second application, on its own machine: it reads the tables' feed and never writes to a
table. It uses the controller's events, roads and feed-message code, nothing that runs a table.
"""
