"""A hand recorded on a 390x844 phone through the table link is answered with its row of
the sheet and, out of band, what else it changed (games/_hand_answer.html): the totals,
the result with the other side's Confirm and the form for the next hand change, the
live region is not loaded again. A hand the rules refuse keeps what was typed and shows
the engine's reasons next to the form."""

import pytest
from playwright.sync_api import expect

from play.models import Game, Hand
from tests.browser.helpers import serious_violations
from tests.browser.test_table_phone import fill_hand, table_key  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def mark_the_live_region(page) -> None:
    """A mark on the page's live region: gone if the region is swapped or the page loads."""
    page.evaluate("() => { document.getElementById('game-live').dataset.mark = 'kept'; }")


def live_region_kept(page) -> bool:
    return page.evaluate("() => document.getElementById('game-live').dataset.mark === 'kept'")


def test_a_hand_on_the_phone_updates_totals_and_sheet_without_loading_the_page(
    page,
    table_key,  # noqa: F811
):
    page.goto(f"/t/{table_key}/")
    fill_hand(page)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#hand-1")).to_be_attached()
    posts = []
    page.on(
        "request",
        lambda request: (
            posts.append(request.headers.get("hx-request")) if request.method == "POST" else None
        ),
    )
    mark_the_live_region(page)

    fill_hand(page, declarer="east", bid=90, ns="30")
    page.locator("#side_east_west").check()
    page.get_by_role("button", name="Record hand 2").click()

    expect(page.locator("#result-text")).to_contain_text("Hand 2 recorded: East bid 90, made")
    game = Game.objects.get()
    hand = Hand.objects.get(game=game, number=2)
    expect(page.locator("[data-total=north_south]")).to_have_text(str(hand.total_ns))
    expect(page.locator("[data-total=east_west]")).to_have_text(str(hand.total_ew))
    row = page.locator("#hand-2")
    expect(row).to_have_class("hand unconfirmed")
    expect(row.locator(".side.ew .total")).to_have_text(str(hand.total_ew))
    expect(page.locator("#unconfirmed")).to_contain_text("Hand 2 not yet confirmed by North-South.")
    expect(page.locator("#unconfirmed-count")).to_have_text("2 not yet confirmed")
    # The form is empty for hand 3, the side that entered stays chosen.
    expect(page.get_by_role("button", name="Record hand 3")).to_be_visible()
    expect(page.locator("#record-heading")).to_have_text("Hand 3")
    expect(page.get_by_label("Bid", exact=True)).to_have_value("")
    expect(page.locator("#side_east_west")).to_be_checked()
    expect(page.locator("#dealer")).to_contain_text("Dealer: South")
    assert live_region_kept(page), "the live region was not loaded again"
    assert posts == ["true"], posts  # one post, by htmx
    # The answer keeps to the page's accessibility (axe, as the page itself).
    assert serious_violations(page) == []

    # The new row's Confirm works as the page's own: the other side confirms hand 2.
    row.get_by_role("button", name="Confirm hand 2 as North-South").click()
    expect(page.locator("#hand-2 .confirm-cell")).to_contain_text("confirmed")
    hand.refresh_from_db()
    assert hand.confirmed_side == "north_south"


def test_a_refused_hand_shows_the_engines_sentence_next_to_the_form(
    page,
    table_key,  # noqa: F811
):
    page.goto(f"/t/{table_key}/")
    mark_the_live_region(page)
    fill_hand(page, bid=73)

    page.get_by_role("button", name="Record hand 1").click()

    refusal = page.locator("#not-recorded")
    expect(refusal).to_contain_text("Hand 1 was not recorded.")
    expect(refusal).to_contain_text("multiple of 5")
    expect(refusal).not_to_contain_text("rules.md")
    expect(page.locator("form.hand-form .has-error .field-errors")).to_contain_text("multiple of 5")
    expect(page.get_by_label("Bid", exact=True)).to_have_value("73")
    assert live_region_kept(page)
    assert not Hand.objects.exists()

    page.get_by_label("Bid", exact=True).fill("80")
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#result-text")).to_contain_text("Hand 1 recorded: North bid 80, made")
    expect(page.locator("#not-recorded")).to_have_count(0)
    expect(page.locator("form.hand-form .field-errors")).to_have_count(0)
