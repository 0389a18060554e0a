"""A director corrects a hand on a 390x844 phone: the hand's row, the totals and its
history change in place, without the page being read again."""

import datetime

import pytest
from playwright.sync_api import expect

from play import checkins, night_opening, night_seating
from play.hands import hand_record
from play.models import Game, Hand
from tests.browser.helpers import log_in, screenshot, serious_violations
from tests.factories import PASSWORD, ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def two_hands():
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    game = Game.objects.get(night=night)
    for bidder, ns in (("north", 85), ("east", 40)):
        body = {"bidder": bidder, "bid": 80, "trump": "red"}
        body["counters"] = {"north_south": ns, "east_west": 120 - ns}
        hand_record(game=game, data=body, entered_by=director)
    return Hand.objects.get(game=game, number=1)


def test_a_director_corrects_a_hand_and_sees_it_change_in_place(page, two_hands):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    log_in(page, "dana", PASSWORD)
    page.goto(f"/hands/{two_hands.pk}/correct/")
    # Totals after both hands: N-S 85 + 40 (the declarer's side set: E-W -80).
    expect(page.locator("#scoreline")).to_contain_text(str(85 + 40))
    expect(page.locator("#history")).to_contain_text("Not corrected yet.")
    page.evaluate("window.notReadAgain = true")

    page.get_by_label("North-South counters").fill("35")
    page.get_by_label("North-South counters").blur()  # the other side fills itself in
    expect(page.get_by_label("East-West counters")).to_have_value("85")
    page.get_by_label("Why is this hand corrected?").fill("Nest miscounted")
    page.get_by_role("button", name="Save correction").click()

    expect(page.locator("#correction-result")).to_have_text(
        "Hand 1 corrected; later totals replayed."
    )
    # North bid 80 and the side took 35: set, -80; then 40 on hand 2.
    expect(page.locator("#hand-1")).to_have_class("hand set unconfirmed")
    expect(page.locator("#hand-1 .counters-cell")).to_have_text("35 / 85")
    expect(page.locator("#scoreline [data-total=north_south]")).to_have_text(str(-80 + 40))
    expect(page.locator("#history")).to_contain_text("Nest miscounted")
    expect(page.locator("#history")).to_contain_text("North-South 35, East-West 85")
    expect(page.get_by_label("Why is this hand corrected?")).to_have_value("")
    assert page.evaluate("window.notReadAgain") is True  # answered in place, no reload
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "hand-corrected")
    assert serious_violations(page) == []
    assert errors == []
    assert Hand.objects.get(pk=two_hands.pk).record["counters"]["north_south"] == 35
