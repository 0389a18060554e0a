"""The door page on a phone at 390x844 looks like the rest of the site: a full-width
search box a thumb can use, and the players' names as big buttons in a grid (no
bulleted list), nothing wider than the screen; a name is found and tapped."""

import datetime

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play import night_opening
from tests.browser.helpers import screenshot, serious_violations
from tests.factories import ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def door_path():
    cache.clear()
    club = ClubFactory(name="Maple Street Rook Club", slug="maple-street")
    director = director_of(club, username="dana")
    players_of(club, 16)
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    return f"/n/{night.door_key}/"


def box(locator) -> dict:
    return locator.evaluate(
        """el => { const r = el.getBoundingClientRect(), s = getComputedStyle(el);
                   return {width: r.width, height: r.height, left: r.left, right: r.right,
                           font: parseFloat(s.fontSize), list: s.listStyleType}; }"""
    )


def test_the_door_page_is_a_big_search_box_over_a_grid_of_names(page, door_path):
    page.goto(door_path)
    screenshot(page, "door-phone")

    search = box(page.get_by_label("Search your name"))
    assert search["width"] >= 300 and search["height"] >= 44
    assert search["font"] >= 16  # a phone does not zoom into the box
    names = page.locator("#door-players")
    assert box(names)["list"] == "none"  # no bullets
    buttons = page.locator(".door-player")
    assert buttons.count() == 16
    sizes = [box(buttons.nth(i)) for i in range(buttons.count())]
    assert all(b["height"] >= 44 and b["width"] >= 140 for b in sizes), sizes
    assert len({round(b["left"]) for b in sizes}) >= 2  # names side by side, not a column
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"the page is {wide}px wide at 390px"
    assert serious_violations(page) == []

    first = page.locator(".door-player").first.inner_text()
    page.get_by_label("Search your name").fill(first.lower())
    expect(page.get_by_role("button", name=first, exact=True)).to_be_visible()
    page.get_by_role("button", name=first, exact=True).click()
    expect(page.locator("#door-waiting")).to_contain_text("waiting to be seated")
    screenshot(page, "door-phone-waiting")
