"""The sit-outs docs/club-nights.md promises for numbers that do not fill the tables
are what seating a night does, for every way of opening a random night."""

import datetime
import re
from pathlib import Path

import pytest

from play import night_opening, night_seating
from play.checkins import night_check_in
from play.models import SitOut, TableSeating
from tests.factories import players_of

pytestmark = pytest.mark.django_db
DOC = Path(__file__).resolve().parents[2] / "docs" / "club-nights.md"


def promised() -> list[tuple[int, int, int]]:
    """(players, tables, sitting out) as the doc lists them."""
    text = " ".join(DOC.read_text().split())
    found = re.findall(r"(\d+)(?: players)?: (\d+) tables?, (\d+) sits? out", text)
    return [tuple(int(n) for n in row) for row in found]


def test_the_doc_says_how_many_sit_out_at_seven_players():
    assert (7, 1, 3) in promised()


@pytest.mark.parametrize("five_or_six", [False, True], ids=["plain", "tables of five or six"])
def test_a_night_seats_and_sits_out_as_the_doc_says(club, director, five_or_six):
    rows = promised()
    assert rows
    for count, tables, out in rows:
        if five_or_six and count != 7:
            continue  # the option seats 5, 6 and 9 at bigger tables instead
        night = night_opening.night_open(
            club=club,
            date=datetime.date(2025, 3, count),
            opened_by=director,
            tables_of_five_or_six=five_or_six,
        )
        night_check_in(night=night, players=players_of(club, count), by=director)
        night_seating.night_seat(night=night, by=director, seed=1)

        seated = TableSeating.objects.filter(round__night=night).count()
        sitting_out = SitOut.objects.filter(round__night=night).count()
        assert (count, seated, sitting_out) == (count, tables, out)


def test_the_api_seats_and_sits_out_as_the_doc_says(club, director_api):
    """What a client of the API sees: the round's tables and sit-outs, as promised."""
    for count, tables, out in promised():
        ids = [
            director_api.post(
                "/api/v1/players/", {"name": f"Player {count}-{i}", "club": club.pk}, format="json"
            ).json()["id"]
            for i in range(count)
        ]
        night = director_api.post(
            "/api/v1/sessions/", {"club": club.pk, "date": f"2025-04-{count:02}"}, format="json"
        ).json()
        url = f"/api/v1/sessions/{night['id']}/"
        assert (
            director_api.post(f"{url}check-in/", {"players": ids}, format="json").status_code == 200
        )
        assert director_api.post(f"{url}seat/", {"seed": 1}, format="json").status_code == 201
        seated = director_api.get(url).json()["rounds"][-1]
        assert (count, len(seated["tables"]), len(seated["sit_outs"])) == (count, tables, out)
