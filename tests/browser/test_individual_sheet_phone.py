"""In a real browser: a Beginner game's sheet on a phone has a column per player that
fits 360 px without sideways scrolling, and a director replays a disputed hand card
by card from its row, the renege marked."""

import datetime

import pytest
from playwright.sync_api import expect

from play import checkins, night_opening, night_seating
from play.disputes import card_name
from play.hands import hand_record
from play.models import Game
from tests.browser.helpers import log_in, screenshot
from tests.factories import PASSWORD, ClubFactory, director_of, players_of, scorer_of
from tests.play.card_hands import reneging_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def night_game(ruleset: str):
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    scorer = scorer_of(club, username="sam")
    night = night_opening.night_open(
        club=club, date=datetime.date(2025, 3, 6), opened_by=director, ruleset=ruleset
    )
    checkins.night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    return Game.objects.get(night=night), scorer


def test_a_beginner_sheet_fits_a_phone_with_a_column_per_player(browser, live_server):
    game, scorer = night_game("beginner")
    for counters in ((10, 6, 4, 4), (2, 12, 6, 4), (4, 4, 10, 6)):
        data = {
            "trump": "red",
            "counters": dict(zip(("north", "east", "south", "west"), counters, strict=True)),
        }
        hand_record(game=game, data=data, entered_by=scorer)
    context = browser.new_context(
        viewport={"width": 360, "height": 800},
        base_url=live_server.url,
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    try:
        log_in(page, "sam", PASSWORD)
        page.goto(f"/games/{game.pk}/")
        row = page.locator("#hand-3")
        expect(row.locator(".side.player")).to_have_count(4)
        expect(row.locator(".side.player .total")).to_have_text(["16", "22", "20", "14"])
        fits = page.evaluate(
            """() => {
                const row = document.querySelector('#hand-3');
                const confirm = row.querySelector('.confirm-cell').getBoundingClientRect();
                const cells = [...row.querySelectorAll('.side.player')]
                    .map(c => c.getBoundingClientRect());
                return document.documentElement.scrollWidth <= window.innerWidth
                    && cells.every(c => c.right <= confirm.left + 1 && c.width >= 30);
            }"""
        )
        screenshot(page, "beginner-sheet-360")
        assert fits, "the player columns overlap Confirm or scroll sideways at 360 px"
    finally:
        context.close()


def test_a_director_replays_a_disputed_hand_from_its_row(browser, live_server):
    game, scorer = night_game("tournament")
    card_hand, trick, seat, card = reneging_hand(dealer=game.first_dealer)
    hand = hand_record(game=game, data={"card_hand": card_hand.to_dict()}, entered_by=scorer)
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server.url)
    page = context.new_page()
    try:
        log_in(page, "dana", PASSWORD)
        page.goto(f"/games/{game.pk}/")
        page.locator(f"#hand-{hand.number} summary").click()
        page.get_by_role("link", name=f"Replay hand {hand.number} card by card").click()
        expect(page.get_by_role("heading", name="Renege found")).to_be_visible()
        marked = page.locator(f"#trick-{trick} tr.renege")
        expect(marked).to_have_count(1)
        expect(marked).to_contain_text(seat.capitalize())
        expect(marked).to_contain_text(card_name(card))
        page.get_by_role("link", name=f"See trick {trick}").click()
        expect(page.locator(f"#trick-{trick}")).to_be_in_viewport()
        screenshot(page, "disputed-hand")
    finally:
        context.close()
