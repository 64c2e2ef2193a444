"""How the bench scripts print timings: a percentile, and one line per measured thing."""

from __future__ import annotations

import math
import statistics


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``share`` (0-1) of
    the values at or below it.

    >>> percentile(list(range(1, 101)), 0.95), percentile([3.0, 1.0, 2.0], 0.5)
    (95, 2.0)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def timing_line(name: str, values: list[float], target: float | None = None) -> str:
    """``name``, the count, median, 95th percentile and maximum in milliseconds, and
    whether the median is under ``target``.

    >>> timing_line("click", [10.0, 20.0, 30.0], 25.0)
    'click                    n=   3  median    20.0 ms  p95    30.0 ms  max    30.0 ms  (target median < 25 ms: met)'
    """
    if not values:
        return f"{name:24} no samples"
    median = statistics.median(values)
    verdict = ""
    if target is not None:
        verdict = f"  (target median < {target:.0f} ms: {'met' if median < target else 'missed'})"
    return (
        f"{name:24} n={len(values):4}  median {median:7.1f} ms  p95 {percentile(values, 0.95):7.1f}"
        f" ms  max {max(values):7.1f} ms{verdict}"
    )
