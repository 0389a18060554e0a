"""axe-core (vendored under tests/browser/vendor, for tests only) finds no serious or
critical violation on the table page, a game's score page and a tournament's page, on
a 390x844 phone."""

import datetime

import pytest
from django.core.cache import cache

from play import checkins, night_opening, night_seating
from play.models import Game
from play.table_links import links_for
from tests.browser.helpers import log_in, serious_violations
from tests.factories import PASSWORD, ClubFactory, director_of, players_of
from tests.tournaments.conftest import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def night():
    cache.clear()
    club = ClubFactory(name="Maple Street Rook Club", slug="maple-street")
    director = director_of(club, username="dana")
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    key = links_for(club=club, kind="night", night=night, numbers=[1])[1].key
    return club, director, key


def test_the_table_page_after_a_hand_has_no_serious_violation(page, night):
    _club, _director, key = night
    page.goto(f"/t/{key}/")
    page.locator("#hand_bidder_north").check()
    page.get_by_label("Bid", exact=True).fill("80")
    page.get_by_role("radio", name="Red", exact=True).check()
    page.get_by_label("North-South counters").fill("85")
    page.get_by_role("button", name="Record hand 1").click()
    page.locator("#confirm-now").wait_for()

    assert serious_violations(page) == []


def test_a_games_score_page_has_no_serious_violation(page, night):
    log_in(page, "dana", PASSWORD)
    page.goto(f"/games/{Game.objects.get().pk}/")

    assert serious_violations(page) == []


def test_a_tournament_page_has_no_serious_violation(page, night):
    club, director, _key = night
    tournament = make_event(club, director, "round_robin", 4)
    log_in(page, "dana", PASSWORD)
    page.goto(f"/tournaments/{tournament.pk}/")

    assert serious_violations(page) == []
