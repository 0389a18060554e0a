"""The Redis cache when Redis does not answer: every call is a miss, the first failure
pauses this process's use of Redis (one timeout, not one per call) and is logged once."""

import logging
import socket

import pytest
from django.core.cache import caches

from rookclub.core.cache import pause


@pytest.fixture
def frozen_redis():
    """A port that takes connections and never answers, as a frozen Redis does."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        listener.settimeout(0)
        yield listener


@pytest.fixture
def cache(settings, frozen_redis):
    port = frozen_redis.getsockname()[1]
    settings.CACHES = {
        **settings.CACHES,
        "frozen": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "REDIS_CLIENT_CLASS": "rookclub.core.cache.PausingRedis",
                "SOCKET_CONNECT_TIMEOUT": 0.2,
                "SOCKET_TIMEOUT": 0.2,
            },
        },
    }
    yield caches["frozen"]
    pause.end()


def connections_made(listener: socket.socket) -> int:
    made = 0
    while True:
        try:
            connection, _ = listener.accept()
        except BlockingIOError:
            return made
        connection.close()
        made += 1


def test_a_frozen_redis_is_a_miss_and_is_left_alone_after_the_first_timeout(
    cache, frozen_redis, caplog
):
    with caplog.at_level(logging.WARNING, logger="rookclub.cache"):
        first = cache.get("north", "missed")
        assert connections_made(frozen_redis) == 1

        later = [cache.get("north", "missed"), cache.add("east", 1), cache.set("west", 1)]

    assert first == "missed" and later == ["missed", None, None]
    assert connections_made(frozen_redis) == 0  # paused: Redis was not asked again
    assert len(caplog.records) == 1 and "not answering" in caplog.records[0].getMessage()


def test_after_the_pause_redis_is_asked_again(cache, frozen_redis):
    cache.get("north")
    connections_made(frozen_redis)

    pause.end()  # the pause is over
    cache.get("north")

    assert connections_made(frozen_redis) == 1


def test_several_keys_written_at_once_keep_to_the_pause(cache, frozen_redis):
    """``set_many`` sends its keys down one pipeline: a frozen Redis costs it one
    timeout, and while paused it does not ask Redis at all."""
    cache.set_many({"north": 1, "south": 2})  # times out, and starts the pause
    assert connections_made(frozen_redis) == 1

    cache.set_many({"east": 3, "west": 4})
    cache.get("north")

    assert connections_made(frozen_redis) == 0  # paused: Redis was not asked again
