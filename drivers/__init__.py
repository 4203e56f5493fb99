"""Hardware abstraction: everything the controller knows of the shoe arrives through here.

``open_driver(url, sink)`` builds a driver from a URL (see docs/protocol.md):

- ``sim://?decks=8&seed=7&rate=2&misread=0.01&cut=60`` a simulated shoe
  (``sim://?script=AS,KD,NR,CUT`` deals a fixed list);
- ``serial:///dev/ttyUSB0?baud=9600&protocol=scanner|shoe`` a real serial device (or one of
  the listen-only reader formats, drivers.readers);
- ``replay://PATH?rate=2`` a recorded card sequence.

A ``custom`` reader format comes from the table config's ``[reader]`` section, passed here as
``custom``.

The driver comes back unstarted: prime it if needed, then ``start()``.
Driver modules are imported only when their scheme is used, so a missing optional
dependency of one driver never stops another. This package imports nothing from
``controller`` or ``ui``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from drivers.base import Driver, DriverError, EventSink
from drivers.url import DriverUrl

if TYPE_CHECKING:
    from drivers.custom_format import CustomFormat

# scheme -> (module, factory); each factory takes (DriverUrl, sink, custom format or None) and
# returns a Driver.
SCHEMES = {
    "sim": ("drivers.sim", "sim_from_url"),
    "serial": ("drivers.serial_driver", "serial_from_url"),
    "replay": ("drivers.replay", "replay_from_url"),
}


def open_driver(url: str, sink: EventSink, defaults: Mapping[str, str] | None = None,
                custom: CustomFormat | None = None) -> Driver:
    """The driver for ``url``, unstarted, ``defaults`` taken for the options the URL does not
    give, ``custom`` the table config's ``[reader]`` format; DriverError names any bad scheme
    or option, quoting ``url`` as it was typed."""
    parsed = DriverUrl.parse(url).with_defaults(defaults or {})
    if parsed.scheme not in SCHEMES:
        valid = ", ".join(f"{scheme}://" for scheme in SCHEMES)
        raise DriverError(f"driver URL {url!r}: unknown scheme {parsed.scheme!r}; valid: {valid}")
    module_name, factory_name = SCHEMES[parsed.scheme]
    factory: Callable[[DriverUrl, EventSink, CustomFormat | None], Driver] = getattr(
        importlib.import_module(module_name), factory_name)
    return factory(parsed, sink, custom)


__all__ = ["Driver", "DriverError", "open_driver"]
