"""A phone's live part polled while the night changes elsewhere (the door page's seat,
as a player holds it while other tables check in and play): a poll that brings back
what the phone already shows leaves the page's elements in place, so a tap on "Score
table" at that moment is not lost and a screen reader is not told the seat again; a
poll that brings a change shows it."""

import datetime

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play import checkins, night_closing, night_opening, night_seating
from tests.factories import ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Counts the seat's finished polls, with the status each was answered.
COUNT_POLLS = """() => {
  if (window.seatPolls) return;
  window.seatPolls = [];
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.target.id === "door-seat") window.seatPolls.push(event.detail.xhr.status);
  });
}"""
#: The phone comes back to the page: the seat is asked again at once.
POLL_NOW = "() => { window.seatPolls = []; window.dispatchEvent(new Event('focus')); }"


@pytest.fixture
def night():
    cache.clear()
    club = ClubFactory(name="Maple Street Rook Club", slug="maple-street")
    director = director_of(club, username="dana")
    players = players_of(club, 9)
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    return night, director, players


def _poll(page) -> None:
    page.evaluate(COUNT_POLLS)
    page.evaluate(POLL_NOW)
    page.wait_for_function("() => window.seatPolls.length > 0")


def test_a_poll_that_brings_the_same_seat_leaves_the_link_in_place(page, night):
    night, director, players = night
    page.goto(f"/n/{night.door_key}/")
    page.get_by_role("button", name=players[0].name, exact=True).click()
    expect(page.locator("#door-waiting")).to_be_visible()
    checkins.night_check_in(night=night, players=players[1:8], by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    _poll(page)
    expect(page.locator("#door-at")).to_contain_text("Table")
    page.evaluate("() => { document.getElementById('door-table').held = true; }")

    # A latecomer at the door changes the night, not this player's seat.
    checkins.night_check_in(night=night, players=[players[8]], by=director)
    _poll(page)
    assert page.evaluate("() => window.seatPolls") == [200]
    assert page.evaluate("() => document.getElementById('door-table').held") is True

    # The director closes the night: that change is shown.
    night_closing.night_close(night=night, by=director)
    _poll(page)
    expect(page.locator("#door-closed")).to_contain_text("The club night is over")
