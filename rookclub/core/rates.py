"""Rate strings, read in one place: ``"120/minute"`` -> (120 requests, 60 seconds).

Plain Python, no Django: ``settings.py`` checks the environment's rates with it at
load (a bad one refuses to start), and the throttles count with it.
"""

from __future__ import annotations

#: Seconds in each period, by its first letter: second, minute, hour, day.
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
#: What switches a rate off (no limit).
OFF = ("off", "none", "0")


def parse_rate(rate: str | None) -> tuple[int, int] | None:
    """``"120/minute"`` -> (120, 60); ``None`` or ``"off"`` (no limit) -> None.
    ``ValueError`` for anything else."""
    if rate is None or str(rate).strip().lower() in OFF:
        return None
    number, _, period = str(rate).strip().lower().partition("/")
    period = period.strip()
    if not number.strip().isdigit() or period[:1] not in PERIODS:
        raise ValueError(f"a rate is a number of requests per s, m, h or d, not {rate!r}")
    return int(number), PERIODS[period[0]]
