"""On a phone (390 x 844) the top bar is one compact line without "Log out" in it,
and the print links are buttons a thumb can hit."""

import datetime

import pytest
from playwright.sync_api import expect

from play import checkins, night_opening, night_seating
from tests.browser.helpers import SCREENSHOTS, log_in
from tests.factories import PASSWORD, ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def night():
    club = ClubFactory(name="Maple Street Rook Club of Greater Lexington", slug="maple-street")
    director = director_of(club, username="dana_the_director_of_maple_street")
    players = players_of(club, 8)
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    return night


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        base_url=live_server.url,
        locale="en-US",
        has_touch=True,
        is_mobile=True,
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_the_phone_header_is_one_short_line_and_log_out_is_out_of_reach(phone, night):
    log_in(phone, "dana_the_director_of_maple_street", PASSWORD)
    phone.goto(f"/sessions/{night.pk}/")

    header = phone.locator("header.topbar").bounding_box()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "phone-header-390x844.png"))

    assert header["height"] <= 56, header
    assert header["width"] <= 390
    assert phone.locator("header.topbar").get_by_role("button", name="Log out").count() == 0
    expect(phone.locator("footer").get_by_role("button", name="Log out")).to_be_attached()


def test_print_links_are_buttons_at_least_44_px_tall(phone, night):
    log_in(phone, "dana_the_director_of_maple_street", PASSWORD)
    phone.goto(f"/sessions/{night.pk}/")

    links = phone.locator(".print-links a, .print-links button, .csv-links a")
    assert links.count() >= 3
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box is not None and box["height"] >= 44, (links.nth(i).inner_text(), box)
