"""The CSV files: Excel-friendly (BOM, attachment, a name with club and date), the
same rows as the pages and the API, formulas escaped, a fixed number of queries."""

import csv
import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from play import checkins, night_opening, night_seating
from play.hands import hand_record
from play.models import Game, Hand
from rookclub.clubs.models import Player
from rookclub.core.csv_out import safe_cell
from tests.factories import ClubFactory, PlayerFactory, director_of, players_of, scorer_of
from tests.pages.conftest import hand_body
from tests.tournaments.conftest import make_event, play_round

pytestmark = pytest.mark.django_db

HANDS = [
    hand_body("north", 80, "red", 85),
    hand_body("east", 75, "green", 40),
    {**hand_body("south", 70, "black", 50), "penalties": [{"seat": "east", "kind": "table_talk"}]},
]


def read(response) -> list[dict[str, str]]:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"].startswith('attachment; filename="')
    body = b"".join(response) if response.streaming else response.content
    assert body.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs for UTF-8
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))


def a_night(size: int = 1, names: list[str] | None = None):
    """A club whose night seated ``4 * size`` players and recorded three hands a table."""
    club = ClubFactory(name=f"Maple {size}")
    director, scorer = director_of(club), scorer_of(club)
    players = [PlayerFactory(club=club, name=n) for n in names or []]
    players += players_of(club, 4 * size - len(players))
    night = night_opening.night_open(club=club, date=datetime.date(2026, 3, 5), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    for game in Game.objects.filter(night=night):
        for hand in HANDS:
            hand_record(game=game, data=hand, entered_by=scorer)
    return club, director, night


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM", "'@SUM"),
        ("\tx", "'\tx"),
        ("Ann", "Ann"),
        (-80, -80),
        (None, ""),
        (True, "yes"),
    ],
)
def test_cells_that_would_be_formulas_are_escaped(value, cell):
    assert safe_cell(value) == cell


def test_the_roster_csv_escapes_formula_names_and_reads_back(client, club, director):
    for name in ("=cmd|'/c calc'!A1", "+Plus", "-Minus", "@At", "Zoë"):
        Player.objects.create(club=club, name=name, email="")
    client.force_login(director)

    response = client.get(f"/clubs/{club.slug}/players.csv")

    rows = read(response)
    today = datetime.date.today().isoformat()
    assert response["Content-Disposition"] == (
        f'attachment; filename="maple-street-players-{today}.csv"'
    )
    assert [r["name"] for r in rows] == ["'+Plus", "'-Minus", "'=cmd|'/c calc'!A1", "'@At", "Zoë"]


def test_a_roster_goes_out_and_comes_back_into_an_empty_club(client, club, director):
    names = ["Ann Lee", "Bo Diaz", "Zoë Ng", "O'Hara, Pat", "=Eq"]
    for i, name in enumerate(names):
        Player.objects.create(club=club, name=name, email=f"p{i}@example.org" if i % 2 else "")
    client.force_login(director)
    exported = client.get(f"/clubs/{club.slug}/players.csv").content
    empty = ClubFactory(name="Birch Row")
    api = APIClient()
    api.force_authenticate(director_of(empty))

    response = api.post(
        f"/api/v1/clubs/{empty.pk}/players/import/",
        {"file": SimpleUploadedFile("r.csv", exported), "dry_run": "false"},
        format="multipart",
    )

    assert response.status_code == 201, response.json()
    came_back = {(p.name, p.email) for p in Player.objects.filter(club=empty)}
    went_out = {(p.name, p.email) for p in Player.objects.filter(club=club)}
    # "=Eq" went out as "'=Eq" so no spreadsheet runs it, and comes back as "=Eq".
    assert b"'=Eq" in exported
    assert came_back == went_out


def test_the_roster_is_for_directors_only(client, club, member):
    client.force_login(member)

    assert client.get(f"/clubs/{club.slug}/players.csv").status_code == 403


