"""A newcomer starts a club from a phone and brings in a scorer by a link (issue
"At the table", item 2): nobody needs /admin/, and no page scrolls sideways."""

import pytest
from playwright.sync_api import expect

from rookclub.clubs.models import Club, Membership
from tests.browser.helpers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "table-talk-2026"


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"


def sign_up(page, username: str) -> None:
    page.get_by_label("Username", exact=True).fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    no_sideways_scroll(page)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("button", name=f"Log out {username}")).to_be_visible()


def test_a_newcomer_starts_a_club_and_a_scorer_joins_by_the_link(page, new_page):
    page.goto("/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Sign up").click()
    sign_up(page, "nora")

    page.get_by_role("link", name="New club").click()
    page.get_by_label("Club name").fill("Oak Lane Rook")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Create the club").click()
    expect(page.get_by_role("heading", name="Members of Oak Lane Rook")).to_be_visible()

    page.locator("#id_role").first.select_option("scorer")
    page.get_by_role("button", name="Make an invitation link").click()
    link = page.get_by_label("Invitation link for a scorer")
    expect(link).to_be_visible()
    url = link.input_value()
    no_sideways_scroll(page)
    screenshot(page, "members-phone")

    scorer = new_page()
    scorer.goto(url)
    expect(scorer.get_by_role("heading", name="Join Oak Lane Rook")).to_be_visible()
    no_sideways_scroll(scorer)
    scorer.get_by_role("link", name="Sign up to join").click()
    sign_up(scorer, "sam")
    scorer.get_by_role("button", name="Join Oak Lane Rook").click()
    expect(scorer.get_by_text("You joined Oak Lane Rook as a scorer.")).to_be_visible()
    no_sideways_scroll(scorer)

    club = Club.objects.get(name="Oak Lane Rook")
    roles = dict(club.memberships.values_list("user__username", "role"))
    assert roles == {"nora": Membership.Role.DIRECTOR, "sam": Membership.Role.SCORER}
    page.reload()
    expect(page.locator(".member", has_text="sam")).to_contain_text("Scorer")
    no_sideways_scroll(page)
