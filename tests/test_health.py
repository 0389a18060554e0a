import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent

#: Asks a Rookclub process for each health page and prints its status and JSON.
_ASK = """
import json
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
for path in ("/healthz", "/readyz"):
    answer = Client().get(path)
    print(json.dumps([path, answer.status_code, answer.json()]))
"""


@pytest.fixture(scope="module")
def database_down() -> dict[str, tuple[int, dict]]:
    """The health pages' answers from a Rookclub process whose PostgreSQL is a port
    nothing listens on: a real refused connection, as a node sees a database that is
    down. Each path's (status, JSON body)."""
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DEBUG"}}
    env["DATABASE_URL"] = "postgres://postgres@127.0.0.1:1/rookclub"
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", _ASK],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("[")]
    return {path: (status, body) for path, status, body in answers}


def test_healthz_answers_ok_when_the_database_answers(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"] == "ok"
    expected_broker = "ok" if settings.REDIS_URL else "not configured (tasks run eagerly)"
    assert body["broker"] == expected_broker


def test_healthz_answers_503_when_the_broker_does_not_answer(client, settings):
    # A port nothing listens on: the check must fail fast and say so.
    settings.REDIS_URL = "redis://127.0.0.1:1/0"

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "ok", "broker": "down"}


def test_healthz_answers_503_when_the_database_does_not_answer(database_down):
    status, body = database_down["/healthz"]

    assert status == 503
    assert body["database"] == "down"


def test_healthz_refuses_writes(client):
    assert client.post("/healthz").status_code == 405


# ---- /readyz: may the load balancer send this node traffic? ---------------------------------


def test_readyz_answers_ready_naming_each_dependency(client):
    response = client.get("/readyz")

    assert response.status_code == 200
    body = response.json()
    configured = "ok" if settings.REDIS_URL else "not configured"
    assert body == {
        "status": "ready",
        "failed": [],
        "degraded": [],
        "database": "ok",
        "broker": configured,
        "cache": configured,
        "storage": "not configured",
    }
    assert "no-cache" in response["Cache-Control"]


def test_readyz_checks_object_storage_when_configured(client, s3_storage):
    response = client.get("/readyz")

    assert response.status_code == 200
    assert response.json()["storage"] == "ok"


def test_readyz_stays_ready_naming_a_bucket_that_does_not_answer(client, settings, s3_server):
    settings.STORAGES = {
        **settings.STORAGES,
        "default": s3_server.storage_options("no-such-bucket"),
    }

    response = client.get("/readyz")

    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["failed"], body["degraded"]) == ("degraded", [], ["storage"])
    assert body["storage"] == "down"


def test_readyz_stays_ready_naming_redis_when_it_does_not_answer(client, settings):
    # Every node shares Redis: taking each out for it would take the whole site out,
    # while hands are recorded without it.
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": settings.REDIS_URL,
        }
    }

    response = client.get("/readyz")

    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["failed"], body["degraded"]) == (
        "degraded",
        [],
        ["broker", "cache"],
    )
    assert (body["database"], body["broker"], body["cache"]) == ("ok", "down", "down")


def test_readyz_answers_503_when_the_database_does_not_answer(database_down):
    status, body = database_down["/readyz"]

    assert status == 503
    assert body["failed"] == ["database"]
    assert body["status"] == "unavailable"


def test_readyz_refuses_writes(client):
    assert client.post("/readyz").status_code == 405
