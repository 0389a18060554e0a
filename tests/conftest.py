"""Fixtures shared by every test module.

The same suite runs on the embedded default (SQLite, eager Celery) and against
real PostgreSQL and Redis (``DATABASE_URL`` / ``REDIS_URL`` set, as in CI).

It runs in parallel (pytest-xdist, ``make test``): each worker process has its own
test database (pytest-django names it after the worker) and its own cache keys in a
shared Redis. The tests that need the one real Celery worker (marker ``celery_worker``,
given to every test using the ``celery_worker`` fixture) run in a serial step of
their own when Redis is set: two test processes' workers would take each other's tasks.
"""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import hypothesis
import pytest
import time_machine
from django.conf import settings
from django.test import override_settings

from tests.browser_harness import browser, desktop_page, new_page, page  # noqa: F401 - fixtures
from tests.factories import ClubFactory, director_of, member_of, scorer_of
from tests.production_static import production_static  # noqa: F401 - a night fixture
from tests.slow_first import long_tests_first

ROOT = Path(__file__).resolve().parent.parent

# Hypothesis judges by the clock unless told not to: a 200 ms deadline per example and a
# "too slow" health check when drawing examples stalls. On a loaded machine (CI, two
# test processes on two cores) both fail tests for the machine's sake, not the code's:
# wall-clock limits belong in bench/. Every property keeps its own example count.
hypothesis.settings.register_profile(
    "rookclub", deadline=None, suppress_health_check=[hypothesis.HealthCheck.too_slow]
)
hypothesis.settings.load_profile("rookclub")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark the tests that use the real worker, and with Redis set skip them in a
    parallel worker process (``make test`` and CI run them afterwards, serially).

    Then the long tests go first (tests/slow_first.py). This runs before pytest-django
    sorts the tests by database kind, a stable sort: its order of kinds is kept."""
    parallel = hasattr(config, "workerinput")  # this is a pytest-xdist worker process
    for item in items:
        if "celery_worker" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.celery_worker)
        if parallel and settings.REDIS_URL and item.get_closest_marker("celery_worker"):
            item.add_marker(
                pytest.mark.skip(
                    reason="needs the one real Celery worker: run serially (-m celery_worker -n 0)"
                )
            )
    long_tests_first(items)


@pytest.fixture(scope="session", autouse=True)
def _cache_keys_of_this_worker(worker_id):
    """Each pytest-xdist worker counts in cache keys of its own: with ``REDIS_URL`` the
    workers share one Redis, and one's throttle counts or cached pages (keyed by ids
    that repeat in every worker's database) must not be another's."""
    if worker_id == "master":  # not distributed
        yield
        return
    caches = {
        name: {**cache, "KEY_PREFIX": f"{cache.get('KEY_PREFIX', 'rookclub')}-{worker_id}"}
        for name, cache in settings.CACHES.items()
    }
    own_keys = {"CLIENT_CLASS": "tests.cache_keys.OwnKeysClient"}  # its clear() too
    for cache in caches.values():
        if cache["BACKEND"] == "django_redis.cache.RedisCache":
            cache["OPTIONS"] = {**cache["OPTIONS"], **own_keys}
    with override_settings(CACHES=caches):
        yield


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hasher():
    """Passwords made in this test process are hashed with MD5: PBKDF2's million rounds
    cost about a third of a CPU-second per user (``UserFactory``, a login), thousands
    of times a run. The production hashers stay listed after it, so a hash that a
    subprocess made (the multi-node or Redis-fault sites, ``make venue``) still checks.
    Nothing here tests the hasher: that is Django's."""
    hashers = ["django.contrib.auth.hashers.MD5PasswordHasher", *settings.PASSWORD_HASHERS]
    with override_settings(PASSWORD_HASHERS=hashers):
        yield


@pytest.fixture(autouse=True)
def _redis_cache_breaker_closed():
    """Each test starts with the cache talking to Redis: a Redis call that timed out in
    an earlier test of this process (a loaded CI machine) must not leave the cache's
    pause on into the next test (rookclub/core/cache.py)."""
    from rookclub.core.cache import pause

    pause.end()
    yield


