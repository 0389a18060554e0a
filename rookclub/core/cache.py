"""The Redis cache, when Redis may fail: it holds only what can be lost, so django-redis
answers a failing call as a miss, and :class:`PausingRedis` then leaves Redis alone for
``PAUSE`` seconds, so a frozen Redis costs one request one timeout, not every call."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import redis
from redis.exceptions import ConnectionError, TimeoutError

log = logging.getLogger("rookclub.cache")

#: Seconds a process leaves Redis alone after it failed.
PAUSE = 5.0


class Pause:
    """Until when this process leaves the cache's Redis alone."""

    def __init__(self) -> None:
        self.until = 0.0
        self._lock = threading.Lock()

    def active(self) -> bool:
        return time.monotonic() < self.until

    def start(self, error: Exception) -> None:
        with self._lock:
            first = not self.active()
            self.until = time.monotonic() + PAUSE
        if first:
            log.warning(
                "Redis cache not answering (%s: %s); rate limits let requests through "
                "and sessions are read from the database for %.0f s",
                type(error).__name__,
                error,
                PAUSE,
            )

    def end(self) -> None:
        self.until = 0.0


#: The one pause of this process (every cache connection shares it).
pause = Pause()


def _paused() -> ConnectionError:
    return ConnectionError("Redis is left alone for a moment after a failure")


class PausingPipeline(redis.client.Pipeline):
    """A pipeline (django-redis's ``set_many``) kept to the same pause: its commands go
    to Redis together at ``execute``, not through the client's ``execute_command``."""

    def execute(self, raise_on_error: bool = True) -> list[Any]:
        if pause.active():
            self.reset()
            raise _paused()
        try:
            return super().execute(raise_on_error)
        except (ConnectionError, TimeoutError) as error:
            pause.start(error)
            raise


class PausingRedis(redis.Redis):
    """redis-py's client, refusing at once while :data:`pause` is on and starting it
    when a command cannot reach Redis (django-redis's ``REDIS_CLIENT_CLASS``)."""

    def execute_command(self, *args: Any, **options: Any) -> Any:
        if pause.active():
            raise _paused()
        try:
            return super().execute_command(*args, **options)
        except (ConnectionError, TimeoutError) as error:
            pause.start(error)
            raise

    def pipeline(self, transaction: bool = True, shard_hint: Any = None) -> PausingPipeline:
        return PausingPipeline(
            self.connection_pool, self.response_callbacks, transaction, shard_hint
        )
