"""A small fixed-window rate limit over Django's cache (Redis when REDIS_URL is set,
so every process counts together; the local-memory cache in development).

The one counter behind every limit: the API's throttles (:mod:`rookclub.core.throttles`),
the sign-up and password-reset pages, and a table link's posts. ``cache.add`` then
``cache.incr`` are atomic in Redis, so two requests at once are counted twice; DRF's
own throttles keep a list of times with a get then a set, which counts them once.
"""

from __future__ import annotations

import math
import time

from django.core.cache import cache

from rookclub.core.errors import DomainError


class TooMany(DomainError):
    """Too many requests in the window (HTTP 429); ``wait`` is the seconds until the
    window ends, for a ``Retry-After`` header."""

    code = "rate_limited"
    status = 429

    def __init__(self, message: str, *, wait: int = 60, **kwargs) -> None:
        super().__init__(message, **kwargs)
        self.wait = wait


def throttle(bucket: str, *, limit: int, window: int = 60, message: str) -> int:
    """Count one request in ``bucket``'s current window of ``window`` seconds; refuse
    (``TooMany`` with ``message``) the request beyond ``limit``. Returns the count."""
    now = time.time()
    key = f"ratelimit:{bucket}:{int(now // window)}"
    counter = getattr(cache, "window_count", None)  # Redis: one round trip (core/cache.py)
    if counter is not None:
        count = counter(key, window + 1)
    elif cache.add(key, 1, timeout=window + 1):
        count = 1
    else:
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=window + 1)
            count = 1
    if count > limit:
        raise TooMany(message, wait=max(1, math.ceil(window - now % window)))
    return count
