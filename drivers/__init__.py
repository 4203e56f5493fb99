"""Hardware abstraction: everything the controller knows of the shoe arrives through here.

This package imports nothing from ``controller`` or ``ui``.
"""
