"""What the tests share besides fixtures (those are in tests/conftest.py), one module a subject:

- ``clock``: ManualClock, the clock a test moves by hand (tests own their clock);
- ``leaks``: what the leak guard counts (threads, child processes, ports, serial descriptors);
- ``table``: a table controller on a recording driver, driven card by card;
- ``driver_events``: EventLog, a driver's sink that waits for its events;
- ``journal``: a played journal, a headless table in a child process, reading a journal;
- ``feed``: a Mosquitto broker, subscribers and a table process publishing its feed;
- ``feed_messages``: Chain, a table's events as its feed publishes them, chained;
- ``reader``: a site's reader config; ``surveillance``: a table watched by surveillance;
- ``display``: a shown display window and its pixels;
- ``pit``, ``pit_alerts``: the pit in a process and a browser, a live pit and tables.
"""
