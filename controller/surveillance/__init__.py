"""Surveillance (docs/surveillance.md): what each bet is worth from the shoe that is left, and
how well the scanner reads. The exact returns are worked out off the card path (``worker``);
the controller publishes them and decides alerts and closures (``exposure``) on its own
thread; ``shoe_record`` (with controller.view.scanner_health) folds the event stream for
alerts, the display panel and the shoe report."""
