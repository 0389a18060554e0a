"""Inputs that once answered 500 are refusals in words: JSON, a sentence, nothing stored.

They include: odd query numbers, a huge limit, JSON nested 100,000 deep, a
lone surrogate, an entry seed of 2**63, a match score of 2**31, 10,000 penalties on
one hand, a round robin of 2,000 cycles, a body over 1 MB, control characters in
names.
"""

from __future__ import annotations

import json

import pytest

from play.models import Hand
from rookclub.clubs.models import Club, Player
from tests.factories import director_of, game_for, players_of
from tournaments import services as events
from tournaments.models import Entry, MatchGame, Tournament


def recorded_hand(club, by):
    from play.hands import hand_record

    hand = {
        "bidder": "north",
        "bid": 80,
        "trump": "red",
        "counters": {"north_south": 80, "east_west": 40},
    }
    return hand_record(game=game_for(club, created_by=by), data=hand, entered_by=by)


def refused(response, status=400):
    """The answer is ``status`` in JSON with at least one sentence in it."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    body = response.json()
    texts = (
        [body]
        if isinstance(body, str)
        else [
            text
            for value in body.values()
            for text in (value if isinstance(value, list) else [value])
        ]
    )
    assert any(isinstance(t, str) and len(t.split()) >= 3 for t in texts), body
    return body


@pytest.mark.parametrize("year", ["0", "²", "9" * 20, "-3", "--3", "2025.5", "１９９９", "1e3"])
def test_a_season_year_that_is_no_year_is_refused(api, club, year):
    body = refused(api.get(f"/api/v1/clubs/{club.pk}/standings/", {"year": year}))

    assert "year" in body


def test_a_season_year_still_picks_a_season(api, club):
    response = api.get(f"/api/v1/clubs/{club.pk}/standings/", {"year": "2025"})

    assert response.status_code == 200


@pytest.mark.parametrize(
    ("path", "name"),
    [("/api/v1/players/", "club"), ("/api/v1/sessions/", "club"), ("/api/v1/games/", "session")],
)
@pytest.mark.parametrize("value", ["²", "9" * 20, "0", "x"])
def test_a_filter_id_that_is_no_id_is_refused(api, club, path, name, value):
    body = refused(api.get(path, {name: value}))

    assert name in body


@pytest.mark.parametrize(
    "query",
    [
        {"limit": "9223372036854775808"},
        {"limit": "0"},
        {"limit": "501"},
        {"offset": "-1"},
        {"offset": "9223372036854775808"},
        {"limit": "²"},
    ],
)
def test_a_page_out_of_bounds_is_refused(api, club, query):
    body = refused(api.get("/api/v1/players/", query))

    assert set(query) <= set(body)


def test_a_page_within_bounds_is_served(api, club):
    players_of(club, 3)

    response = api.get("/api/v1/players/", {"limit": "2", "offset": "1"})

    assert response.status_code == 200
    assert len(response.json()["results"]) == 2


def test_json_nested_100000_deep_is_refused(api, club):
    deep = "[" * 100_000 + "]" * 100_000

    body = refused(api.generic("POST", "/api/v1/clubs/", deep, content_type="application/json"))

    assert "nested" in body["detail"]


def test_json_nested_a_little_too_deep_is_refused(api, club):
    deep = '{"name": "x", "a": ' + "[" * 25 + "]" * 25 + "}"

    refused(api.generic("POST", "/api/v1/clubs/", deep, content_type="application/json"))
    assert Club.objects.count() == 1


@pytest.mark.parametrize(
    "raw",
    ['{"reason": "miscounted \\ud800", "hand": {}}', '{"reason": "x", "hand": {"\\udfff": 1}}'],
)
def test_a_lone_surrogate_in_a_reason_or_a_key_is_refused(api, club, raw):
    hand = recorded_hand(club, director_of(club, username="second"))

    body = refused(
        api.generic(
            "POST", f"/api/v1/hands/{hand.pk}/correct/", raw, content_type="application/json"
        )
    )

    assert "surrogate" in body["detail"]
    assert not hand.corrections.exists()


def test_a_lone_surrogate_in_game_options_is_refused(api, club):
    players = players_of(club, 4)
    seats = dict(zip(("north", "east", "south", "west"), [p.pk for p in players], strict=True))
    raw = json.dumps({"seats": seats, "options": {"\ud800": 1}})

    refused(api.generic("POST", "/api/v1/games/", raw, content_type="application/json"))


def test_a_body_over_one_megabyte_is_413_in_json(api, club):
    big = json.dumps({"name": "x" * (1024 * 1024)})

    body = refused(api.generic("POST", "/api/v1/clubs/", big, content_type="application/json"), 413)

    assert "1 MB" in body["detail"]
    assert Club.objects.count() == 1


def test_a_form_body_over_one_megabyte_is_413_in_json(api, club):
    response = api.post("/api/v1/clubs/", {"name": "x" * (1024 * 1024 + 10)}, format="multipart")

    refused(response, 413)


def test_an_unknown_api_address_is_a_json_404(api):
    refused(api.get("/api/v1/no-such-thing/"), 404)


def test_a_player_name_with_a_control_character_is_refused(api, club):
    body = refused(api.post("/api/v1/players/", {"name": "Ada\x01Brooks", "club": club.pk}))

    assert "control characters" in body["name"][0]
    assert not Player.objects.filter(club=club).exists()


@pytest.mark.parametrize("name", ["Elm\x00Street", "Elm\nStreet", "Elm\x9bStreet"])
def test_a_club_name_with_a_control_character_is_refused(api, club, name):
    refused(api.post("/api/v1/clubs/", {"name": name}))

    assert Club.objects.count() == 1


@pytest.fixture
def event(club, director):
    tournament = events.tournament_create(club=club, name="Open", format="swiss", by=director)
    return tournament


def test_an_entry_seed_of_2_to_the_63_is_refused(api, club, event):
    a, b = players_of(club, 2)

    body = refused(
        api.post(
            f"/api/v1/tournaments/{event.pk}/entries/", {"players": [a.pk, b.pk], "seed": 2**63}
        )
    )

    assert "seed" in body
    assert not Entry.objects.exists()


def test_an_entry_name_with_a_control_character_is_refused(api, club, event):
    a, b = players_of(club, 2)

    refused(
        api.post(
            f"/api/v1/tournaments/{event.pk}/entries/", {"players": [a.pk, b.pk], "name": "A\x07B"}
        )
    )

    assert not Entry.objects.exists()


@pytest.mark.parametrize("score", [2**31, -(2**31), 100_000])
def test_a_match_score_beyond_the_bounds_is_refused(api, club, director, score):
    from tests.tournaments.conftest import make_event, ready_matches

    tournament = make_event(club, director, "swiss", 4)
    match = ready_matches(tournament)[0]

    body = refused(api.post(f"/api/v1/matches/{match.pk}/result/", {"games": [[score, 0]]}))

    assert "99999" in body["games"][0]
    assert not MatchGame.objects.filter(match=match, score_a__isnull=False).exists()


def test_a_round_robin_of_2000_cycles_is_refused_with_a_sentence(api, club):
    response = api.post(
        "/api/v1/tournaments/",
        {"name": "Marathon", "club": club.pk, "format": "round_robin", "options": {"cycles": 2000}},
    )

    body = refused(response)

    assert body["options"] == ["cycles: a whole number from 0 to 9 (2 for a double round robin)"]
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("count", [13, 300])
def test_more_than_twelve_penalties_on_one_hand_are_refused(api, club, count):
    game = game_for(club)
    hand = {
        "number": 1,
        "bidder": "north",
        "bid": 80,
        "trump": "red",
        "counters": {"north_south": 80, "east_west": 40},
        "penalties": [{"seat": "west", "kind": "table_talk"}] * count,
    }

    body = refused(api.post(f"/api/v1/games/{game.pk}/hands/", hand))

    assert body["penalties"] == ["at most 12 penalties on one hand"]
    assert not Hand.objects.exists()


def test_ten_thousand_penalties_are_more_values_than_any_body_may_hold(api, club):
    """The body's own limit (DATA_UPLOAD_MAX_NUMBER_FIELDS, as for a form) comes first."""
    game = game_for(club)
    hand = {
        "number": 1,
        "bidder": "north",
        "bid": 80,
        "trump": "red",
        "counters": {"north_south": 80, "east_west": 40},
        "penalties": [{"seat": "west", "kind": "table_talk"}] * 10_000,
    }

    body = refused(api.post(f"/api/v1/games/{game.pk}/hands/", hand))

    assert body["detail"] == "The body is refused: it holds more than 1,000 values."
    assert not Hand.objects.exists()


