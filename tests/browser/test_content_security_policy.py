"""The main pages work under the Content-Security-Policy: walking the club night page,
the phone score sheet, a table's link, a tournament's dashboard and standings, a batch
print job and the admin's login reports no violation (htmx, the outbox, its service
worker and the vendored idb included). The watch itself is in tests/browser_harness.py
and runs for every browser test; here it is proven to see a violation too."""

import datetime
import re

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play import checkins, night_opening, night_seating
from play.models import Game, Hand
from play.table_links import links_for
from tests.browser.helpers import log_in
from tests.browser_harness import policy_violations
from tests.factories import PASSWORD, ClubFactory, director_of, players_of
from tests.tournaments.conftest import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def night():
    cache.clear()
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players_of(club, 8), by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    return club, director, night


def record_hand(page, number: int) -> None:
    page.locator("#hand_bidder_north").check()
    page.get_by_label("Bid", exact=True).fill("80")
    page.get_by_role("radio", name="Red", exact=True).check()
    page.get_by_label("North-South counters").fill("85")
    page.get_by_role("button", name=f"Record hand {number}").click()
    expect(page.locator("#hand-result")).to_contain_text(f"Hand {number} recorded")


def assert_clean(page, where: str) -> None:
    page.wait_for_load_state("load")
    assert policy_violations(page) == [], where


def test_the_watch_sees_an_inline_script_the_policy_blocks(page):
    page.goto("/")
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.ran = true'; document.body.append(s); }"
    )

    page.wait_for_function("() => true")
    found = policy_violations(page)
    assert page.evaluate("window.ran === undefined")  # the inline script never ran
    assert any("script-src" in line for line in found), found
    found.clear()  # proven; the teardown check starts clean


def test_the_night_score_sheet_and_table_link_pages_keep_to_the_policy(page, new_page, night):
    club, _director, night = night
    log_in(page, "dana", PASSWORD)

    page.goto(f"/sessions/{night.pk}/")
    expect(page.get_by_role("heading", name="Tables")).to_be_visible()
    assert_clean(page, "the night page")

    game = Game.objects.filter(night=night).order_by("pk").first()
    page.goto(f"/games/{game.pk}/")
    record_hand(page, 1)
    # htmx swapped the live region; the outbox registered its service worker.
    page.wait_for_function("async () => !!(await navigator.serviceWorker.getRegistration('/'))")
    assert_clean(page, "the phone score sheet")

    table = new_page()
    key = links_for(club=club, kind="night", night=night, numbers=[2])[2].key
    table.goto(f"/t/{key}/")
    record_hand(table, 1)
    assert_clean(table, "the table link page")
    assert Hand.objects.count() == 2

    page.goto(f"/sessions/{night.pk}/")
    page.get_by_role("button", name="all score sheets for round 1").click()
    expect(page).to_have_url(re.compile(r"/print/jobs/\d+/$"))
    # A running job's page polls its progress through htmx: wait for the first answer to
    # be swapped in (the fragment then asks for look 2), unless it is finished already.
    job = page.locator('.print-job:not([hx-get$="poll=1"])')
    expect(job).to_have_count(1, timeout=20000)
    assert_clean(page, "the print job page")


def test_the_tournament_pages_and_the_admin_login_keep_to_the_policy(desktop_page):
    page = desktop_page
    club = ClubFactory()
    director = director_of(club, username="tess")
    tournament = make_event(club, director, "round_robin", 4, start=False)
    log_in(page, "tess", PASSWORD)

    page.goto(f"/tournaments/{tournament.pk}/")
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_text("The tournament has started.")).to_be_visible()
    assert_clean(page, "the tournament dashboard")
    for where in ("rounds", "standings", "bracket"):
        page.goto(f"/tournaments/{tournament.pk}/{where}/")
        assert_clean(page, f"the tournament's {where} page")
    page.goto("/tournaments/")
    assert_clean(page, "the tournaments list")

    page.context.clear_cookies()
    page.goto("/admin/login/")
    expect(page.get_by_label("Username")).to_be_visible()
    assert_clean(page, "the admin login")
