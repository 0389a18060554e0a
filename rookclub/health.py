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


# --- Readiness (/readyz): may this node take traffic now? ---------------------------


def cache_answers() -> bool | None:
    """True/False for a Redis cache (sessions, rate limits); None for local memory."""
    if not settings.REDIS_URL:
        return None
    from django.core.cache import cache

    try:
        cache.set("rookclub:readyz", "1", timeout=10)
        return cache.get("rookclub:readyz") == "1"
    except Exception:  # any client error means: not ready
        return False


def storage_answers() -> bool | None:
    """True/False for object storage (its bucket answers); None for local disk."""
    from django.core.files.storage import default_storage

    bucket = getattr(default_storage, "bucket_name", None)
    if not bucket:
        return None
    import boto3
    from botocore.config import Config
    from botocore.exceptions import BotoCoreError, ClientError

    quick = Config(connect_timeout=1, read_timeout=2, retries={"max_attempts": 1})
    try:
        client = boto3.session.Session().client(
            "s3",
            endpoint_url=default_storage.endpoint_url,
            region_name=default_storage.region_name,
            aws_access_key_id=default_storage.access_key,
            aws_secret_access_key=default_storage.secret_key,
            config=quick,
        )
        client.head_bucket(Bucket=bucket)
        return True
    except (BotoCoreError, ClientError):
        return False


#: What this node cannot record a hand without: the load balancer takes it out.
REQUIRED = ("database",)


def readiness() -> tuple[bool, dict[str, str]]:
    """Every dependency by name: "ok", "down" or "not configured"; ready while the database
    answers (shared Redis or storage failing must not take every node out)."""
    checks = {
        "database": database_answers(),
        "broker": broker_answers(),
        "cache": cache_answers(),
        "storage": storage_answers(),
    }
    words = {None: "not configured", True: "ok", False: "down"}
    ready = all(checks[name] is not False for name in REQUIRED)
    return ready, {k: words[v] for k, v in checks.items()}