def test_the_api_roster_is_json_or_csv(club, director):
    Player.objects.create(club=club, name="Ann", email="ann@example.org")
    api = APIClient()
    api.force_authenticate(director)

    listed = api.get(f"/api/v1/clubs/{club.pk}/players/").json()
    rows = read(api.get(f"/api/v1/clubs/{club.pk}/players/?format=csv"))

    assert listed == [
        {"id": listed[0]["id"], "name": "Ann", "email": "ann@example.org", "active": True}
    ]
    assert rows == [{"name": "Ann", "email": "ann@example.org", "active": "yes"}]


def test_season_and_night_standings_are_the_pages_rows(client):
    club, director, night = a_night(2, names=["=Evil", "Ann"])

    season = read(client.get(f"/clubs/{club.slug}/standings.csv?year=2026"))
    night_rows = read(client.get(f"/sessions/{night.pk}/standings.csv"))
    api = APIClient()
    api.force_authenticate(director)
    json_rows = api.get(f"/api/v1/clubs/{club.pk}/standings/?year=2026").json()

    assert season == night_rows
    players = [r for r in season if r["kind"] == "player"]
    assert [r["name"] for r in players] == [
        ("'" + r["name"]) if r["name"].startswith("=") else r["name"] for r in json_rows["players"]
    ]
    assert [int(r["points"]) for r in players] == [r["points"] for r in json_rows["players"]]
    assert len([r for r in season if r["kind"] == "partnership"]) == 4
    assert list(season[0]) == [
        "kind",
        "place",
        "name",
        "games",
        "won",
        "unfinished",
        "points",
        "hands declared",
        "made",
        "set",
        "made %",
        "nights",
    ]


def test_the_api_answers_csv_on_the_same_routes(client):
    club, director, night = a_night(1)
    api = APIClient()
    api.force_authenticate(director)

    season = api.get(f"/api/v1/clubs/{club.pk}/standings/?format=csv")
    night_csv = api.get(f"/api/v1/sessions/{night.pk}/standings/", HTTP_ACCEPT="text/csv")

    assert read(season) == read(client.get(f"/clubs/{club.slug}/standings.csv?year=all"))
    assert season["Content-Disposition"] == (
        f'attachment; filename="{club.slug}-standings-all-seasons-'
        f'{datetime.date.today().isoformat()}.csv"'
    )
    assert night_csv["Content-Disposition"] == (
        f'attachment; filename="{club.slug}-night-standings-2026-03-05.csv"'
    )
    assert len(read(night_csv)) == 4 + 2


def test_a_refusal_asked_for_as_csv_is_json(club, director):
    api = APIClient()
    api.force_authenticate(director)

    bad = api.get(f"/api/v1/clubs/{club.pk}/standings/?format=csv&year=abc")
    hidden = api.get(f"/api/v1/clubs/{ClubFactory().pk}/standings/?format=csv")

    assert bad.status_code == 400 and bad["Content-Type"] == "application/json"
    assert "year" in bad.json()
    assert hidden.status_code == 404 and "detail" in hidden.json()


def test_a_nights_hands_one_row_each(client):
    _club, _director, night = a_night(2, names=["Ann"])
    Game.objects.filter(night=night, table_seating__table=2).update(
        voided_at=datetime.datetime(2026, 3, 5, 22, tzinfo=datetime.UTC)
    )

    rows = read(client.get(f"/sessions/{night.pk}/hands.csv"))

    assert len(rows) == Hand.objects.filter(game__night=night).count() == 6
    first = rows[0]
    assert {
        k: first[k]
        for k in (
            "table",
            "round",
            "hand",
            "dealer",
            "bidder seat",
            "bid",
            "trump",
            "made",
            "counters north-south",
            "counters east-west",
            "points north-south",
            "points east-west",
            "void hand",
            "game voided",
        )
    } == {
        "table": "1",
        "round": "1",
        "hand": "1",
        "dealer": "North",
        "bidder seat": "North",
        "bid": "80",
        "trump": "Red",
        "made": "made",
        "counters north-south": "85",
        "counters east-west": "35",
        "points north-south": "85",
        "points east-west": "35",
        "void hand": "no",
        "game voided": "no",
    }
    assert rows[2]["penalties"] == "Table talk (East) -40"
    assert first["declarer"] and "North: " in first["players"]
    assert {r["game voided"] for r in rows if r["table"] == "2"} == {"yes"}
    entered_by = Hand.objects.filter(game__night=night).first().entered_by
    assert entered_by.username not in {r["entered by"] for r in rows}  # public: no usernames
    assert rows[0]["entered by"] in ("a club member", entered_by.get_full_name())


