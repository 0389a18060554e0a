"""A small fixed-window rate limit over Django's cache (Redis when REDIS_URL is set,
so every process counts together; the local-memory cache in development)."""

from __future__ import annotations

import time

from django.core.cache import cache

from rookclub.core.errors import DomainError


class TooMany(DomainError):
    """Too many requests in the window (HTTP 429)."""

    code = "rate_limited"
    status = 429


def throttle(bucket: str, *, limit: int, window: int = 60, message: str) -> int:
    """Count one request in ``bucket``'s current window of ``window`` seconds; refuse
    (``TooMany`` with ``message``) the request beyond ``limit``. Returns the count."""
    key = f"ratelimit:{bucket}:{int(time.time() // window)}"
    if cache.add(key, 1, timeout=window + 1):
        count = 1
    else:
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=window + 1)
            count = 1
    if count > limit:
        raise TooMany(message)
    return count
