"""At the table, on a 390x844 phone with only the table link:
confirming is in the flow, the numbers typed are the numbers stored, the page is an
installable app with Record always in reach, and offline it says who deals next."""

import datetime

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play import checkins, night_opening, night_seating
from play.models import Game, Hand
from play.table_links import links_for
from tests.browser.helpers import screenshot
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.factories import ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_key():
    cache.clear()
    club = ClubFactory(name="Maple Street Rook Club", slug="maple-street")
    director = director_of(club, username="dana")
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    return links_for(club=club, kind="night", night=night, numbers=[1])[1].key


def in_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"]
    )


def fill_hand(page, declarer="north", bid=80, trump="Red", ns="85"):
    page.locator(f"#hand_bidder_{declarer}").check()
    page.get_by_label("Bid", exact=True).fill(str(bid))
    page.get_by_role("radio", name=trump, exact=True).check()
    page.get_by_label("North-South counters").fill(ns)


def test_after_record_the_other_side_confirms_in_the_flow_with_both_buttons_in_view(
    page, table_key
):
    page.goto(f"/t/{table_key}/")
    record = page.get_by_role("button", name="Record hand 1")
    assert in_viewport(page, record), "Record is reachable without scrolling"

    for number in (1, 2):
        fill_hand(page)
        page.get_by_role("button", name=f"Record hand {number}").click()
        result = page.locator("#hand-result")
        expect(result).to_contain_text(f"Hand {number} recorded: North bid 80, made")
        expect(result).to_contain_text(f"Pass the phone to East-West to confirm hand {number}.")
        confirm = result.get_by_role("button", name=f"Confirm hand {number} as East-West")
        expect(confirm).to_be_visible()
        assert in_viewport(page, confirm)
        assert in_viewport(page, page.get_by_role("button", name=f"Record hand {number + 1}"))
        expect(page.locator("#unconfirmed")).to_contain_text(
            f"Hand {number} not yet confirmed by East-West."
        )
        expect(page.locator(f"#hand-{number}.unconfirmed")).to_be_attached()
    screenshot(page, "table-phone-confirm-in-flow")
    expect(page.locator("#unconfirmed-count")).to_have_text("2 not yet confirmed")

    page.locator("#hand-result").get_by_role("button", name="Confirm hand 2 as East-West").click()

    expect(page.locator("#unconfirmed")).to_have_text("Hand 1 not yet confirmed by East-West.")
    expect(page.locator("#confirm-now")).to_have_count(0)
    expect(page.locator("#hand-2 .confirm-cell")).to_contain_text("confirmed")
    assert in_viewport(page, page.get_by_role("button", name="Record hand 3"))
    hands = Hand.objects.filter(game=Game.objects.get()).order_by("number")
    assert [(h.number, h.confirmed_side) for h in hands] == [(1, ""), (2, "east_west")]


def test_counters_typed_fill_the_other_box_only_once_complete_and_left(page, table_key):
    page.goto(f"/t/{table_key}/")
    ns, ew = page.get_by_label("North-South counters"), page.get_by_label("East-West counters")

    ns.press_sequentially("13")
    expect(ew).to_have_value("")  # "13" is not a number of counters: nothing written
    ns.press_sequentially("0")
    expect(ew).to_have_value("")
    ns.blur()
    expect(ew).to_have_value("")  # 130 is more than the deck's 120: nothing filled
    ns.fill("")
    ns.press_sequentially("85")
    expect(ew).to_have_value("")  # still typing
    ns.blur()
    expect(ew).to_have_value("35")


def test_a_renege_pair_is_stored_as_typed_and_named_in_the_result(page, table_key):
    page.goto(f"/t/{table_key}/")
    page.locator("#hand_bidder_west").check()
    page.get_by_label("Bid", exact=True).fill("90")
    page.get_by_role("radio", name="Black", exact=True).check()
    page.get_by_text("Renege", exact=True).click()
    page.get_by_label("Reneged").select_option("north")
    page.get_by_label("Renege found").select_option("later")
    # Two free boxes: neither fills the other, whatever is typed first.
    ns_had, ew_had = page.get_by_label("North-South had"), page.get_by_label("East-West had")
    ns_had.fill("20")
    ns_had.blur()
    expect(ew_had).to_have_value("")
    ew_had.fill("30")
    ew_had.blur()
    expect(ns_had).to_have_value("20")

    page.get_by_role("button", name="Record hand 1").click()

    result = page.locator("#result-text")
    expect(result).to_contain_text("Hand 1 recorded: West bid 90")
    expect(result).to_contain_text("Renege (North)")
    hand = Hand.objects.get(game=Game.objects.get())
    assert hand.record["renege"]["counters"] == {"north_south": 20, "east_west": 30}
    # The result says what the sheet's row says: neither made nor set, the renege ends it.
    assert hand.made is None
    expect(result).not_to_contain_text(", set")
    expect(result).not_to_contain_text(", made")
    expect(page.locator("#hand-1 .bid")).not_to_contain_text("set")
    expect(page.locator("#hand-1 .bid")).not_to_contain_text("made")


