"""A table as its consumers see it, rebuilt from its events alone: the ``TableView`` (phase,
shoe, cards, result, roads, hold, the shoe's recorded profile) and the scanner's health of a
shoe. The display, the headless printer, the feed's state message and the pit each keep one;
none of them reaches into the controller."""
