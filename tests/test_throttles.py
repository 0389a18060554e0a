"""Rate limits: anonymous and logged-in API traffic, sign-ups and password resets are
counted in the cache and refused with 429, a sentence and Retry-After beyond their rate."""

import json
import threading

import pytest
from django.core.cache import cache
from django.db import close_old_connections
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("still_clock")]


@pytest.fixture(autouse=True)
def rates(settings):
    """Small rates for these tests (tests/conftest.py switches them off elsewhere),
    and nothing counted yet."""
    rates = {"anon": "3/minute", "user": "4/minute", "signup": "2/hour", "password_reset": "2/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    cache.clear()
    yield rates
    cache.clear()


def anon(address="203.0.113.7") -> APIClient:
    return APIClient(REMOTE_ADDR=address)


def assert_refused(response, words: str, window: int = 60) -> None:
    assert response.status_code == 429
    sentence = response.json()["detail"][0]
    assert words in sentence and sentence.endswith(".")
    assert 1 <= int(response["Retry-After"]) <= window


def test_anonymous_requests_beyond_the_rate_answer_429_with_a_sentence():
    client = anon()
    answers = [client.get("/api/v1/rulesets/").status_code for _ in range(3)]

    refused = client.get("/api/v1/rulesets/")

    assert answers == [200, 200, 200]
    assert_refused(refused, "Too many requests from your address")


def test_each_address_is_counted_apart():
    for _ in range(3):
        anon("203.0.113.7").get("/api/v1/rulesets/")

    assert anon("203.0.113.8").get("/api/v1/rulesets/").status_code == 200


def test_behind_one_proxy_the_forwarded_address_is_counted(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    proxy = APIClient(REMOTE_ADDR="127.0.0.1")
    for _ in range(3):
        proxy.get("/api/v1/rulesets/", HTTP_X_FORWARDED_FOR="198.51.100.1")

    other = proxy.get("/api/v1/rulesets/", HTTP_X_FORWARDED_FOR="198.51.100.2")
    same = proxy.get("/api/v1/rulesets/", HTTP_X_FORWARDED_FOR="10.0.0.9, 198.51.100.1")

    assert other.status_code == 200
    assert same.status_code == 429  # a client cannot hide behind a made-up first address


def test_behind_a_proxy_a_forwarded_address_from_elsewhere_is_not_believed(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    direct = APIClient(REMOTE_ADDR="203.0.113.50")  # not a proxy of FORWARDED_ALLOW_IPS
    for n in range(3):
        direct.get("/api/v1/rulesets/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")

    refused = direct.get("/api/v1/rulesets/", HTTP_X_FORWARDED_FOR="198.51.100.99")

    assert refused.status_code == 429


def test_a_logged_in_user_has_the_user_rate_not_the_address_rate():
    client = anon()
    client.force_authenticate(UserFactory())
    answers = [client.get("/api/v1/rulesets/").status_code for _ in range(4)]

    refused = client.get("/api/v1/rulesets/")

    assert answers == [200] * 4
    assert_refused(refused, "Too many requests from your account")


def test_a_token_client_is_counted_as_its_user():
    from rest_framework.authtoken.models import Token

    user = UserFactory()
    token = Token.objects.create(user=user)
    client = anon()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    for _ in range(4):
        client.get("/api/v1/rulesets/")

    assert client.get("/api/v1/rulesets/").status_code == 429
    other = anon()
    other.force_authenticate(UserFactory())
    assert other.get("/api/v1/rulesets/").status_code == 200


def test_requests_at_once_are_each_counted(transactional_db):
    """The counter is atomic: 12 requests at once with room for 3 let exactly 3 through
    (DRF's own history list, read then written, lets more through)."""
    statuses: list[int] = []
    lock = threading.Lock()

    def ask() -> None:
        status = anon("203.0.113.50").get("/api/v1/rulesets/").status_code
        with lock:
            statuses.append(status)
        close_old_connections()

    threads = [threading.Thread(target=ask) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(statuses) == [200] * 3 + [429] * 9


def test_api_sign_ups_beyond_the_rate_answer_429_and_store_nothing():
    from django.contrib.auth import get_user_model

    client = anon()
    for name in ("ann", "bo"):
        body = {"username": name, "password": "table-talk-2026"}
        assert client.post("/api/v1/accounts/", body).status_code == 201

    refused = client.post("/api/v1/accounts/", {"username": "cy", "password": "table-talk-2026"})

    assert_refused(refused, "Too many sign-ups from your address", window=3600)
    assert not get_user_model().objects.filter(username="cy").exists()


def test_the_sign_up_page_beyond_the_rate_answers_429_with_the_sentence(client):
    from django.contrib.auth import get_user_model

    for name in ("ann", "bo"):
        client.post("/accounts/signup/", {"username": name, "password": "table-talk-2026"})
        client.post("/accounts/logout/")

    refused = client.post("/accounts/signup/", {"username": "cy", "password": "table-talk-2026"})

    assert refused.status_code == 429
    assert "Too many sign-ups from your address" in refused.content.decode()
    assert int(refused["Retry-After"]) >= 1
    assert not get_user_model().objects.filter(username="cy").exists()
    assert client.get("/accounts/signup/").status_code == 200  # reading the page is not counted


def test_password_reset_requests_beyond_the_rate_send_no_more_email(client, mailoutbox):
    UserFactory(username="ann", email="ann@example.org")
    for _ in range(2):
        client.post("/accounts/password-reset/", {"email": "ann@example.org"})

    refused = client.post("/accounts/password-reset/", {"email": "ann@example.org"})

    assert refused.status_code == 429
    assert "Too many password reset emails" in refused.content.decode()
    assert len(mailoutbox) == 2


def test_a_scope_switched_off_is_not_limited(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": None, "user": None},
    }
    client = anon()

    assert {client.get("/api/v1/rulesets/").status_code for _ in range(10)} == {200}


def test_a_table_links_refusal_says_when_to_try_again(settings):
    """The table link's own limit (tests/play/test_table_links.py) answers in the same
    shape, with Retry-After."""
    from django.test import RequestFactory

    from rookclub.core.faults import api_exception_handler
    from rookclub.core.throttles import TooMany, count

    request = RequestFactory().post("/")
    count(request, "table-link", "unit", (1, 60), "slow")
    with pytest.raises(TooMany) as refused:
        count(request, "table-link", "unit", (1, 60), "slow")
    response = api_exception_handler(refused.value, {})

    assert response.status_code == 429 and response.data == {"detail": ["slow"]}
    assert 1 <= int(response["Retry-After"]) <= 60


def test_the_wait_reads_as_a_person_says_it():
    from rookclub.core.throttles import wait_in_words

    assert [wait_in_words(w) for w in (1, 42, 89, 90, 3213)] == [
        "a second",
        "42 seconds",
        "89 seconds",
        "2 minutes",
        "54 minutes",
    ]


def test_a_bad_rate_in_the_environment_refuses_to_start():
    from tests.test_settings import run_manage

    result = run_manage("check", THROTTLE_ANON="lots")

    assert result.returncode != 0
    assert "THROTTLE_ANON must be a number of requests per second" in result.stderr


def test_rates_come_from_the_environment_and_off_switches_one_off():
    from tests.test_settings import run_manage

    show = "from django.conf import settings as s; print(s.THROTTLE_RATES)"
    result = run_manage("shell", "-c", show, THROTTLE_USER="50/second", THROTTLE_ANON="off")

    assert result.returncode == 0, result.stderr
    assert "'anon': None, 'user': '50/second'" in result.stdout


def test_the_schema_says_every_operation_may_answer_429_with_retry_after(tmp_path):
    from django.core.management import call_command

    out = tmp_path / "schema.json"
    call_command("spectacular", "--format", "openapi-json", "--file", str(out))
    schema = json.loads(out.read_text())
    operations = [
        op
        for path in schema["paths"].values()
        for method, op in path.items()
        if method in ("get", "post", "put", "patch", "delete")
    ]
    assert operations
    assert all("429" in op["responses"] for op in operations)
    hands = schema["paths"]["/api/v1/games/{id}/hands/"]["post"]["responses"]["429"]
    assert "Retry-After" in hands["headers"]


def test_a_forged_x_forwarded_for_is_counted_against_the_real_address():
    """without NUM_PROXIES (0 by default) the header is not believed."""
    client = anon("203.0.113.7")
    for n in range(3):
        client.get("/api/v1/rulesets/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")

    refused = client.get("/api/v1/rulesets/", HTTP_X_FORWARDED_FOR="198.51.100.99")

    assert refused.status_code == 429


def test_a_cache_that_cannot_count_lets_requests_through(settings):
    """Redis down: the limit fails open rather than refusing every request. The
    production cache pointed at a port where no Redis listens stands for a Redis that
    is down."""
    settings.CACHES = {
        **settings.CACHES,
        "nowhere": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "REDIS_CLIENT_CLASS": "rookclub.core.cache.PausingRedis",
                "SOCKET_CONNECT_TIMEOUT": 0.5,
                "SOCKET_TIMEOUT": 0.5,
            },
        },
    }
    settings.RATELIMIT_USE_CACHE = "nowhere"
    client = anon()

    assert {client.get("/api/v1/rulesets/").status_code for _ in range(6)} == {200}