def test_a_counters_note_belongs_to_the_hand_being_typed(page, table_key):
    page.goto(f"/t/{table_key}/")
    fill_hand(page, ns="60")
    ns, ew = page.get_by_label("North-South counters"), page.get_by_label("East-West counters")
    ns.blur()
    expect(ew).to_have_value("60")
    ew.fill("95")
    ew.blur()
    note = page.locator("[data-counters-note=counters]")
    expect(note).to_contain_text("North-South counters changed from 60 to 25")
    ns.fill("60")
    ns.blur()
    expect(ew).to_have_value("60")
    expect(note).to_contain_text("East-West counters changed from 95 to 60")

    page.get_by_role("button", name="Record hand 1").click()

    expect(page.locator("#result-text")).to_contain_text("Hand 1 recorded")
    expect(note).to_have_text("")


@pytest.fixture
def profile_page(browser, live_server, tmp_path):
    """A phone page in a browser profile of its own: Chromium offers to install an app
    only outside incognito, and every plain Playwright context is incognito."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=str(CHROMIUM),
        headless=True,
        args=CHROMIUM_ARGS,
        viewport=PHONE,
        base_url=live_server.url,
        locale="en-US",
        has_touch=True,
        is_mobile=True,
    )
    context.set_default_timeout(10_000)
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def test_the_table_page_is_an_installable_app_with_an_uncut_header(profile_page, table_key):
    page = profile_page
    page.goto(f"/t/{table_key}/")
    expect(page.get_by_role("heading", name="Table 1")).to_be_visible()
    manifest = page.request.get(f"/t/{table_key}/manifest.webmanifest").json()
    assert manifest["name"] == "Maple Street Rook Club"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == f"/t/{table_key}/"
    for icon in manifest["icons"]:
        assert page.request.get(icon["src"]).ok, icon
    assert page.request.get("/favicon.ico").ok

    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    # The header names the club whole: no link in it is cut.
    cut = page.evaluate(
        """() => [...document.querySelectorAll('header.topbar a')]
            .filter(a => a.scrollWidth > a.clientWidth + 1).map(a => a.textContent)"""
    )
    assert cut == []
    assert page.locator("header.topbar").bounding_box()["height"] <= 56


def test_two_hands_kept_offline_across_a_seat_exchange_show_the_next_dealer_and_seats(
    page, table_key
):
    page.goto(f"/t/{table_key}/")
    expect(page.locator("#outbox[data-offline-ready=true]")).to_be_attached()
    for number in (1, 2):
        fill_hand(page, bid=70, ns="70")  # 4 x 70: the game goes on
        page.get_by_role("button", name=f"Record hand {number}").click()
        expect(page.locator(f"#hand-{number}")).to_be_visible()
    game = Game.objects.get()
    seats_before = {s.seat: s.player.name for s in game.seats.select_related("player")}
    expect(page.locator("#outbox[data-kept-hands='2']")).to_be_attached()

    page.context.set_offline(True)
    for number in (3, 4):
        fill_hand(page, bid=70, ns="70")  # 4 x 70: the game goes on
        page.get_by_role("button", name=f"Record hand {number}").click()
        expect(page.locator("#outbox-status")).to_contain_text(f"waiting to send ({number - 2})")

    # Hand 5: four hands scored, North and South exchange seats; the deal is back at North.
    expect(page.get_by_role("button", name="Record hand 5")).to_be_visible()
    dealer = page.locator("#dealer")
    expect(dealer).to_have_text(f"Dealer: North — {seats_before['south']}")
    expect(page.locator("#rotation-note")).to_have_text(
        "⇄ North and South exchange seats before hand 5."
    )
    expect(page.locator(".seat-card[data-seat=north] .seat-player")).to_have_text(
        seats_before["south"]
    )

    # A reload without network: the latest sheet this phone saw, with its waiting hands.
    page.reload()
    expect(page.locator("#hand-2")).to_be_visible()
    expect(page.locator(".outbox-list li")).to_have_count(2)
    expect(page.get_by_role("button", name="Record hand 5")).to_be_visible()
    expect(dealer).to_have_text(f"Dealer: North — {seats_before['south']}")

    # A misdeal kept too: the phone cannot know the rotation for sure, and says so.
    page.get_by_text("Misdeal", exact=True).click()
    page.get_by_label("Misdeal found").select_option(index=1)
    page.get_by_role("button", name="Record misdeal").click()
    expect(page.locator("#outbox-status")).to_contain_text("waiting to send (3)")
    expect(dealer).to_contain_text("may be out of date")

    page.context.set_offline(False)
    expect(page.locator("#hand-5")).to_be_visible()
    expect(dealer).not_to_contain_text("may be out of date")
    assert Hand.objects.filter(game=game).count() == 5
