"""What /healthz checks: the database always, the broker when one is configured."""

from django.conf import settings
from django.db import connection


def database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:
        return False


def broker_answers() -> bool | None:
    """True/False for a configured Redis broker; None when tasks run eagerly."""
    if not settings.REDIS_URL:
        return None
    import redis

    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        return bool(client.ping())
    except redis.RedisError:
        return False
