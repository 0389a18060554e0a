import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db


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


def test_healthz_answers_503_when_the_database_does_not_answer(client, monkeypatch):
    from rookclub import health

    def cursor_that_fails():
        raise health.connection.OperationalError("connection refused")

    monkeypatch.setattr(health.connection, "cursor", cursor_that_fails)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["database"] == "down"


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


def test_readyz_answers_503_when_the_database_does_not_answer(client, monkeypatch):
    from rookclub import health

    def cursor_that_fails():
        raise health.connection.OperationalError("connection refused")

    monkeypatch.setattr(health.connection, "cursor", cursor_that_fails)

    response = client.get("/readyz")

    assert response.status_code == 503
    assert response.json()["failed"] == ["database"]
    assert response.json()["status"] == "unavailable"


def test_readyz_refuses_writes(client):
    assert client.post("/readyz").status_code == 405
