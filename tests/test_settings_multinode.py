"""Settings for more than one machine: shared media, sessions and cache in
Redis, database connections for PgBouncer, the print queue. Each case starts a fresh
process with the environment an operator would set."""

import json

from tests.test_settings import run_manage

SHOW = (
    "import json; from django.conf import settings as s; "
    "from django.core.files.storage import default_storage as d; "
    "db = s.DATABASES['default']; "
    "print(json.dumps({'storage': s.STORAGES['default']['BACKEND'], "
    "'bucket': getattr(d, 'bucket_name', None), 'endpoint': getattr(d, 'endpoint_url', None), "
    "'expire': getattr(d, 'querystring_expire', None), "
    "'overwrite': getattr(d, 'file_overwrite', None), 'session': s.SESSION_ENGINE, "
    "'cache': s.CACHES['default']['BACKEND'], 'max_age': db.get('CONN_MAX_AGE'), "
    "'health': db.get('CONN_HEALTH_CHECKS'), "
    "'no_cursors': db.get('DISABLE_SERVER_SIDE_CURSORS'), "
    "'routes': s.CELERY_TASK_ROUTES, 'default_queue': s.CELERY_TASK_DEFAULT_QUEUE}))"
)
PG = "postgres://rook@127.0.0.1:5432/rookclub"
SERVICES = ("REDIS_URL", "AWS_STORAGE_BUCKET_NAME", "DATABASE_URL", "CONN_MAX_AGE")


def run_alone(*args: str, **env: str):
    """manage.py with only ``env`` of the services configured (not this run's own)."""
    return run_manage(*args, unset=SERVICES, **env)


def settings_with(**env: str) -> dict:
    result = run_alone("shell", "-c", SHOW, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_by_default_media_is_on_local_disk_and_sessions_in_the_database():
    found = settings_with()

    assert found["storage"] == "django.core.files.storage.FileSystemStorage"
    assert found["session"] == "django.contrib.sessions.backends.db"
    assert found["cache"].endswith("LocMemCache")


def test_a_bucket_puts_media_in_s3_compatible_storage_with_signed_urls():
    found = settings_with(
        AWS_STORAGE_BUCKET_NAME="rook-media",
        AWS_S3_ENDPOINT_URL="https://s3.example.org",
        AWS_ACCESS_KEY_ID="id",
        AWS_SECRET_ACCESS_KEY="secret",
    )

    assert found["storage"] == "storages.backends.s3.S3Storage"
    assert found["bucket"] == "rook-media"
    assert found["endpoint"] == "https://s3.example.org"
    assert found["expire"] == 60
    assert found["overwrite"] is False


def test_redis_holds_sessions_and_the_cache_written_through_to_the_database():
    found = settings_with(REDIS_URL="redis://127.0.0.1:6379/0")

    assert found["session"] == "django.contrib.sessions.backends.cached_db"
    # django-redis, treating a Redis error as a miss (rookclub/core/cache.py).
    assert found["cache"] == "django_redis.cache.RedisCache"


def test_postgresql_connections_persist_with_health_checks_by_default():
    found = settings_with(DATABASE_URL=PG)

    assert (found["max_age"], found["health"], found["no_cursors"]) == (60, True, False)


def test_pgbouncer_transaction_pooling_settings():
    found = settings_with(DATABASE_URL=PG, CONN_MAX_AGE="0", DISABLE_SERVER_SIDE_CURSORS="1")

    assert (found["max_age"], found["health"], found["no_cursors"]) == (0, True, True)


def test_batch_prints_are_routed_to_the_print_queue():
    found = settings_with()

    assert found["routes"] == {"rookclub.printing.tasks.*": {"queue": "print"}}
    assert found["default_queue"] == "celery"


def test_a_soft_print_time_limit_above_the_hard_one_refuses_to_start():
    result = run_alone("check", PRINT_TASK_SOFT_TIME_LIMIT="400", PRINT_TASK_TIME_LIMIT="300")

    assert result.returncode != 0
    assert "PRINT_TASK_SOFT_TIME_LIMIT must be a number of seconds below" in result.stderr
