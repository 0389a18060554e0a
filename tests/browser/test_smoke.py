"""The browser harness works: the home page loads and a director logs in."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in
from tests.factories import PASSWORD, ClubFactory, director_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_home_page_lists_the_clubs(page):
    ClubFactory(name="Maple Street Rook Club")

    page.goto("/")

    expect(page.get_by_role("heading", name="Rookclub", exact=True)).to_be_visible()
    expect(page.get_by_text("Maple Street Rook Club")).to_be_visible()


def test_a_director_logs_in_from_a_phone_and_finds_the_club(page):
    director_of(ClubFactory(name="Maple Street Rook Club"), username="dana")

    log_in(page, "dana", PASSWORD)

    expect(page.get_by_role("button", name="Log out dana")).to_be_visible()
    expect(page.get_by_role("heading", name="Your clubs")).to_be_visible()
