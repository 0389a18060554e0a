"""In a real browser: live standings refresh themselves; the bracket fits a phone."""

import pytest
from playwright.sync_api import expect

from tests.factories import ClubFactory, director_of
from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.entries import entry_add
from tournaments.models import Tournament
from tournaments.results import match_result_enter
from tournaments.rounds import tournament_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_public_standings_refresh_after_a_result_without_a_reload(page):
    club = ClubFactory()
    director = director_of(club, username="tess")
    tournament = make_event(club, director, "round_robin", 4)
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    table = page.get_by_role("table", name="Standings")
    expect(table).to_be_visible()
    expect(page.locator("#standings")).to_have_attribute("hx-trigger", "every 10s, refresh")
    expect(table.locator("tbody tr").first.locator("td").nth(2)).to_have_text("0")

    match = tournament.matches.filter(status="ready").order_by("table").first()
    match_result_enter(match=match, games=[[120, 340]], by=director)
    # The poll would fire within 10 s; the same request is triggered now to keep the test quick.
    page.evaluate("htmx.trigger('#standings', 'refresh')")

    leader = table.locator("tbody tr").first
    expect(leader).to_contain_text(match.entry_b.name)
    expect(leader.locator("td").nth(2)).to_have_text("1")


def test_the_bracket_reads_on_a_phone_without_the_page_scrolling_sideways(page):
    club = ClubFactory()
    director = director_of(club, username="tess")
    tournament = make_event(club, director, "double_elimination", 8)

    page.goto(f"/tournaments/{tournament.pk}/bracket/")

    expect(page.get_by_role("heading", name="Winners bracket")).to_be_visible()
    expect(page.locator('[data-key="W1-1"]')).to_contain_text("1. Entry 1")
    expect(page.locator('[data-key="W1-1"]')).to_contain_text("8. Entry 8")
    page_width = page.evaluate("document.documentElement.scrollWidth")
    assert page_width <= 390 + 1  # the bracket scrolls inside its own box
    box = page.locator('[data-key="W1-1"]').bounding_box()
    assert box["width"] >= 150  # names stay readable


def test_the_director_runs_an_event_from_the_pages(desktop_page):
    """Create, register, check in (htmx), start, record a result and withdraw, all
    through the pages a director has at the venue."""
    from tests.browser.helpers import log_in
    from tests.factories import PASSWORD, PlayerFactory

    page = desktop_page
    club = ClubFactory()
    director_of(club, username="tess")
    names = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]
    for name in names:
        PlayerFactory(club=club, name=name)
    log_in(page, "tess", PASSWORD)

    page.goto("/tournaments/")
    page.get_by_text("Create a tournament").click()
    page.get_by_label("Name").fill("Spring Open")
    page.get_by_label("Format").select_option(label="Round robin")
    page.get_by_label("Only checked-in entries are paired at the start").check()
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_text("Spring Open is created.")).to_be_visible()

    pairs = [names[i : i + 2] for i in range(0, 10, 2)]
    for seed, (first, second) in enumerate(pairs, start=1):
        page.get_by_label("First player").select_option(label=first)
        page.get_by_label("Partner").select_option(label=second)
        if seed <= 4:  # the fifth entry is left unseeded
            page.get_by_text("Entry name and seed (optional)").click()
            page.get_by_label("Seed", exact=True).fill(str(seed))
        page.get_by_role("button", name="Add the entry").click()
        expect(page.get_by_text(f"{first} & {second} is entered.")).to_be_visible()
    expect(page.get_by_role("heading", name="Entries (5)")).to_be_visible()

    # Check-in is one tap each, swapped in by htmx: the page is never reloaded.
    page.evaluate("window.sameDocument = true")
    for first, second in pairs[:4]:
        page.get_by_role("button", name=f"Check in {first} & {second}").click()
        expect(page.get_by_role("button", name=f"Checked in {first} & {second}")).to_have_attribute(
            "aria-pressed", "true"
        )
    page.get_by_role("button", name="Checked in Gus & Hal").click()  # a slip: undo ...
    page.get_by_role("button", name="Check in Gus & Hal").click()  # ... and check in again
    expect(page.locator("#checked-in-count")).to_have_text(
        "4 of 5 checked in: only checked-in entries are paired at the start."
    )
    assert page.evaluate("window.sameDocument === true")

    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_text("The tournament has started.")).to_be_visible()
    expect(page.get_by_role("heading", name="Round 3")).to_be_visible()  # 4 entries play
    page.get_by_label("Round 1, table 1: score of Ann & Bob").fill("320")
    page.get_by_label("Round 1, table 1: score of Gus & Hal").fill("180")
    page.get_by_role("button", name="Save").first.click()
    expect(page.get_by_text("Result recorded.")).to_be_visible()

    # Withdrawing says what is forfeited before the director confirms.
    page.get_by_role("link", name="Withdraw Gus & Hal").click()
    expect(page.locator("#forfeits")).to_contain_text(
        "2 open matches of Gus & Hal are forfeited: the opponent wins by walkover."
    )
    page.get_by_label("Why does the entry withdraw?").fill("Hal is ill")
    page.get_by_role("button", name="Withdraw Gus & Hal").click()
    expect(
        page.get_by_text("Gus & Hal has withdrawn. Forfeited by walkover: 2 match(es).")
    ).to_be_visible()
    expect(page.locator("#entries-card tr", has_text="Gus & Hal")).to_contain_text("Withdrawn")

    page.goto(f"/tournaments/{Tournament.objects.get(name='Spring Open').pk}/standings/")
    rows = page.get_by_role("table", name="Standings").locator("tbody tr")
    expect(rows.first).to_contain_text("Ann & Bob")
    expect(rows.filter(has_text="Gus & Hal")).to_contain_text("(withdrawn)")


