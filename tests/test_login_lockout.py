"""Login lockout (django-axes): five failed logins for one username from one address
lock that pair out for the cool-off, with a sentence on the login page."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"


@pytest.fixture
def ann():
    return UserFactory(username="ann")


def attempt(client, password="wrong-password", username="ann", **extra):
    return client.post(LOGIN, {"username": username, "password": password}, **extra)


def from_address(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def test_five_failed_logins_lock_the_username_out_from_that_address(ann, settings):
    assert settings.AXES_FAILURE_LIMIT == 5
    client = from_address("203.0.113.7")
    failures = [attempt(client).status_code for _ in range(4)]

    fifth = attempt(client)
    right_password = attempt(client, PASSWORD)

    assert failures == [200] * 4  # the form again, "enter a correct username and password"
    for refused in (fifth, right_password):
        assert refused.status_code == 429
        page = refused.content.decode()
        assert "Too many failed logins for this username from your address" in page
        assert "try again in 15 minutes, or reset your password." in page
        assert 'value="ann"' in page  # the form keeps the username
        assert int(refused["Retry-After"]) == 15 * 60
    assert "_auth_user_id" not in client.session


def test_the_lockout_holds_that_username_and_address_only(ann):
    UserFactory(username="bo")
    locked = from_address("203.0.113.7")
    for _ in range(5):
        attempt(locked)

    other_address = attempt(from_address("203.0.113.8"), PASSWORD)
    other_user = attempt(locked, PASSWORD, username="bo")

    assert other_address.status_code == 302
    assert other_user.status_code == 302


def test_the_lockout_ends_after_the_cool_off(ann, settings):
    client = from_address("203.0.113.7")
    for _ in range(5):
        attempt(client)
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16)
    )

    assert attempt(client, PASSWORD).status_code == 302


def test_a_successful_login_forgets_the_earlier_failures(ann):
    client = from_address("203.0.113.7")
    for _ in range(4):
        attempt(client)
    assert attempt(client, PASSWORD).status_code == 302
    client.post("/accounts/logout/")

    answers = [attempt(client).status_code for _ in range(4)]

    assert answers == [200] * 4


def test_a_client_asking_for_json_gets_429_json_with_the_sentence(ann):
    client = from_address("203.0.113.7")
    for _ in range(4):
        attempt(client)

    refused = attempt(client, HTTP_ACCEPT="application/json")

    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/json"
    assert refused.json()["detail"][0].startswith("Too many failed logins")


def test_the_admin_login_is_locked_out_too(ann):
    client = from_address("203.0.113.7")
    for _ in range(5):
        attempt(client)

    refused = client.post("/admin/login/", {"username": "ann", "password": PASSWORD})

    assert refused.status_code == 429


def test_the_test_clients_login_and_force_login_still_work(ann):
    """A login without a request (Client.login) is not a login form: nothing to lock."""
    assert Client().login(username="ann", password=PASSWORD)
    assert not Client().login(username="ann", password="wrong-password")


def test_a_forged_x_forwarded_for_is_counted_against_the_real_address(ann, settings):
    """NUM_PROXIES is 0 unless a proxy is configured, so a client reaching
    Django directly cannot pick a new address for each wrong password."""
    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == 0
    client = from_address("203.0.113.7")
    for n in range(5):
        attempt(client, HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")

    refused = attempt(client, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99")

    assert refused.status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}


def test_behind_a_proxy_a_client_reaching_gunicorn_directly_cannot_choose_its_address(
    ann, settings
):
    """NUM_PROXIES=1 (as deploy/rookclub-web.service sets it): only the proxy's
    X-Forwarded-For is believed, so a client that reaches the node without it is
    locked out by its own address, whatever header it forges."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    client = from_address("203.0.113.7")
    for n in range(5):
        attempt(client, HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")

    refused = attempt(client, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99")

    assert refused.status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}
