"""A scorer records hands on a phone: big buttons, the other side's counters fill in."""

import datetime

import pytest
from playwright.sync_api import expect

from play import checkins, night_opening, night_seating
from play.models import Game, Hand
from tests.browser.helpers import log_in, screenshot
from tests.factories import PASSWORD, ClubFactory, director_of, players_of, scorer_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_game():
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    scorer_of(club, username="sam")
    players = players_of(club, 4)
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    return Game.objects.get(night=night)


def record(page, bidder: str, bid: int, trump: str, ns: int) -> None:
    page.get_by_role("radio", name=bidder).check()
    page.get_by_label("Bid", exact=True).fill(str(bid))
    page.get_by_role("radio", name=trump, exact=True).check()
    page.get_by_label("North-South counters").fill(str(ns))
    page.get_by_label("North-South counters").blur()  # leaving the box fills the other


def test_a_scorer_records_hands_and_sees_the_sheet_grow(page, table_game):
    log_in(page, "sam", PASSWORD)
    page.goto(f"/games/{table_game.pk}/")
    expect(page.locator("#dealer")).to_contain_text("Dealer: North")

    record(page, "North", 80, "Red", 85)
    # The other side's counters fill themselves in from the deck's 120.
    expect(page.get_by_label("East-West counters")).to_have_value("35")
    page.get_by_role("button", name="Record hand 1").click()

    expect(page.locator("#hand-result")).to_contain_text("Hand 1 recorded: North bid 80, made")
    expect(page.locator("#hand-1")).to_contain_text("85")
    expect(page.locator("#dealer")).to_contain_text("Dealer: East")
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()

    # A bid that is not a multiple of 5 is refused next to the bid, nothing stored.
    record(page, "East", 73, "Green", 40)
    page.get_by_role("button", name="Record hand 2").click()
    expect(page.locator(".has-error")).to_contain_text("not a multiple of 5")
    assert Hand.objects.filter(game=table_game).count() == 1

    page.get_by_label("Bid", exact=True).fill("75")
    page.get_by_role("button", name="Record hand 2").click()
    expect(page.locator("#hand-2")).to_be_visible()
    for hand in (3, 4):
        record(page, "South", 70, "Black", 70)
        page.get_by_role("button", name=f"Record hand {hand}").click()
        expect(page.locator(f"#hand-{hand}")).to_be_visible()
    expect(page.locator("#seat-exchange")).to_contain_text("exchange seats")
    # Hand 5 half entered: what the scorer sees mid-entry, for a look at the layout.
    record(page, "West", 80, "Yellow", 50)
    expect(page.get_by_label("East-West counters")).to_have_value("70")
    screenshot(page, "score-entry-phone")