@pytest.fixture(autouse=True)
def _no_address_or_account_throttles(settings):
    """Every test client comes from 127.0.0.1 and user ids repeat across tests, so the
    per-address and per-account limits are off except in the tests that prove them
    (tests/test_throttles.py switches them back on). A table link's limit stays on."""
    rates = dict.fromkeys(("anon", "user", "signup", "password_reset"))
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def closed_port() -> int:
    """A local port nothing listens on: connecting is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def broker_down():
    """The broker URL points at a closed port, and tasks are really sent (not eager): a
    real refused connection, as a node sees a broker that is down."""
    from rookclub.celery import app

    saved = app.conf.broker_url, app.conf.task_always_eager
    app.conf.broker_url = f"redis://127.0.0.1:{closed_port()}/0"
    app.conf.task_always_eager = False
    yield
    app.conf.broker_url, app.conf.task_always_eager = saved


@pytest.fixture(params=["misses", "raises"])
def cache_down(request):
    """The default cache is a Redis at a closed local port: a real refused connection.
    ``misses``: configured as settings.py does with REDIS_URL (django-redis answering a
    failure as a miss; PausingRedis then leaves Redis alone); ``raises``: Django's own
    RedisCache, whose every call raises, which the callers' fail-open
    (``rookclub.core.live.cache_or_none``) must stand. Yields the warning logged once
    Redis was asked and refused."""
    from rookclub.core.cache import pause

    location = f"redis://127.0.0.1:{closed_port()}/0"
    if request.param == "misses":
        said = "Redis cache not answering"
        backend = {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": location,
            "KEY_PREFIX": "rookclub",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "REDIS_CLIENT_CLASS": "rookclub.core.cache.PausingRedis",
                "SOCKET_CONNECT_TIMEOUT": 0.5,
                "SOCKET_TIMEOUT": 0.5,
            },
        }
    else:
        said = "live fragment cache unavailable"
        backend = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": location}
    # Given back when this fixture ends, before the tests' own fixtures clear the cache.
    with override_settings(CACHES={**settings.CACHES, "default": backend}):
        yield said
    pause.end()


@pytest.fixture
def still_clock():
    """The clock held still (time-machine) for a test that posts up to a rate limit: the
    limits count in fixed windows (a minute for the links), and a test that crossed the
    end of one on a slow, loaded machine saw the count start again and no 429. The
    limit's counting is what the tests check, not the calendar."""
    with time_machine.travel(time.time(), tick=False):
        yield


@pytest.fixture
def club(db):
    return ClubFactory(name="Maple Street", slug="maple-street")


@pytest.fixture
def director(club):
    return director_of(club, username="dana")


@pytest.fixture
def scorer(club):
    return scorer_of(club, username="sam")


@pytest.fixture
def member(club):
    return member_of(club, username="mo")


def _database_url_for(db: dict) -> str:
    """The DATABASE_URL that points a child process at the *test* database."""
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or ''}:{db.get('PORT') or 5432}/{db['NAME']}"


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, django_db_blocker) -> Iterator[str | None]:
    """A real ``celery worker`` process on the test database when REDIS_URL is set.

    Without Redis, tasks run eagerly in the test process and this yields None,
    so a test that needs a task's effect reads the same either way. A test that
    uses the worker must commit its data (``transactional_db``) for the worker
    to see it.
    """
    if not settings.REDIS_URL:
        yield None
        return
    from rookclub.celery import app

    app.control.purge()
    with django_db_blocker.unblock():
        database_url = _database_url_for(settings.DATABASES["default"])
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": settings.REDIS_URL}
    log = open(ROOT / "var" / "test-celery-worker.log", "w")  # noqa: SIM115 - kept open for the worker
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "rookclub",
            "worker",
            "--pool",
            "solo",
            "--queues",
            "celery,print",  # the default queue and the batch PDFs' own
            "--loglevel",
            "INFO",
            "--without-gossip",
            "--without-mingle",
            "--hostname",
            f"rookclub-test-{os.getpid()}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(timeout=0.5):
            if worker.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"celery worker did not start; see {log.name}")
        yield f"worker pid {worker.pid}"
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
        log.close()


@pytest.fixture
def require_worker(celery_worker) -> str:
    """Skip unless a real worker runs; in CI (ROOKCLUB_REQUIRE_WORKER=1) fail instead."""
    if celery_worker is None:
        message = "needs REDIS_URL and a real Celery worker"
        if os.environ.get("ROOKCLUB_REQUIRE_WORKER"):
            pytest.fail(message)
        pytest.skip(message)
    return celery_worker


@pytest.fixture(scope="session")
def s3_server():
    """moto's S3 server in its own process for the night (tests/s3_server.py)."""
    from tests.s3_server import moto_server

    with moto_server() as server:
        yield server


@pytest.fixture
def s3_storage(settings, s3_server):
    """This test's media in a fresh bucket of the S3 server, as AWS_STORAGE_BUCKET_NAME does.

    Only this process: a real worker started by ``celery_worker`` keeps its own storage."""
    import uuid

    bucket = s3_server.make_bucket(f"rookclub-{uuid.uuid4().hex[:12]}")
    settings.STORAGES = {**settings.STORAGES, "default": s3_server.storage_options(bucket)}
    return bucket
