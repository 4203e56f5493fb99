"""The one way the benchmarks take percentiles, for the figures in docs/performance.md."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentiles(values: Sequence[float], *wanted: int) -> tuple[float, ...]:
    """The ``wanted`` percentiles (whole numbers 1 to 99) of ``values``, interpolated between
    the measured values ("inclusive": never below the smallest nor above the largest, so a
    p99 of 20 values is near their worst, not beyond it); 0.0 each with fewer than two."""
    if len(values) < 2:
        return tuple(0.0 for _ in wanted)
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return tuple(cuts[percent - 1] for percent in wanted)
