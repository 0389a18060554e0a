"""Importing a roster: the plan (duplicates, problems), the pages (a preview stores
nothing; the confirm stores what the signed token holds, and refuses a changed one),
and the API (dry run by default)."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from rookclub.clubs.models import Player
from rookclub.clubs.roster_import import (
    RosterRow,
    match_key,
    parse_roster,
    roster_import,
    roster_plan,
    rows_from_token,
    rows_token,
)
from rookclub.core.errors import Invalid, NotAllowed
from tests.factories import ClubFactory, PlayerFactory, director_of

pytestmark = pytest.mark.django_db

FILE = (
    b"Name,Email\n"
    b"Ann Lee,ann@example.org\n"  # 2: new
    b"  ann   LEE ,\n"  # 3: the same name as row 2
    b"Bo Diaz,bo@example.org\n"  # 4: already plays here (case and spacing differ)
    b"Cy,ann@example.org\n"  # 5: row 2's email
    b"Dee,not-an-email\n"  # 6: a bad email
    b",nobody@example.org\n"  # 7: no name
    b"Eve,eve@example.org\n"  # 8: new
    b"Fay,BOB@example.org\n"  # 9: an existing player's email
)


@pytest.fixture
def bo(club):
    return PlayerFactory(club=club, name="bo  diaz")


@pytest.fixture
def bob(club):
    return Player.objects.create(club=club, name="Bob", email="bob@example.org")


def plan_of(club, data=FILE):
    rows, notes = parse_roster(data)
    return roster_plan(club=club, rows=rows, notes=notes)


def test_the_plan_names_every_row(club, bo, bob):
    plan = plan_of(club)

    by_line = {r.row.line: (r.action, r.note) for r in plan.rows}
    assert by_line == {
        2: ("add", "Will be added."),
        3: ("duplicate", "Duplicate of row 2 of the file: skipped."),
        4: ("duplicate", "Already plays here as bo  diaz: skipped."),
        5: ("duplicate", "Duplicate of row 2 of the file: skipped."),
        6: ("problem", "'not-an-email' is not an email address."),
        7: ("problem", "The name is empty."),
        8: ("add", "Will be added."),
        9: ("duplicate", "Already plays here as Bob: skipped."),
    }


def test_names_too_long_or_with_control_characters_are_problems(club):
    rows = [RosterRow(2, "x" * 121), RosterRow(3, "Tab\there"), RosterRow(4, "x" * 120)]

    plan = roster_plan(club=club, rows=rows)

    assert [r.action for r in plan.rows] == ["problem", "problem", "add"]
    assert "120 at most" in plan.rows[0].note
    assert "control characters" in plan.rows[1].note


def test_the_service_stores_the_new_rows_and_skips_the_rest(club, director, bo, bob):
    rows, _ = parse_roster(FILE)

    plan = roster_import(club=club, rows=rows, by=director)

    assert plan.count("add") == 2
    assert set(Player.objects.filter(club=club).values_list("name", "email")) == {
        ("bo  diaz", ""),
        ("Bob", "bob@example.org"),
        ("Ann Lee", "ann@example.org"),
        ("Eve", "eve@example.org"),
    }


def test_the_service_plans_again_so_an_import_twice_adds_nobody_twice(club, director):
    rows, _ = parse_roster(FILE)
    roster_import(club=club, rows=rows, by=director)

    again = roster_import(club=club, rows=rows, by=director)

    assert again.count("add") == 0
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == [
        "Ann Lee",
        "Bo Diaz",
        "Eve",
        "Fay",
    ]


def test_only_a_director_imports(club, scorer):
    with pytest.raises(NotAllowed):
        roster_import(club=club, rows=[RosterRow(2, "Ann")], by=scorer)
    assert not Player.objects.exists()


def test_a_token_is_bound_to_its_club_and_director(club, director):
    token = rows_token(club=club, rows=[RosterRow(2, "Ann")], notes=[], by=director)
    other_club = ClubFactory()

    assert rows_from_token(club=club, token=token, by=director)[0] == [RosterRow(2, "Ann")]
    for club_, by in ((other_club, director), (club, director_of(club))):
        with pytest.raises(Invalid):
            rows_from_token(club=club_, token=token, by=by)


# ---- the pages -----------------------------------------------------------------------------


def upload(client, club, data=FILE, name="roster.csv"):
    return client.post(
        f"/clubs/{club.slug}/players/import/", {"file": SimpleUploadedFile(name, data)}
    )


def token_of(response) -> str:
    return re.search(r'name="token" value="([^"]+)"', response.content.decode()).group(1)


def test_the_members_page_offers_a_director_the_import_and_the_roster(client, club, director):
    client.force_login(director)

    page = client.get(f"/clubs/{club.slug}/members/").content.decode()

    assert f'action="/clubs/{club.slug}/players/import/"' in page
    assert f'href="/clubs/{club.slug}/players.csv"' in page


def test_a_member_sees_neither(client, club, member):
    client.force_login(member)

    page = client.get(f"/clubs/{club.slug}/members/").content.decode()

    assert "players/import" not in page and "players.csv" not in page


def test_the_preview_shows_every_row_and_stores_nothing(client, club, director, bo, bob):
    client.force_login(director)

    response = upload(client, club)

    page = response.content.decode()
    assert response.status_code == 200
    assert "Nothing is stored yet." in page
    assert "Already plays here as bo  diaz: skipped." in page
    assert "Duplicate of row 2 of the file: skipped." in page
    assert "&#x27;not-an-email&#x27; is not an email address." in page
    assert "Import 2 players" in page
    assert Player.objects.filter(club=club).count() == 2


def test_the_confirm_imports_what_the_preview_showed(client, club, director, bo, bob):
    client.force_login(director)
    token = token_of(upload(client, club))

    response = client.post(
        f"/clubs/{club.slug}/players/import/confirm/", {"token": token}, follow=True
    )

    assert "Imported 2 players; skipped 6 rows" in response.content.decode()
    assert Player.objects.filter(club=club, name__in=["Ann Lee", "Eve"]).count() == 2


def test_a_changed_token_is_refused_and_stores_nothing(client, club, director):
    client.force_login(director)
    token = token_of(upload(client, club))
    tampered = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")

    response = client.post(
        f"/clubs/{club.slug}/players/import/confirm/", {"token": tampered}, follow=True
    )

    assert "This preview has expired or was changed" in response.content.decode()
    assert not Player.objects.filter(club=club).exists()


def test_rows_cannot_be_smuggled_in_as_form_fields(client, club, director):
    client.force_login(director)
    token = token_of(upload(client, club, b"name\nAnn\n"))

    client.post(
        f"/clubs/{club.slug}/players/import/confirm/",
        {"token": token, "name": "Mallory", "rows": "Mallory"},
    )

    assert list(Player.objects.filter(club=club).values_list("name", flat=True)) == ["Ann"]


def test_a_bad_file_is_a_400_with_its_sentence(client, club, director):
    client.force_login(director)

    response = upload(client, club, b"colour\nred\n")

    assert response.status_code == 400
    assert "one called &quot;name&quot;" in response.content.decode()


def test_no_file_is_a_400(client, club, director):
    client.force_login(director)

    response = client.post(f"/clubs/{club.slug}/players/import/")

    assert response.status_code == 400
    assert "Choose a CSV file to upload." in response.content.decode()


def test_a_scorer_cannot_preview_or_import(client, club, director, scorer):
    token = rows_token(club=club, rows=[RosterRow(2, "Ann")], notes=[], by=scorer)
    client.force_login(scorer)

    assert upload(client, club).status_code == 302
    client.post(f"/clubs/{club.slug}/players/import/confirm/", {"token": token})

    assert not Player.objects.exists()


# ---- the API -------------------------------------------------------------------------------


@pytest.fixture
def api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


def api_import(api, club, data=FILE, **fields):
    url = f"/api/v1/clubs/{club.pk}/players/import/"
    return api.post(url, {"file": SimpleUploadedFile("r.csv", data), **fields}, format="multipart")


def test_the_api_dry_run_is_the_default_and_stores_nothing(api, club, bo, bob):
    response = api_import(api, club)

    body = response.json()
    assert response.status_code == 200
    assert (body["dry_run"], body["stored"]) == (True, False)
    assert body["counts"] == {"add": 2, "duplicate": 4, "problem": 2}
    assert body["rows"][1] == {
        "line": 3,
        "name": "ann LEE",
        "email": "",
        "action": "duplicate",
        "duplicate_of": None,
        "duplicate_of_line": 2,
        "problems": [],
        "note": "Duplicate of row 2 of the file: skipped.",
    }
    assert body["rows"][2]["duplicate_of"] == "bo  diaz"
    assert Player.objects.filter(club=club).count() == 2


def test_the_api_stores_with_dry_run_false(api, club, bo, bob):
    response = api_import(api, club, dry_run="false")

    body = response.json()
    assert response.status_code == 201
    assert [p["name"] for p in body["created"]] == ["Ann Lee", "Eve"]
    assert body["created"][0]["email"] == "ann@example.org"
    assert Player.objects.filter(club=club).count() == 4


@pytest.mark.parametrize(
    ("data", "field"), [(b"", "file"), (b"colour\nred\n", "file"), (b"\x00\x01", "file")]
)
def test_the_api_answers_a_bad_file_with_400_and_its_field(api, club, data, field):
    """A file that is no roster: its field's sentence, and the code ``roster_file``
    (2026-11-26: a file's content is a rule no request schema can state)."""
    response = api_import(api, club, data)

    assert response.status_code == 400
    assert list(response.json()) == [field, "code"]
    assert response.json()["code"] == "roster_file"


def test_the_api_answers_no_file_with_400(api, club):
    response = api.post(f"/api/v1/clubs/{club.pk}/players/import/", {}, format="json")

    assert response.status_code == 400
    assert "file" in response.json()
    assert response.json()["code"] == "roster_file"


def test_the_schema_asks_for_the_roster_as_a_file_part(api):
    schema = api.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/clubs/{club_id}/players/import/"]["post"]
    form = operation["requestBody"]["content"]["multipart/form-data"]["schema"]
    component = schema["components"]["schemas"][form["$ref"].rsplit("/", 1)[1]]

    assert component["properties"]["file"]["format"] == "binary"
    assert "roster_file" in operation["responses"]["400"]["description"]


def test_the_api_refuses_a_scorer_and_hides_other_clubs(club, scorer, director):
    client = APIClient()
    client.force_authenticate(scorer)
    other = ClubFactory()

    assert api_import(client, club).status_code == 403
    assert api_import(client, other).status_code == 404
    assert not Player.objects.exists()


NAMES = st.sampled_from(["Ann", "ann", " ANN ", "Bo  Diaz", "bo diaz", "", "Tab\tx", "Zoë"])
EMAILS = st.sampled_from(["", "a@example.org", "A@EXAMPLE.org", "b@example.org", "nope"])


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(NAMES, EMAILS), max_size=25))
def test_a_plan_adds_each_name_and_email_at_most_once(club, pairs):
    rows = [RosterRow(line, name, email) for line, (name, email) in enumerate(pairs, start=2)]

    plan = roster_plan(club=club, rows=rows)

    added = plan.to_add
    assert len(plan.rows) == len(rows)
    assert len({match_key(r.row.name) for r in added}) == len(added)
    emails = [r.row.email.casefold() for r in added if r.row.email]
    assert len(set(emails)) == len(emails)
    assert all(r.row.name and "\t" not in r.row.name for r in added)