def test_a_reason_over_500_characters_is_refused(api, club):
    hand = recorded_hand(club, director_of(club, username="second"))
    body = {
        "reason": "x" * 501,
        "hand": {
            "bidder": "north",
            "bid": 80,
            "trump": "red",
            "counters": {"north_south": 85, "east_west": 35},
        },
    }

    refused(api.post(f"/api/v1/hands/{hand.pk}/correct/", body))

    assert not hand.corrections.exists()


def test_a_nul_character_in_any_json_text_is_refused(api, club):
    # PostgreSQL stores no NUL in text or jsonb: a print job's parameters were a 500 there.
    raw = json.dumps({"kind": "round-sheets", "parameters": {"round": 1, "note": "a\u0000b"}})

    body = refused(api.generic("POST", "/api/v1/print-jobs/", raw, content_type="application/json"))

    assert "NUL" in body["detail"]


def test_a_whole_number_written_with_a_fraction_is_the_integer_it_equals(api, club):
    """JSON Schema 2020-12 (OpenAPI 3.1) counts 80.0 and 8e1 as the integer 80, so a field
    typed integer takes them; a fraction is still no whole number."""
    game = game_for(club)
    raw = (
        '{"number": 1.0, "bidder": "north", "bid": 8e1, "trump": "red",'
        ' "counters": {"north_south": 80.0, "east_west": 4.0E1}}'
    )
    taken = api.generic(
        "POST", f"/api/v1/games/{game.pk}/hands/", raw, content_type="application/json"
    )
    assert taken.status_code == 201, taken.content[:300]
    assert Hand.objects.get(game=game).record["counters"] == {"north_south": 80, "east_west": 40}

    raw = raw.replace('"number": 1.0', '"number": 2').replace("8e1", "80.5")
    body = refused(
        api.generic("POST", f"/api/v1/games/{game.pk}/hands/", raw, content_type="application/json")
    )
    assert "bid" in body


@pytest.mark.parametrize("game_id", [0, 2**63, 10**30])
def test_a_hand_for_a_game_id_past_any_id_is_a_404(api, club, game_id):
    """An id outside 1 … 2**63 - 1 names no game (10**30 is too large for SQLite's
    INTEGER): a 404, never a 500."""
    hand = {
        "bidder": "north",
        "bid": 80,
        "trump": "red",
        "number": 1,
        "counters": {"north_south": 80, "east_west": 40},
    }
    response = api.post(f"/api/v1/games/{game_id}/hands/", hand, format="json")

    assert response.status_code == 404, response.content[:300]