def test_the_api_lists_a_nights_hands_as_json_or_csv(client):
    _club, director, night = a_night(1)
    api = APIClient()
    api.force_authenticate(director)

    listed = api.get(f"/api/v1/sessions/{night.pk}/hands/").json()
    rows = read(api.get(f"/api/v1/sessions/{night.pk}/hands/?format=csv"))

    assert len(listed) == len(rows) == 3
    assert listed[1]["bid"] == 75 and rows[1]["bid"] == "75"
    assert listed[1]["counters_north_south"] == 40


def test_tournament_standings_as_csv(client, club, director):
    tournament = make_event(club, director, "swiss", 4, rounds=2)
    play_round(tournament, director)
    api = APIClient()
    api.force_authenticate(director)

    page = read(client.get(f"/tournaments/{tournament.pk}/standings.csv"))
    from_api = read(api.get(f"/api/v1/tournaments/{tournament.pk}/standings/?format=csv"))
    json_rows = api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()

    assert page == from_api
    assert [r["entry"] for r in page] == [r["entry"]["name"] for r in json_rows]
    assert [float(r["match points"]) for r in page] == [r["match_points"] for r in json_rows]


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


def test_every_export_runs_as_many_queries_for_a_big_night_as_a_small_one(
    client, django_assert_max_num_queries
):
    counts: dict[str, list[int]] = {}
    for size in (1, 3):
        club, director, night = a_night(size)
        tournament = make_event(club, director, "swiss", 4 * size, rounds=2)
        play_round(tournament, director)
        client.force_login(director)
        urls = {
            "roster": f"/clubs/{club.slug}/players.csv",
            "season": f"/clubs/{club.slug}/standings.csv?year=2026",
            "night": f"/sessions/{night.pk}/standings.csv",
            "hands": f"/sessions/{night.pk}/hands.csv",
            "tournament": f"/tournaments/{tournament.pk}/standings.csv",
        }
        for name, url in urls.items():
            with django_assert_max_num_queries(10):
                counts.setdefault(name, []).append(queries(client, url))
    grows = {name: n for name, n in counts.items() if n[0] != n[1]}
    assert not grows, f"queries for a small and a big night: {grows}"


def test_each_page_links_its_csv_with_a_tap_sized_button(client):
    club, director, night = a_night(1)
    tournament = make_event(club, director, "swiss", 4, rounds=2)
    client.force_login(director)
    pages = {
        f"/clubs/{club.slug}/standings/?year=2025": f"/clubs/{club.slug}/standings.csv?year=2025",
        f"/clubs/{club.slug}/standings/?year=all": f"/clubs/{club.slug}/standings.csv?year=all",
        f"/sessions/{night.pk}/standings/": f"/sessions/{night.pk}/standings.csv",
        f"/sessions/{night.pk}/": f"/sessions/{night.pk}/hands.csv",
        f"/tournaments/{tournament.pk}/standings/": f"/tournaments/{tournament.pk}/standings.csv",
        f"/clubs/{club.slug}/members/": f"/clubs/{club.slug}/players.csv",
    }
    for page, href in pages.items():
        html = client.get(page).content.decode()
        assert f'<a href="{href}" download>Download CSV' in html, page
        assert 'class="csv-links no-print"' in html, page