def test_standings_names_stay_on_one_line_on_a_phone(page):
    """The table scrolls sideways inside its card; a long name is cut, not wrapped."""
    from tests.browser.helpers import screenshot
    from tests.factories import players_of

    club = ClubFactory()
    director = director_of(club, username="tess")
    tournament = services.tournament_create(
        club=club, name="County Swiss", format="swiss", rounds=3, by=director
    )
    long_names = [
        "Wilhelmina Fairbanks-Okonkwo & Bartholomew Castellanos",
        "Maximiliano Oyelaran-Whitfield & Josephine Abernathy-Lund",
        "Ann & Bob",
        "Christabel Vanderhoeven & Leopold Szczepanski",
        "Cal & Dee",
        "Eve & Fay",
    ]
    players = players_of(club, 12)
    for i, name in enumerate(long_names):
        entry_add(tournament=tournament, players=players[2 * i : 2 * i + 2], name=name, by=director)
    tournament_start(tournament=tournament, by=director, draw_seed="phone")
    for match in tournament.matches.filter(status="ready"):
        match_result_enter(match=match, games=[[310, 170]], by=director)

    page.goto(f"/tournaments/{tournament.pk}/standings/")
    table = page.get_by_role("table", name="Standings")
    expect(table.locator("tbody tr")).to_have_count(6)
    shot = screenshot(page, "tournament-standings-phone")

    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    scroller = page.locator(".standings-card .table-scroll")
    assert scroller.evaluate("el => el.scrollWidth > el.clientWidth")  # it scrolls sideways
    card = page.locator(".standings-card").bounding_box()
    assert card["x"] >= 0 and card["x"] + card["width"] <= 390
    line = page.locator(".standings td.num").first.bounding_box()["height"]
    for cell in table.locator("tbody td.entry").all():
        assert cell.bounding_box()["height"] <= line + 1, cell.inner_text()  # one line
    longest = table.locator(".entry-name", has_text="Maximiliano")
    assert longest.evaluate("el => el.scrollWidth > el.clientWidth")  # cut with an ellipsis
    assert longest.get_attribute("title") == long_names[1]
    assert shot.exists()


def test_print_links_and_the_table_page_from_the_dashboard(desktop_page):
    from tests.browser.helpers import log_in
    from tests.factories import PASSWORD

    club = ClubFactory()
    director = director_of(club, username="tess")
    tournament = make_event(club, director, "round_robin", 4, start=False)
    log_in(desktop_page, "tess", PASSWORD)

    desktop_page.goto(f"/tournaments/{tournament.pk}/")
    desktop_page.get_by_role("button", name="Start the tournament").click()
    expect(desktop_page.get_by_text("The tournament has started.")).to_be_visible()
    desktop_page.get_by_label("Round 1, table 1: score of Entry 1").fill("320")
    desktop_page.get_by_label("Round 1, table 1: score of Entry 4").fill("180")
    desktop_page.get_by_role("button", name="Save").first.click()

    expect(desktop_page.get_by_text("Result recorded.")).to_be_visible()

    # Round 1's score sheets and table cards can be printed from the dashboard; the
    # cards' QR code opens the table's page, where the game at that table starts.
    expect(desktop_page.get_by_role("button", name="all table cards for round 1")).to_be_visible()
    expect(desktop_page.get_by_role("link", name="standings", exact=True)).to_be_visible()
    desktop_page.get_by_role("link", name="Round 1, table 2").click()
    expect(desktop_page.get_by_role("heading", name="Table 2")).to_be_visible()
    expect(desktop_page.get_by_role("region", name="North–South")).to_contain_text("Entry 2")
    desktop_page.get_by_role("button", name="Start the game at this table").click()
    expect(desktop_page.get_by_text("Game 1 started at table 2.")).to_be_visible()
    expect(desktop_page.get_by_role("button", name="Record hand 1")).to_be_visible()
    game_url = desktop_page.url
    desktop_page.goto(f"/tournaments/{tournament.pk}/")
    desktop_page.get_by_role("link", name="Round 1, table 2").click()
    expect(desktop_page).to_have_url(game_url)  # a game is being played: straight to it

    desktop_page.goto(f"/tournaments/{tournament.pk}/standings/")
    expect(
        desktop_page.get_by_role("table", name="Standings").locator("tbody tr").first
    ).to_contain_text("Entry 1")
