"""A django-redis client for the tests whose ``clear()`` deletes its own keys only."""

from django_redis.client import DefaultClient


class OwnKeysClient(DefaultClient):
    """``cache.clear()`` deletes the keys under this cache's ``KEY_PREFIX``, not the
    whole Redis database (django-redis clears with FLUSHDB): the parallel test
    processes share one database, and one process's clear wiped another's table-link
    count in the middle of a test (no 429) and its cached sessions (read back from the
    database: a page's query count one higher)."""

    def clear(self, client=None) -> None:
        self.delete_pattern("*", client=client)
