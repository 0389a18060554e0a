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
