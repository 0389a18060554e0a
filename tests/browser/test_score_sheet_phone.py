"""The score-entry page on a phone (360 x 800 and 390 x 844): after Record the result is
where the scorer is looking, the sheet fits without sideways scrolling, Confirm does not
move the page, and the two counters fields fill each other without losing what was typed."""

import datetime

import pytest
from playwright.sync_api import expect

from play import checkins, night_opening, night_seating
from play.hands import hand_record
from play.models import Game, Hand
from tests.browser.helpers import SCREENSHOTS, log_in
from tests.factories import (
    PASSWORD,
    ClubFactory,
    director_of,
    hand_in,
    players_of,
    scorer_of,
    set_hand_in,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = {"360x800": {"width": 360, "height": 800}, "390x844": {"width": 390, "height": 844}}


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


@pytest.fixture(params=list(PHONES))
def phone(request, browser, live_server):
    """A touch phone page at each of the two widths."""
    context = browser.new_context(
        viewport=PHONES[request.param],
        base_url=live_server.url,
        locale="en-US",
        has_touch=True,
        is_mobile=True,
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.size_name = request.param
    yield page
    context.close()


def shot(page, name: str) -> None:
    """What the person sees now (the viewport, not the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{page.size_name}.png"))


def fill_hand(page, bidder: str, bid: int, trump: str, ns: int) -> None:
    page.get_by_role("radio", name=bidder).check()
    page.get_by_label("Bid", exact=True).fill(str(bid))
    page.get_by_role("radio", name=trump, exact=True).check()
    page.get_by_label("North-South counters").fill(str(ns))


def in_view(page, selector: str) -> bool:
    """Wholly inside the viewport and below the sticky top bar."""
    return page.evaluate(
        """(selector) => {
            const box = document.querySelector(selector).getBoundingClientRect();
            const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
            return box.top >= bar && box.bottom <= window.innerHeight
                && box.left >= 0 && box.right <= window.innerWidth;
        }""",
        selector,
    )


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_after_record_the_result_and_totals_are_in_view_with_focus(phone, table_game):
    page = phone
    log_in(page, "sam", PASSWORD)
    page.goto(f"/games/{table_game.pk}/")

    # A made hand: the Record button is far down the page when it is tapped.
    fill_hand(page, "North", 80, "Red", 85)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#result-text")).to_have_text(
        "Hand 1 recorded: North bid 80, made — N-S +85, E-W +35"
    )
    expect(page.locator("#result-totals")).to_have_text("Totals: N-S 85 · E-W 35")
    expect(page.locator("#hand-result")).to_be_focused()
    assert in_view(page, "#result-text") and in_view(page, "#result-totals")
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    expect(page.locator("#dealer")).to_contain_text("Dealer: East")
    expect(page.get_by_label("Bid", exact=True)).to_have_value("")
    shot(page, "after-record-made")

    # A set hand: East bid 75 and took 60.
    fill_hand(page, "East", 75, "Green", 60)
    page.get_by_role("button", name="Record hand 2").click()
    expect(page.locator("#result-text")).to_have_text(
        "Hand 2 recorded: East bid 75, set — N-S +60, E-W -75"
    )
    expect(page.locator("#result-totals")).to_have_text("Totals: N-S 145 · E-W -40")
    expect(page.locator("#hand-result")).to_be_focused()
    assert in_view(page, "#result-text") and in_view(page, "#result-totals")
    shot(page, "after-record-set")

    # A refused hand keeps what was typed; focus goes to the first error, in view.
    fill_hand(page, "South", 73, "Black", 70)
    page.get_by_role("button", name="Record hand 3").click()
    expect(page.locator("#not-recorded")).to_contain_text("not a multiple of 5")
    expect(page.get_by_label("Bid", exact=True)).to_be_focused()
    expect(page.get_by_label("Bid", exact=True)).to_have_value("73")
    assert in_view(page, "#id_bid, [name=bid]")
    assert Hand.objects.filter(game=table_game).count() == 2


def test_the_fourth_hands_result_brings_the_seat_exchange_into_view(phone, table_game):
    page = phone
    sam = table_game.club.memberships.get(user__username="sam").user
    for number in range(1, 4):
        body = hand_in(bid=70, ns=70)
        hand_record(game=table_game, data=body, entered_by=sam, number=number)
    log_in(page, "sam", PASSWORD)
    page.goto(f"/games/{table_game.pk}/")

    fill_hand(page, "North", 70, "Red", 70)
    page.get_by_role("button", name="Record hand 4").click()

    expect(page.locator("#seat-exchange")).to_contain_text("exchange seats before hand 5")
    expect(page.locator("#hand-result")).to_be_focused()
    assert in_view(page, "#result-text") and in_view(page, "#seat-exchange")


def thirteen_hands(game) -> None:
    """Thirteen hands that keep both sides near 0, so the game goes on: sets each way."""
    sam = game.club.memberships.get(user__username="sam").user
    for number in range(1, 14):
        north = number % 2
        # Each side set in turn: the declarers take 50 of their 70.
        body = set_hand_in("north" if north else "east", 70, "yellow", short=20)
        hand_record(game=game, data=body, entered_by=sam, number=number)


def test_thirteen_hands_fit_without_sideways_scrolling_and_confirm_stays_put(phone, table_game):
    thirteen_hands(table_game)
    page = phone
    log_in(page, "dana", PASSWORD)  # a director: Confirm and Correct on every hand
    page.goto(f"/games/{table_game.pk}/")
    expect(page.locator(".hands > li")).to_have_count(13)
    assert no_sideways_scroll(page)
    # Every hand's number, bid, each side's score and total, and Confirm are on screen width.
    for selector in (
        "#hand-13 .num",
        "#hand-13 .bid",
        "#hand-13 .side.ns .total",
        "#hand-13 .side.ew .total",
        "#hand-13 .side.ew .score",
    ):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], selector
    expect(page.locator("#hand-13 .bid")).to_contain_text("70")
    expect(page.locator("#hand-13 .bid")).to_contain_text("set")

    # The rest of a hand opens on tap: trump, counters, who entered it.
    page.locator("#hand-7 summary").click()
    expect(page.locator("#hand-7 .hand-more")).to_be_visible()
    expect(page.locator("#hand-7 .hand-more")).to_contain_text("Yellow")
    expect(page.locator("#hand-7 .hand-more")).to_contain_text("entered by")
    assert no_sideways_scroll(page)

    # Confirm hand 9 from the middle of the sheet: the page does not move.
    confirm = page.get_by_role("button", name="Confirm hand 9")
    confirm.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 40)")
    box = confirm.bounding_box()
    assert box["x"] + box["width"] <= page.viewport_size["width"]
    assert box["height"] >= 44
    before = page.evaluate("window.scrollY")
    confirm.click()
    expect(page.locator("#hand-9 .confirm-cell")).to_contain_text("✓ confirmed")
    expect(page.locator("#hand-9")).to_contain_text("confirmed by a club member")  # no username
    assert page.evaluate("window.scrollY") == before
    assert Hand.objects.get(game=table_game, number=9).confirmed_by.username == "dana"
    shot(page, "sheet-after-confirm")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    shot(page, "sheet-bottom")


def test_tap_targets_on_the_page_are_at_least_44px(phone, table_game):
    thirteen_hands(table_game)
    page = phone
    log_in(page, "dana", PASSWORD)
    page.goto(f"/games/{table_game.pk}/")
    page.locator("#hand-1 summary").click()

    targets = "#game-live :is(button, summary, a.button, .choice span)"
    small = page.evaluate(
        """(targets) => [...document.querySelectorAll(targets)]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
            .filter(([, h]) => h < 44)""",
        targets,
    )
    assert small == []


def test_the_counters_boxes_fill_each_other_on_leaving_never_the_one_typed_in(phone, table_game):
    page = phone
    log_in(page, "sam", PASSWORD)
    page.goto(f"/games/{table_game.pk}/")
    ns, ew = page.get_by_label("North-South counters"), page.get_by_label("East-West counters")
    note = page.locator("[data-counters-note=counters]")

    ns.press_sequentially("85")
    expect(ew).to_have_value("")  # nothing is filled while typing
    ns.blur()
    expect(ew).to_have_value("35")
    expect(note).to_have_text("")  # East-West was not typed: nothing lost

    ew.fill("")
    ew.press_sequentially("40")
    ew.blur()
    expect(ns).to_have_value("80")
    expect(ew).to_have_value("40")  # the field typed in is never overwritten
    expect(note).to_have_text("North-South counters changed from 85 to 80, so the two make 120.")

    ns.fill("")
    ns.press_sequentially("90")
    ns.blur()
    expect(ew).to_have_value("30")
    expect(ns).to_have_value("90")
    expect(note).to_contain_text("East-West counters changed from 40 to 30")
