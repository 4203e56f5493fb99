"""User interfaces: the command line and the PyQt6 dealer display."""
