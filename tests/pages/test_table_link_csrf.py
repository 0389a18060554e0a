"""A table page's post (``/t/<key>/``) and CSRF: the key in the address is the post's
one credential, so a phone with no session is not asked for a token; a browser with a
session (a logged-in director at the table) is checked as on every other page."""

import pytest
from django.test import Client

from play.models import Hand
from play.table_links import links_for
from tests.pages.conftest import made_hand

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def url(night, game):
    link = links_for(club=night.club, kind="night", night=night, numbers=[1])[1]
    return f"/t/{link.key}/"


def test_a_phone_without_a_session_records_without_a_token(url):
    phone = Client(enforce_csrf_checks=True)

    answer = phone.post(url, made_hand(number=1), **JSON)

    assert answer.status_code == 200, answer.content
    assert answer.json()["number"] == 1
    assert Hand.objects.filter(number=1).count() == 1


def test_a_phone_without_a_session_and_without_script_is_sent_back_to_the_page(url):
    answer = Client(enforce_csrf_checks=True).post(url, made_hand(number=1))

    assert answer.status_code == 302
    assert Hand.objects.count() == 1


def test_a_logged_in_browser_without_the_token_is_refused_and_nothing_is_stored(url, director):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(director)

    answer = browser.post(url, made_hand(number=1), **JSON)

    assert answer.status_code == 403
    assert not Hand.objects.exists()


def test_a_logged_in_browser_with_the_token_records(url, director):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(director)
    browser.get(url)  # the page sets the CSRF cookie
    token = browser.cookies["csrftoken"].value

    answer = browser.post(url, {**made_hand(number=1), "csrfmiddlewaretoken": token}, **JSON)

    assert answer.status_code == 200, answer.content
    assert Hand.objects.filter(number=1).count() == 1
