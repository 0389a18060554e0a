"""In a real browser on a phone (390x844): the player page's rating card shows the
rating with its uncertainty, and its chart fits the screen without sideways scroll."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import log_in, screenshot
from tests.browser_harness import policy_violations
from tests.factories import PASSWORD, ClubFactory, director_of, players_of
from tests.standings.ratings.conftest import finished_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_rating_chart_fits_a_phone(page):
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director_of(club, username="dana")
    players = players_of(club, 6)
    for i in range(40):
        four = [players[(i + k) % 6] for k in range(4)]
        finished_game(club, four, ns_wins=i % 3 != 0, minute=i)
    log_in(page, "dana", PASSWORD)
    page.goto(f"/players/{players[0].pk}/")
    card = page.locator("section.rating")
    expect(card.get_by_role("heading", name="Rating")).to_be_visible()
    expect(card.locator(".stats dd").first).to_have_text(re.compile(r"^\d+$"))
    expect(card.locator(".stats dd").nth(1)).to_contain_text("±")
    chart = card.locator("svg.chart")
    expect(chart).to_be_visible()
    fits = page.evaluate(
        """() => {
            const svg = document.querySelector('section.rating svg.chart').getBoundingClientRect();
            return document.documentElement.scrollWidth <= window.innerWidth
                && svg.right <= window.innerWidth && svg.left >= 0 && svg.height > 60;
        }"""
    )
    screenshot(page, "player-rating-390")
    assert fits, "the rating chart scrolls sideways or is squashed at 390 px"
    assert policy_violations(page) == []
