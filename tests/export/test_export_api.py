"""GET /api/v1/clubs/{id}/export/ and the club page's download buttons: directors
only, the same refusals as the rest of the API, and a fixed number of queries."""

import csv
import io
import json
import zipfile

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from play.models import Hand
from rookclub.clubs.export import FORMAT, VERSION, describe, tables
from tests.export.club_data import add_nights, build_club
from tests.factories import ClubFactory, UserFactory, director_of, member_of, scorer_of

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def url(club, kind="json") -> str:
    return f"/api/v1/clubs/{club.pk}/export/?format={kind}"


@pytest.fixture
def club():
    return build_club(nights=1)


def test_a_director_downloads_the_club_as_json(club):
    director = club.memberships.get(role="director").user

    answer = client_for(director).get(url(club))

    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/json"
    assert answer["Content-Disposition"].startswith('attachment; filename="maple-street-')
    document = json.loads(answer.content)
    assert (document["format"], document["version"]) == (FORMAT, VERSION)
    assert document["club"] == {"id": club.pk, "name": club.name, "slug": club.slug}
    assert list(document["tables"]) == ["users", *[t.name for t in tables()]]
    hands = document["tables"]["hands"]
    assert len(hands) == Hand.objects.filter(game__club=club).count() > 0
    assert set(hands[0]) == set(describe()["hands"])
    assert document["tables"]["hand_corrections"][0]["reason"] == "the bid was 90"
    assert all("key" not in link for link in document["tables"]["table_links"])
    assert "password" not in answer.content.decode()


def test_without_a_format_the_download_is_json(club):
    director = club.memberships.get(role="director").user
    answer = client_for(director).get(f"/api/v1/clubs/{club.pk}/export/")
    assert answer.status_code == 200
    assert json.loads(answer.content)["format"] == FORMAT


def test_the_zip_holds_one_csv_per_table_with_its_columns(club):
    director = club.memberships.get(role="director").user

    answer = client_for(director).get(url(club, "zip"))

    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    header = json.loads(archive.read("export.json"))
    assert (header["format"], header["version"]) == (FORMAT, VERSION)
    columns = describe()
    assert sorted(archive.namelist()) == sorted(["export.json", *[f"{t}.csv" for t in columns]])
    hands = archive.read("hands.csv").decode("utf-8-sig").splitlines()
    assert hands[0].split(",") == columns["hands"]
    assert len(hands) == 1 + Hand.objects.filter(game__club=club).count()
    players = archive.read("players.csv").decode("utf-8-sig").splitlines()
    assert len(players) == 1 + club.players.count()


def test_an_unknown_format_is_refused_with_a_sentence(club):
    director = club.memberships.get(role="director").user
    answer = client_for(director).get(url(club, "xml"))
    assert answer.status_code == 400
    assert answer.json() == {
        "format": ["Unknown format 'xml': ask for json or zip."],
        "code": "unknown_format",
    }


@pytest.mark.parametrize("role", ["member", "scorer"])
def test_a_member_who_is_not_a_director_is_refused(club, role):
    user = {"member": member_of, "scorer": scorer_of}[role](club)
    answer = client_for(user).get(url(club))
    assert answer.status_code == 403
    assert answer.json()["detail"]


def test_another_clubs_director_is_told_the_club_does_not_exist(club):
    stranger = director_of(ClubFactory())
    answer = client_for(stranger).get(url(club, "zip"))
    assert answer.status_code == 404
    assert answer.json() == {"detail": [f"There is no club {club.pk}."]}


def test_no_club_and_no_login_are_refused(club):
    director = club.memberships.get(role="director").user
    assert client_for(director).get(f"/api/v1/clubs/{club.pk + 999}/export/").status_code == 404
    assert client_for(None).get(url(club)).status_code in (401, 403)


def test_a_superuser_may_download_any_club(club):
    admin = UserFactory(username="root", is_superuser=True, is_staff=True)
    assert client_for(admin).get(url(club, "zip")).status_code == 200


def test_the_export_reads_a_fixed_number_of_queries_whatever_the_club_size(
    club, django_assert_max_num_queries
):
    from rookclub.clubs.export import club_export

    # A query per table, one for the people, and the savepoint's two statements (the
    # test runs in a transaction; a request opens its own instead).
    budget = len(tables()) + 3
    with django_assert_max_num_queries(budget):
        small = club_export(club=club)
    add_nights(club, 3)
    with django_assert_max_num_queries(budget):
        big = club_export(club=club)
    assert len(big.rows["hands"]) > 2 * len(small.rows["hands"])
    assert len(big.rows["nights"]) == len(small.rows["nights"]) + 3


# ---- the club page ------------------------------------------------------------------------


def test_the_club_page_offers_a_director_the_downloads(club, client):
    director = club.memberships.get(role="director").user
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert f"/clubs/{club.slug}/export/?format=json" in page
    assert f"/clubs/{club.slug}/export/?format=zip" in page

    answer = client.get(f"/clubs/{club.slug}/export/?format=zip")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/zip"


def test_the_club_page_offers_a_member_no_download(club, client):
    client.force_login(member_of(club))
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "/export/" not in page
    answer = client.get(f"/clubs/{club.slug}/export/?format=json")
    assert answer.status_code == 403
    assert "Only a director of the club can do this." in answer.content.decode()


def test_an_id_beyond_any_club_is_not_found_rather_than_an_error(club):
    director = club.memberships.get(role="director").user
    answer = client_for(director).get("/api/v1/clubs/99999999999999999999999/export/")
    assert answer.status_code == 404


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_the_export_reads_one_snapshot_and_leaves_writes_working():
    # As in a request: no transaction is open, so the export opens its own (on
    # PostgreSQL a read-only repeatable-read snapshot) and closes it.
    from rookclub.clubs.export import club_export
    from tests.factories import game_for

    small = ClubFactory()
    game = game_for(small)

    with CaptureQueriesContext(connection) as queries:
        export = club_export(club=small)

    snapshot = any("REPEATABLE READ" in q["sql"] for q in queries.captured_queries)
    assert snapshot == (connection.vendor == "postgresql")
    assert [g["id"] for g in export.rows["games"]] == [game.pk]
    assert len(export.rows["game_seats"]) == 4
    ClubFactory(name="Written after")  # the connection is not left read-only


def test_names_that_would_be_formulas_reach_every_csv_of_the_zip_escaped(club):
    director = club.memberships.get(role="director").user
    guest = '=HYPERLINK("http://evil.example/door","open")'
    club.players.create(name=guest)

    answer = client_for(director).get(url(club, "zip"))

    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    cells = {}
    for name in archive.namelist():
        if name.endswith(".csv"):
            text = archive.read(name).decode("utf-8-sig")
            cells[name] = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert "'" + guest in cells["players.csv"]
    for name, found in cells.items():
        assert not [cell for cell in found if cell.startswith("=")], name
