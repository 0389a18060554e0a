"""In a real browser at 390 x 844: the score sheet at a table of five is drawn for five
players, each column beside the hand number with the player's whole name, and Seat 1's
bid reads "S1", not "S" (which reads as South)."""

import datetime

import pytest

from play import checkins, night_opening, night_seating
from play.hands import hand_record
from play.models import Game
from rookclub.clubs.models import Player
from tests.browser.helpers import screenshot
from tests.factories import ClubFactory, director_of, scorer_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = (
    "Ada Brooks",
    "Ben Carter",
    "Eva Ford",
    "Finn Gray",
    "Hank Irwin",
    "Ivy Jones",
    "Jo King",
    "Kit Lane",
    "Max Moore",
)


@pytest.fixture
def table_of_five():
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    scorer = scorer_of(club, username="sam")
    players = [Player.objects.create(club=club, name=name) for name in NAMES]
    night = night_opening.night_open(
        club=club,
        date=datetime.date(2026, 11, 24),
        opened_by=director,
        tables_of_five_or_six=True,
    )
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=3)
    game = next(g for g in Game.objects.filter(night=night) if g.seats.count() == 5)
    counters = {"seat1": 50, "seat2": 20, "seat3": 10, "seat4": 10, "seat5": 10}
    data = {"bidder": "seat1", "bid": 40, "trump": "red", "counters": counters}
    hand_record(game=game, data=data, entered_by=scorer)
    return game


def test_the_sheet_at_a_table_of_five_fits_a_phone_with_whole_names(
    browser, live_server, table_of_five
):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        base_url=live_server.url,
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    try:
        page.goto(f"/games/{table_of_five.pk}/")
        page.locator("#hand-1").wait_for()
        seated = [s.player.name for s in table_of_five.seats.order_by("seat")]
        drawn = page.evaluate(
            r"""() => {
                const box = el => el.getBoundingClientRect();
                // One line of the grid: every box shares a band of height.
                const oneLine = bs =>
                    Math.max(...bs.map(b => b.top)) < Math.min(...bs.map(b => b.bottom));
                const head = document.querySelector('.hands-head.by-player');
                const num = box(head.querySelector('.num'));
                const names = [...head.querySelectorAll('.player')];
                const row = document.querySelector('#hand-1');
                const rowNum = box(row.querySelector('.num'));
                const cells = [...row.querySelectorAll('.side.player')].map(box);
                return {
                    names: names.map(n => n.textContent.trim()),
                    cut: names.filter(n => n.scrollWidth > n.clientWidth + 1
                                           || n.scrollHeight > n.clientHeight + 1).length,
                    headBeside: names.every(n => box(n).left >= num.right - 1),
                    headOneLine: oneLine(names.map(box)),
                    rowBeside: cells.every(c => c.left >= rowNum.right - 1),
                    rowOneLine: oneLine(cells),
                    cells: cells.length,
                    short: row.querySelector('.seat-short').textContent.trim(),
                    bid: row.querySelector('.bid').textContent,
                    // A word split across lines reads as two names: each name's words whole.
                    split: names.filter(n => {
                        const range = document.createRange();
                        range.selectNodeContents(n);
                        const tops = [...range.getClientRects()].map(r => Math.round(r.top));
                        const lines = new Set(tops);
                        return lines.size > n.textContent.trim().split(/\s+/).length;
                    }).length,
                    sideways: document.documentElement.scrollWidth > window.innerWidth,
                };
            }"""
        )
        screenshot(page, "sheet-table-of-five-390x844")
    finally:
        context.close()

    assert sorted(drawn["names"]) == sorted(seated)  # every name whole
    assert drawn["cut"] == 0, drawn
    assert drawn["cells"] == 5
    assert drawn["headBeside"] and drawn["headOneLine"], drawn
    assert drawn["rowBeside"] and drawn["rowOneLine"], drawn
    assert drawn["short"] == "S1" and "S1 40" in drawn["bid"], drawn
    assert drawn["split"] == 0, drawn
    assert not drawn["sideways"]
