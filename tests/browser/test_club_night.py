"""A whole club night in a real browser: open, check in, seat, score three tables,
confirm, correct, close, read the standings and reopen."""

import pytest
from playwright.sync_api import expect

from play.models import Game, Hand, HandCorrection, Night
from rookclub.clubs.models import Player
from tests.browser.helpers import log_in, screenshot
from tests.factories import (
    PASSWORD,
    ClubFactory,
    PlayerFactory,
    UserFactory,
    director_of,
    scorer_of,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ada", "Ben", "Cora", "Dan", "Eva", "Finn", "Gail", "Hank", "Ivy", "Jack", "Kate"]
# Four hands that keep both sides well under 300, so every table is still playing
# when the seat-exchange prompt comes after the fourth: (declarer, bid, trump, NS counters).
HANDS = [
    ("North", 80, "Red", 85),
    ("East", 75, "Green", 40),
    ("South", 70, "Black", 50),  # South is set: 50 < 70
    ("West", 80, "Yellow", 30),
    ("North", 85, "Red", 90),
]


@pytest.fixture
def club():
    club = ClubFactory(name="Maple Street Rook Club", slug="maple-street")
    director_of(club, username="dana")
    scorer_of(club, username="sam")
    for name in NAMES:
        PlayerFactory(club=club, name=name)
    return club


def record_hand(page, number: int, declarer: str, bid: int, trump: str, ns: int) -> None:
    page.get_by_role("radio", name=declarer).check()
    page.get_by_label("Bid", exact=True).fill(str(bid))
    page.get_by_role("radio", name=trump, exact=True).check()
    page.get_by_label("North-South counters").fill(str(ns))
    page.get_by_role("button", name=f"Record hand {number}").click()
    expect(page.locator(f"#hand-{number}")).to_be_visible()


def test_a_club_night_from_open_to_standings(desktop_page, page, new_page, club):
    director = desktop_page

    # The director opens the night from the club's page.
    log_in(director, "dana", PASSWORD)
    director.get_by_role("link", name="Maple Street Rook Club").first.click()
    director.get_by_role("button", name="Open the night").click()
    expect(director.get_by_role("heading", name="Club night")).to_be_visible()
    night = Night.objects.get()

    # Eleven regulars are ticked and a newcomer is added inline: twelve in all.
    for name in NAMES:
        director.get_by_role("checkbox", name=name).check()
    director.get_by_label("Add a new player").fill("Zoe")
    director.get_by_role("button", name="Check in").click()
    expect(director.locator(".messages")).to_contain_text("12 checked in")

    # Random draw: three tables of four, nobody sits out.
    director.get_by_role("button", name="Seat 12 players").click()
    for table in (1, 2, 3):
        expect(director.get_by_role("link", name=f"Score table {table}")).to_be_visible()
    expect(director.locator("#sit-outs")).to_have_count(0)
    screenshot(director, "session-director-desktop")
    games = {g.table_seating.table: g for g in Game.objects.filter(night=night)}

    # The scorer records every table's hands from a phone: 5 + 4 + 4 = 13 hands.
    log_in(page, "sam", PASSWORD)
    for table, count in ((1, 5), (2, 4), (3, 4)):
        page.goto(f"/sessions/{night.pk}/")
        page.get_by_role("link", name=f"Score table {table}").click()
        for number, hand in enumerate(HANDS[:count], start=1):
            if number == 5:
                # After four hands one set of partners exchange seats (docs/rules.md §6).
                expect(page.locator("#seat-exchange")).to_contain_text("exchange seats")
                screenshot(page, "score-entry-phone")
            record_hand(page, number, *hand)
    assert Hand.objects.filter(game__night=night).count() == 13

    # A player of the other side confirms hand 1 at table 1 from her own phone.
    east = Player.objects.get(pk=games[1].seats.get(seat="east").player_id)
    east.user = UserFactory(username="ivy")
    east.save()
    ivy = new_page()
    log_in(ivy, "ivy", PASSWORD)
    ivy.goto(f"/games/{games[1].pk}/")
    ivy.get_by_role("button", name="Confirm hand 1").click()
    expect(ivy.locator("#hand-1 .confirm-cell")).to_contain_text("✓ confirmed")
    expect(ivy.locator("#hand-1")).to_contain_text(f"✓ confirmed by {east.name}")
    assert Hand.objects.get(game=games[1], number=1).confirmed_by.username == "ivy"

    # The director corrects hand 2 at table 1: East-West took 85, not 80.
    director.goto(f"/games/{games[1].pk}/")
    before = director.locator("#hand-5 .total").all_inner_texts()
    director.locator("#hand-2 summary").click()  # the hand's details open on tap
    director.get_by_role("link", name="Correct hand 2").click()
    expect(director.get_by_label("North-South counters")).to_have_value("40")
    director.get_by_label("North-South counters").fill("35")
    director.get_by_label("North-South counters").blur()
    expect(director.get_by_label("East-West counters")).to_have_value("85")
    director.get_by_label("Why is this hand corrected?").fill("East-West miscounted the nest")
    director.get_by_role("button", name="Save correction").click()
    # Answered in place: the hand's row and its history, then back to the sheet.
    expect(director.locator("#correction-result")).to_contain_text("Hand 2 corrected")
    expect(director.locator("#hand-2")).to_contain_text("corrected")
    director.get_by_role("link", name="← Back to the score sheet").click()
    expect(director.locator("#hand-2")).to_contain_text("corrected")
    after = director.locator("#hand-5 .total").all_inner_texts()
    assert after != before  # every later total was replayed
    director.locator("#hand-2 summary").click()
    director.get_by_role("link", name="corrected").click()
    history = director.locator("#history")
    expect(history).to_contain_text("East-West miscounted the nest")
    expect(history).to_contain_text("North-South 40, East-West 80")
    expect(history).to_contain_text("North-South 35, East-West 85")
    assert HandCorrection.objects.get().corrected_by.username == "dana"

    # The director closes the night and reads the standings.
    director.goto(f"/sessions/{night.pk}/")
    director.get_by_role("button", name="Close the night").click()
    expect(director.locator(".status-closed").first).to_have_text("Closed")
    director.get_by_role("link", name="Night standings").click()
    players = director.get_by_role("table", name="Players")
    expect(players.locator("tbody tr")).to_have_count(12)
    expect(director.get_by_role("table", name="Partnerships").locator("tbody tr")).to_have_count(6)
    expect(players).to_contain_text("Zoe")

    # Closed: table 2's sheet says why instead of offering a form that would be refused,
    # and the director reopens the night for one more hand.
    director.goto(f"/games/{games[2].pk}/")
    expect(director.locator("#night-closed")).to_contain_text("ask the director to reopen it")
    expect(director.get_by_role("button", name="Record hand 5")).to_have_count(0)
    screenshot(director, "score-entry-closed-night")
    director.get_by_role("link", name="Reopen the night").click()
    screenshot(director, "session-closed-director")
    director.get_by_label("Why? (optional)").fill("table 2's last hand")
    director.get_by_role("button", name="Reopen the night").click()
    expect(director.locator(".status-open").first).to_have_text("Open")
    expect(director.locator("#night-history")).to_contain_text("table 2's last hand")
    director.get_by_role("link", name="Score table 2").click()
    record_hand(director, 5, *HANDS[4])
