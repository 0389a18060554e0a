"""The browser harness works: the home page loads and the demo director logs in."""

import pytest
from playwright.sync_api import expect

from rookclub.demo import DEMO_PASSWORD, load_demo
from tests.browser.helpers import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_home_page_lists_the_demo_club(page):
    load_demo()

    page.goto("/")

    expect(page.get_by_role("heading", name="Rookclub", exact=True)).to_be_visible()
    expect(page.get_by_text("Maple Street Rook Club")).to_be_visible()


def test_the_demo_director_logs_in_from_a_phone(page):
    load_demo()

    log_in(page, "director", DEMO_PASSWORD)

    expect(page.get_by_role("button", name="Log out director")).to_be_visible()
