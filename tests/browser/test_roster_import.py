"""A director imports a roster on a phone (390 x 844): upload, read the preview of
every row, import; and downloads the roster back as CSV."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from rookclub.clubs.models import Player
from tests.browser.helpers import log_in, screenshot
from tests.factories import PASSWORD, ClubFactory, PlayerFactory, director_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FILE = "Name;E-mail\nAnn Lee;ann@example.org\nann  lee;\nBo Diaz;\nDee;not-an-email\nEve;\n"


@pytest.fixture
def club():
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director_of(club, username="dana")
    PlayerFactory(club=club, name="Bo Diaz")
    return club


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        base_url=live_server.url,
        locale="en-US",
        has_touch=True,
        is_mobile=True,
        accept_downloads=True,
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_upload_preview_and_import_on_a_phone(phone, club):
    log_in(phone, "dana", PASSWORD)
    phone.goto("/clubs/maple-street/members/")

    phone.get_by_label("CSV file (up to 1 MB, 2,000 players)").set_input_files(
        {"name": "roster.csv", "mimeType": "text/csv", "buffer": FILE.encode()}
    )
    phone.get_by_role("button", name="Preview the import").click()

    expect(phone.get_by_text("Nothing is stored yet.")).to_be_visible()
    rows = phone.locator("table.roster-preview tbody tr")
    expect(rows).to_have_count(5)
    expect(rows.nth(1)).to_contain_text("Duplicate of row 2 of the file: skipped.")
    expect(rows.nth(2)).to_contain_text("Already plays here as Bo Diaz: skipped.")
    expect(rows.nth(3)).to_contain_text("is not an email address")
    assert Player.objects.count() == 1  # nothing stored by the preview
    # The page fits the phone: only the table scrolls sideways, inside its card.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    button = phone.get_by_role("button", name="Import 2 players")
    assert button.bounding_box()["height"] >= 44
    screenshot(phone, "roster-import-preview-390x844")

    button.click()

    expect(phone.get_by_text("Imported 2 players; skipped 3 rows")).to_be_visible()
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Ann Lee", "Bo Diaz", "Eve"]


def test_the_roster_downloads_as_csv_from_a_44px_link(phone, club):
    log_in(phone, "dana", PASSWORD)
    phone.goto("/clubs/maple-street/members/")
    link = phone.get_by_role("link", name="Download CSV (players)")
    assert link.bounding_box()["height"] >= 44

    with phone.expect_download() as download:
        link.click()

    assert download.value.suggested_filename.startswith("maple-street-players-")
    body = Path(download.value.path()).read_text(encoding="utf-8-sig")
    assert body.splitlines()[:2] == ["name,email,active", "Bo Diaz,,yes"]
