"""Surveillance (docs/surveillance.md): what each bet is worth from the shoe that is left, and
how well the scanner reads. The exact returns are worked out off the card path (``worker``);
the controller publishes them and decides alerts and closures (``exposure``) on its own
thread; ``scanner_health`` and ``shoe_record`` fold the event stream for alerts, the display
panel and the shoe report."""
