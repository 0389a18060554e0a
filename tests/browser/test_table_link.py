"""With only the table link (no login), on one phone at 390x844: a player records a
hand for North-South and the opponents confirm it as East-West."""

import datetime

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play import checkins, night_opening, night_seating
from play.models import Game, Hand
from play.table_links import links_for
from tests.browser.helpers import screenshot
from tests.factories import ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_key():
    cache.clear()
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    return links_for(club=club, kind="night", night=night, numbers=[1])[1].key


def test_players_record_and_confirm_a_hand_with_only_the_table_link(page, table_key):
    assert page.viewport_size == {"width": 390, "height": 844}
    page.goto(f"/t/{table_key}/")
    expect(page.get_by_role("heading", name="Table 1")).to_be_visible()
    expect(page.get_by_role("radio", name="North-South", exact=True)).to_be_checked()

    page.locator("#hand_bidder_north").check()  # the declarer: North
    page.get_by_label("Bid", exact=True).fill("80")
    page.get_by_role("radio", name="Red", exact=True).check()
    page.get_by_label("North-South counters").fill("85")
    page.get_by_role("button", name="Record hand 1").click()

    expect(page.locator("#hand-result")).to_contain_text("Hand 1 recorded: North bid 80, made")
    # The entering side is offered no Confirm; the opponents confirm on the same phone.
    expect(page.get_by_role("button", name="Confirm hand 1 as North-South")).to_have_count(0)
    # Right under the result: the other side confirms in the flow (the sheet's row has one too).
    page.locator("#confirm-now").get_by_role("button", name="Confirm hand 1 as East-West").click()

    expect(page.locator("#hand-1 .confirm-cell")).to_contain_text("confirmed")
    expect(page.locator("#hand-1 .confirmed-by")).to_contain_text(
        "confirmed via table link (East-West)"
    )
    screenshot(page, "table-link-confirmed")
    hand = Hand.objects.get(game=Game.objects.get())
    assert hand.entered_via is not None and hand.entered_side == "north_south"
    assert hand.confirmed_side == "east_west" and hand.entered_by is None


def test_confirming_from_a_row_clears_its_waiting_note_and_the_count(page, table_key):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"/t/{table_key}/")
    for number in (1, 2):
        page.locator("#hand_bidder_north").check()
        page.get_by_label("Bid", exact=True).fill("80")
        page.get_by_role("radio", name="Red", exact=True).check()
        page.get_by_label("North-South counters").fill("85")
        page.get_by_role("button", name=f"Record hand {number}").click()
        expect(page.locator("#hand-result")).to_contain_text(f"Hand {number} recorded")
    page.reload()  # the sheet as a phone that comes back later sees it
    expect(page.locator("#unconfirmed-count")).to_have_text("2 not yet confirmed")

    page.locator("#hand-2").get_by_role("button", name="Confirm hand 2 as East-West").click()

    expect(page.locator("#hand-2 .confirm-cell")).to_contain_text("confirmed")
    expect(page.locator("#unconfirmed-count")).to_have_text("1 not yet confirmed")
    expect(page.locator("#waiting-hand-2")).to_have_class("confirmed")
    expect(page.locator("#waiting-hand-2 del")).to_be_visible()
    expect(page.locator("#waiting-hand-1")).not_to_have_class("confirmed")

    page.locator("#hand-1").get_by_role("button", name="Confirm hand 1 as East-West").click()

    expect(page.locator("#hand-1 .confirm-cell")).to_contain_text("confirmed")
    expect(page.locator("#unconfirmed-count")).to_have_text("all confirmed")
    expect(page.locator("#waiting-hand-1")).to_have_class("confirmed")
    assert errors == []
