"""Hardware abstraction: everything the controller knows of the shoe arrives through here.

``open_driver(url, sink)`` builds a driver from a URL (see docs/protocol.md):

- ``sim://?decks=8&seed=7&rate=2&misread=0.01&cut=60`` a simulated shoe
  (``sim://?script=AS,KD,NR,CUT`` deals a fixed list);
- ``serial:///dev/ttyUSB0?baud=9600&protocol=scanner|shoe`` a real serial device;
- ``replay://PATH?rate=2`` a recorded card sequence.

The driver comes back unstarted: prime it if needed, then ``start()``.
Driver modules are imported only when their scheme is used, so a missing optional
dependency of one driver never stops another. This package imports nothing from
``controller`` or ``ui``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

from drivers.base import Driver, DriverError, EventSink
from drivers.url import DriverUrl

# scheme -> (module, factory); each factory takes (DriverUrl, sink) and returns a Driver.
SCHEMES = {
    "sim": ("drivers.sim", "sim_from_url"),
    "serial": ("drivers.serial_driver", "serial_from_url"),
    "replay": ("drivers.replay", "replay_from_url"),
}


def open_driver(url: str, sink: EventSink, defaults: Mapping[str, str] | None = None) -> Driver:
    """The driver for ``url``, unstarted, ``defaults`` taken for the options the URL does not
    give; DriverError names any bad scheme or option, quoting ``url`` as it was typed."""
    parsed = DriverUrl.parse(url).with_defaults(defaults or {})
    if parsed.scheme not in SCHEMES:
        valid = ", ".join(f"{scheme}://" for scheme in SCHEMES)
        raise DriverError(f"driver URL {url!r}: unknown scheme {parsed.scheme!r}; valid: {valid}")
    module_name, factory_name = SCHEMES[parsed.scheme]
    factory: Callable[[DriverUrl, EventSink], Driver] = getattr(
        importlib.import_module(module_name), factory_name)
    return factory(parsed, sink)


__all__ = ["Driver", "DriverError", "open_driver"]
