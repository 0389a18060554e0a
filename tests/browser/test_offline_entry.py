"""The wifi drops at the table: hands recorded offline are kept on the phone, survive a
reload, and are sent once each, in order, when the network is back; a hand the server
refuses by then is shown with its reason and kept for the scorer (issue item 4)."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from play.hands import hand_record
from play.models import Hand
from tests.browser.helpers import log_in, screenshot
from tests.browser.test_score_entry import record, table_game  # noqa: F401 - a fixture
from tests.browser.test_table_of_five_phone import table_of_five  # noqa: F401 - a fixture
from tests.factories import PASSWORD
from tests.pages.conftest import hand_body

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_sheet(page, game) -> None:
    log_in(page, "sam", PASSWORD)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("#outbox-status")).to_contain_text("Online")
    # The service worker has kept this page, so a reload offline can show it.
    expect(page.locator("#outbox[data-offline-ready=true]")).to_be_attached()


def stored(game) -> list[tuple]:
    hands = Hand.objects.filter(game=game).order_by("number")
    return list(hands.values_list("number", "bidder", "bid", "trump"))


def test_hands_recorded_offline_survive_a_reload_and_are_sent_once_in_order(page, table_game):  # noqa: F811
    open_sheet(page, table_game)
    status = page.locator("#outbox-status")

    page.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    record(page, "North", 80, "Red", 85)
    page.get_by_role("button", name="Record hand 1").click()
    expect(status).to_contain_text("waiting to send (1)")
    # The form moved on: the second hand offline takes the next number.
    record(page, "East", 75, "Green", 40)
    page.get_by_role("button", name="Record hand 2").click()
    expect(status).to_contain_text("waiting to send (2)")
    expect(page.get_by_role("button", name="Record hand 3")).to_be_visible()
    assert stored(table_game) == []

    # Still offline: the service worker serves the page; the outbox kept both hands.
    page.reload()
    expect(status).to_contain_text("Offline · waiting to send (2)")
    expect(page.locator(".outbox-list li")).to_have_count(2)
    # What each kept hand says, counters too, so the table can check them before they go.
    expect(page.locator(".outbox-list li").first).to_have_text(
        "Hand 1: North 80 Red, counters North-South 85 / East-West 35 — waiting to send"
    )
    expect(page.get_by_role("button", name="Record hand 3")).to_be_visible()
    screenshot(page, "offline-waiting-phone")

    page.context.set_offline(False)
    expect(page.locator("#hand-2")).to_be_visible()
    expect(status).to_contain_text("Online")
    expect(status).not_to_contain_text("waiting")
    expect(page.locator(".outbox-list")).to_be_hidden()
    expect(page.get_by_role("button", name="Record hand 3")).to_be_visible()
    assert stored(table_game) == [(1, "north", 80, "red"), (2, "east", 75, "green")]


def test_a_hand_whose_number_another_phone_took_is_kept_with_the_reason(page, table_game):  # noqa: F811
    open_sheet(page, table_game)
    status = page.locator("#outbox-status")
    page.context.set_offline(True)
    record(page, "North", 80, "Red", 85)
    page.get_by_role("button", name="Record hand 1").click()
    expect(status).to_contain_text("waiting to send (1)")
    # Meanwhile the director records hand 1 on another phone: a different hand.
    dana = get_user_model().objects.get(username="dana")
    hand_record(game=table_game, data=hand_body("east", 75, "green", 40), entered_by=dana, number=1)

    page.context.set_offline(False)
    kept = page.locator(".outbox-list li")
    expect(kept).to_contain_text(
        "Hand 1: North 80 Red, counters North-South 85 / East-West 35 — not accepted: "
        "Hand 1 is already recorded"
    )
    # Two phones, one hand: what differs from the stored hand is said, not only the refusal.
    expect(kept).to_contain_text(
        "What differs from the stored hand 1: declarer East stored, North in yours; "
        "bid 75 stored, 80 in yours; trump Green stored, Red in yours; "
        "counters N-S 40 / E-W 80 stored, N-S 85 / E-W 35 in yours."
    )
    expect(status).to_contain_text("not accepted (1)")
    assert stored(table_game) == [(1, "east", 75, "green")]
    # Kept on the phone, not dropped: still there after a reload.
    page.reload()
    expect(kept).to_have_count(1)
    expect(kept).to_contain_text("not accepted")
    screenshot(page, "offline-refused-phone")

    # Edit puts it back in the form, as the next free hand; recording it sends it.
    kept.get_by_role("button", name="Edit").click()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    expect(page.get_by_role("radio", name="North")).to_be_checked()
    expect(page.get_by_label("Bid", exact=True)).to_have_value("80")
    expect(page.locator(".outbox-list")).to_be_hidden()
    page.get_by_role("button", name="Record hand 2").click()
    expect(page.locator("#hand-2")).to_be_visible()
    assert stored(table_game) == [(1, "east", 75, "green"), (2, "north", 80, "red")]


def test_a_refused_hand_is_discarded_only_after_a_confirm(page, table_game):  # noqa: F811
    open_sheet(page, table_game)
    page.context.set_offline(True)
    record(page, "North", 80, "Red", 85)
    page.get_by_role("button", name="Record hand 1").click()
    dana = get_user_model().objects.get(username="dana")
    hand_record(game=table_game, data=hand_body("east", 75, "green", 40), entered_by=dana, number=1)
    page.context.set_offline(False)
    kept = page.locator(".outbox-list li")
    expect(kept).to_contain_text("not accepted")

    page.once("dialog", lambda dialog: dialog.dismiss())
    kept.get_by_role("button", name="Discard").click()
    expect(kept).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())
    kept.get_by_role("button", name="Discard").click()
    expect(kept).to_have_count(0)
    expect(page.locator("#outbox-status")).to_contain_text("Hand 1 discarded.")
    assert stored(table_game) == [(1, "east", 75, "green")]


def test_a_hand_whose_answer_was_lost_is_sent_again_and_stored_once(page, table_game):  # noqa: F811
    open_sheet(page, table_game)
    lost = []

    def lose_the_answer(route):
        # The post reaches the server and the hand is stored; its answer never arrives.
        if route.request.method == "POST" and not lost:
            route.fetch()
            lost.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.continue_()

    page.context.route(f"**/games/{table_game.pk}/", lose_the_answer)
    record(page, "North", 80, "Red", 85)
    page.get_by_role("button", name="Record hand 1").click()

    # Sent again under hand 1: this phone's own hand reads as recorded, not refused,
    # not doubled, and not as another phone's.
    expect(page.locator("#outbox-status")).to_contain_text("Hand 1 recorded.")
    expect(page.locator("#outbox-status")).not_to_contain_text("already")
    expect(page.locator("#hand-1")).to_be_visible()
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    assert lost
    assert stored(table_game) == [(1, "north", 80, "red")]


def test_a_hand_kept_offline_at_a_table_of_five_names_its_seat_as_the_table_does(
    page,
    table_of_five,  # noqa: F811
):
    """Kept on the phone, a hand says who declared as the form does ("Seat 1"), not as
    it is stored ("seat1")."""
    open_sheet(page, table_of_five)
    page.context.set_offline(True)
    page.locator("#hand_bidder_seat2").check()
    page.get_by_label("Bid", exact=True).fill("45")
    page.get_by_role("radio", name="Green", exact=True).check()
    page.get_by_role("button", name="Record hand 2").click()

    kept = page.locator(".outbox-list li")
    expect(kept).to_have_count(1)
    expect(kept).to_contain_text("Hand 2: Seat 2 45 Green —")
    assert "seat2" not in kept.inner_text().lower().replace("seat 2", "")


def test_a_phone_whose_network_dropped_while_the_page_opened_still_keeps_hands(
    browser,
    live_server,
    table_game,  # noqa: F811
):
    """The storage library did not arrive (the wifi dropped just then): once the network
    is back the phone fetches it again, and a hand recorded offline later is kept."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        base_url=live_server.url,
        service_workers="block",  # a hall's plain http: no worker keeps the files
    )
    context.set_default_timeout(10_000)
    dropped = []

    def drop_the_first(route):
        if dropped:
            route.continue_()
        else:
            dropped.append(route.request.url)
            route.abort("internetdisconnected")

    context.route("**/vendor/idb/**", drop_the_first)
    page = context.new_page()
    log_in(page, "sam", PASSWORD)
    page.goto(f"/games/{table_game.pk}/")
    status = page.locator("#outbox-status")
    expect(status).to_contain_text("Online")
    assert dropped

    page.context.set_offline(True)
    page.context.set_offline(False)  # back: the outbox looks at what it keeps
    page.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    record(page, "North", 80, "Red", 85)
    page.get_by_role("button", name="Record hand 1").click()
    expect(status).to_contain_text("waiting to send (1)")

    page.context.set_offline(False)
    expect(page.locator("#hand-1")).to_be_visible()
    expect(status).not_to_contain_text("waiting")
    assert stored(table_game) == [(1, "north", 80, "red")]
    context.close()
