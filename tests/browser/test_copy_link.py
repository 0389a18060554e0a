"""The director's "Copy link" beside the night's door link puts the link itself on the
clipboard and says so on the button."""

import datetime

import pytest
from playwright.sync_api import expect

from play import night_opening
from tests.browser.helpers import log_in
from tests.factories import PASSWORD, ClubFactory, director_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_copy_link_puts_the_door_link_on_the_clipboard(desktop_page):
    club = ClubFactory(name="Maple Street Rook Club", slug="maple-street")
    director = director_of(club, username="dana")
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    page = desktop_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    log_in(page, "dana", PASSWORD)
    page.goto(f"/sessions/{night.pk}/")

    door = page.get_by_label("Door link (no login needed)")
    expect(door).to_have_value(f"{page.url.split('/sessions/')[0]}/n/{night.door_key}/")
    button = page.locator("button[data-copy='door-url']")
    expect(button).to_have_text("Copy link")
    button.click()
    expect(button).to_have_text("Copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == door.input_value()
