"""The Redis cache, when Redis may fail (issue 27): Rookclub keeps recording hands.

What the cache holds can be lost: rate-limit counters (a limit that cannot count lets
the request through, "fails open"), sessions (``cached_db``: read from the database
when the cache does not answer, written to both) and nothing else. So every call that
finds Redis down or frozen answers as a cache that holds nothing, within the socket
timeouts the settings give (about a second), and logs a warning.

After one failure this process leaves Redis alone for ``pause`` seconds (a breaker):
a frozen Redis then costs one request one timeout, not every cache call of every
request a timeout each. The first call after the pause tries Redis again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger("rookclub.cache")

#: Seconds a process leaves Redis alone after it failed (``OPTIONS["pause"]``).
PAUSE = 5.0


class _KeptClients(RedisCacheClient):
    """Django's Redis client maker, keeping one ``redis.Redis`` per connection pool:
    Django makes a new one for every cache call, and making one builds its table of
    reply callbacks each time, for nothing. A client is safe to
    share between threads; its connections come from the pool, as before."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._kept.get(index)
        if client is None:
            if index not in self._pools:  # as Django's _get_connection_pool, for this index
                self._pools[index] = self._pool_class.from_url(
                    self._servers[index], **self._pool_options
                )
            client = self._kept.setdefault(index, self._client(connection_pool=self._pools[index]))
        return client


class FailSoftRedisCache(RedisCache):
    """Django's Redis cache whose every failure is a miss (see the module)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        self.pause = float(options.pop("pause", PAUSE))
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = _KeptClients
        self._closed_until = 0.0
        self._lock = threading.Lock()

    def is_down(self) -> bool:
        """True while the breaker keeps this process away from Redis."""
        return time.monotonic() < self._closed_until

    def _soft(self, call: Callable[..., Any], default: Any, *args: Any, **kwargs: Any) -> Any:
        if self.is_down():
            return default
        try:
            return call(*args, **kwargs)
        except RedisError as exc:
            with self._lock:
                first = not self.is_down()
                self._closed_until = time.monotonic() + self.pause
            if first:
                log.warning(
                    "Redis cache not answering (%s: %s); rate limits let requests through "
                    "and sessions are read from the database for %.0f s",
                    type(exc).__name__, exc, self.pause,
                )  # fmt: skip
            return default

    # A miss, or "stored" where the caller counts on a first write (rate limits:
    # add() true means the first request of a window, which is let through).
    def add(self, key, value, timeout=None, version=None):  # type: ignore[override]
        return self._soft(super().add, True, key, value, timeout, version)

    def get(self, key, default=None, version=None):  # type: ignore[override]
        return self._soft(super().get, default, key, default, version)

    def set(self, key, value, timeout=None, version=None):  # type: ignore[override]
        return self._soft(super().set, None, key, value, timeout, version)

    def touch(self, key, timeout=None, version=None):  # type: ignore[override]
        return self._soft(super().touch, False, key, timeout, version)

    def delete(self, key, version=None):  # type: ignore[override]
        return self._soft(super().delete, False, key, version)

    def get_many(self, keys, version=None):  # type: ignore[override]
        return self._soft(super().get_many, {}, keys, version)

    def has_key(self, key, version=None):  # type: ignore[override]
        return self._soft(super().has_key, False, key, version)

    def incr(self, key, delta=1, version=None):  # type: ignore[override]
        return self._soft(super().incr, delta, key, delta, version)

    def set_many(self, data, timeout=None, version=None):  # type: ignore[override]
        return self._soft(super().set_many, list(data), data, timeout, version)

    def delete_many(self, keys, version=None):  # type: ignore[override]
        return self._soft(super().delete_many, None, keys, version)

    def clear(self):  # type: ignore[override]
        return self._soft(super().clear, False)
