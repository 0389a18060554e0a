"""A player's page and "my night" on a phone (390x844): the season picker, the figures,
the partner and opponent tables, the charts and the history pages fit the screen (no
sideways scroll of the page), and a player opens their night from the table's link."""

import datetime

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play import checkins, night_opening, night_seating
from play.hands import hand_record
from play.models import Game
from play.services import game_start
from play.table_links import links_for
from rookclub.core.roles import SYSTEM
from tests.browser.helpers import log_in, screenshot
from tests.factories import PASSWORD, ClubFactory, director_of, hand_in, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ("north", "east", "south", "west")
NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def season():
    """Thirty nights of the same four (two pages of history) with long names, and
    tonight's table 1 with its link."""
    cache.clear()
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    four = players_of(club, 4)
    for p, name in zip(four, ["Bernadette Oyelaran-Whitfield", "Al", "Cy", "Di"], strict=True):
        p.name = name
        p.save()
    for n in range(30):
        day = datetime.date(2025, 1, 2) + datetime.timedelta(days=7 * n // 3)
        night = night_opening.night_open(club=club, date=day, opened_by=director)
        game = game_start(seats=dict(zip(SEATS, four, strict=True)), night=night, created_by=SYSTEM)
        hand_record(game=game, data=hand_in(), entered_by=director)
        hand_record(game=game, data=hand_in("east", 100, ns=60), entered_by=director)
    tonight = night_opening.night_open(
        club=club, date=datetime.date(2025, 12, 4), opened_by=director
    )
    checkins.night_check_in(night=tonight, players=four, by=director)
    night_seating.night_seat(night=tonight, by=director, seed=1)
    game = Game.objects.get(night=tonight)
    hand_record(game=game, data=hand_in(), entered_by=director)
    key = links_for(club=club, kind="night", night=tonight, numbers=[1])[1].key
    return four, key, game


def test_a_players_page_fits_a_phone_and_pages_its_history(page, season):
    four, _, _ = season
    log_in(page, "dana", PASSWORD)  # a player's page is for the club's members
    page.goto(f"/players/{four[0].pk}/")

    expect(page.get_by_role("heading", name="Bernadette Oyelaran-Whitfield")).to_be_visible()
    expect(page.get_by_label("Season", exact=True)).to_have_value("2025")
    expect(page.locator("dl.stats")).to_contain_text("Counters defending")
    expect(page.get_by_role("table", name="Partners")).to_contain_text("Cy")
    expect(page.locator("svg.chart").first).to_be_visible()
    assert page.evaluate(NO_SIDEWAYS)
    screenshot(page, "player-page-phone")

    page.get_by_role("link", name="Older").click()
    expect(page.get_by_text("Page 2 of 2")).to_be_visible()
    assert page.evaluate(NO_SIDEWAYS)

    page.get_by_label("Season", exact=True).select_option("all")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("heading", name="Record · all seasons")).to_be_visible()


def test_a_player_opens_their_night_from_the_tables_link(page, season):
    _, key, game = season
    page.goto(f"/t/{key}/")
    north = game.seats.get(seat="north").player

    page.get_by_role("navigation", name="My night").get_by_role("link", name=north.name).click()

    expect(page.get_by_role("heading", name="Tonight so far")).to_be_visible()
    expect(page.get_by_role("table", name="Games tonight")).to_contain_text("playing")
    expect(page.locator("dl.stats")).to_contain_text("85")
    assert page.evaluate(NO_SIDEWAYS)
    screenshot(page, "my-night-phone")
    page.get_by_role("link", name="Back to table 1").click()
    expect(page).to_have_url(f"{page.url.split('/t/')[0]}/t/{key}/")
