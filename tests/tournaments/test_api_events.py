"""Creating events and registering entries through /api/v1/tournaments/."""

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, member_of, players_of
from tournaments.models import Entry, Tournament


def create(api, club, **body):
    return api.post(
        "/api/v1/tournaments/",
        {"name": "Spring Open", "club": club.pk, "ruleset": "tournament", **body},
        format="json",
    )


def test_a_director_creates_an_event_with_its_options(api, club):
    response = create(
        api,
        club,
        format="swiss",
        rounds=4,
        games_per_match=3,
        options={"tie_breakers": ["wins", "buchholz"], "round_clock": {"hands": 4, "minutes": 20}},
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["format"] == "swiss"
    assert body["status"] == "registration"
    tournament = Tournament.objects.get(pk=body["id"])
    assert tournament.ruleset["slug"] == "tournament"
    assert tournament.audit.filter(what="tournament_created").exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"format": "ladder"}, "format"),
        ({"format": "swiss", "games_per_match": 2}, "games_per_match"),
        ({"format": "swiss", "ruleset": "no-such-rules"}, "ruleset"),
        ({"format": "swiss", "options": {"tie_breakers": ["coin_toss"]}}, "options"),
        ({"format": "swiss", "options": {"round_clock": {"hands": "four"}}}, "options"),
        ({"format": "swiss", "options": {"colour": "red"}}, "options"),
    ],
)
def test_bad_events_are_refused_field_by_field(api, club, body, field):
    response = create(api, club, **body)

    assert response.status_code == 400
    assert field in response.json()
    assert not Tournament.objects.exists()


def test_a_plain_member_cannot_create_an_event(club):
    client = APIClient()
    client.force_authenticate(member_of(club, username="mo"))

    response = create(client, club, format="swiss")

    assert response.status_code == 403


@pytest.fixture
def event(api, club):
    return Tournament.objects.get(pk=create(api, club, format="round_robin").json()["id"])


def test_a_partnership_is_entered_with_two_players_of_the_club(api, club, event):
    a, b = players_of(club, 2)

    response = api.post(
        f"/api/v1/tournaments/{event.pk}/entries/", {"players": [a.pk, b.pk], "seed": 1}
    )

    assert response.status_code == 201, response.json()
    assert response.json()["name"] == f"{a.name} & {b.name}"
    assert response.json()["players"] == [a.pk, b.pk]
    assert response.json()["history"][0]["what"] == "registered"


@pytest.mark.parametrize("count", [1, 3])
def test_a_partnership_needs_exactly_two_players(api, club, event, count):
    players = players_of(club, count)

    response = api.post(
        f"/api/v1/tournaments/{event.pk}/entries/", {"players": [p.pk for p in players]}
    )

    assert response.status_code == 400
    assert "players" in response.json()
    # One player fits the schema (an individual event's entry): the event's rule refuses
    # it, with its code; three break the schema's maxItems.
    assert response.json().get("code") == ("players_per_entry" if count == 1 else None)
    assert not Entry.objects.exists()


def test_an_individual_event_takes_one_player_per_entry(api, club):
    event = create(api, club, format="individual").json()
    players = players_of(club, 2)

    response = api.post(
        f"/api/v1/tournaments/{event['id']}/entries/", {"players": [p.pk for p in players]}
    )

    assert response.status_code == 400
    assert "one" in str(response.json()["players"]) or "1" in str(response.json()["players"])
    assert response.json()["code"] == "players_per_entry"


def test_players_from_another_club_are_refused(api, club, event):
    stranger = players_of(ClubFactory(), 1)[0]
    mine = players_of(club, 1)[0]

    response = api.post(
        f"/api/v1/tournaments/{event.pk}/entries/", {"players": [mine.pk, stranger.pk]}
    )

    assert response.status_code == 400
    assert response.json()["players"] == ["every player must be of the event's club"]


def test_a_player_cannot_be_entered_twice(api, club, event):
    a, b, c = players_of(club, 3)
    api.post(f"/api/v1/tournaments/{event.pk}/entries/", {"players": [a.pk, b.pk]})

    response = api.post(f"/api/v1/tournaments/{event.pk}/entries/", {"players": [c.pk, a.pk]})

    assert response.status_code == 400
    assert response.json()["code"] == "already_entered"
    assert Entry.objects.count() == 1


def test_a_taken_seed_is_refused(api, club, event):
    a, b, c, d = players_of(club, 4)
    api.post(f"/api/v1/tournaments/{event.pk}/entries/", {"players": [a.pk, b.pk], "seed": 1})

    response = api.post(
        f"/api/v1/tournaments/{event.pk}/entries/", {"players": [c.pk, d.pk], "seed": 1}
    )

    assert response.status_code == 400
    assert "seed" in response.json()
    assert response.json()["code"] == "seed_taken"


def test_starting_twice_is_a_conflict(api, club, event):
    for _ in range(2):
        a, b = players_of(club, 2)
        api.post(f"/api/v1/tournaments/{event.pk}/entries/", {"players": [a.pk, b.pk]})
    assert api.post(f"/api/v1/tournaments/{event.pk}/start/").status_code == 200

    response = api.post(f"/api/v1/tournaments/{event.pk}/start/")

    assert response.status_code == 409
    assert response.json()["code"] == "already_started"


def test_an_event_with_one_entry_cannot_start(api, club, event):
    a, b = players_of(club, 2)
    api.post(f"/api/v1/tournaments/{event.pk}/entries/", {"players": [a.pk, b.pk]})

    response = api.post(f"/api/v1/tournaments/{event.pk}/start/")

    assert response.status_code == 409
    event.refresh_from_db()
    assert event.status == "registration"


def test_the_schema_documents_the_tournament_routes(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()

    for path in (
        "/api/v1/tournaments/",
        "/api/v1/tournaments/{id}/entries/",
        "/api/v1/tournaments/{id}/start/",
        "/api/v1/tournaments/{id}/rounds/",
        "/api/v1/tournaments/{id}/standings/",
        "/api/v1/tournaments/{id}/bracket/",
        "/api/v1/matches/{id}/result/",
    ):
        assert path in schema["paths"], path
