"""One set of limits for JSON, multipart and form bodies: the same
over-limit body sent each way gets the same 400 with the same field messages, and
nothing is stored. A form carries an object as JSON text (``options={"a": 1}``) or
as dotted fields (``options.a=1``); DRF used to read the first as an empty object,
so a multipart ``POST /api/v1/sessions/`` skipped the 40-options limit."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from rest_framework.test import APIClient

from play.models import Game, Hand, Night
from rookclub.core.limits import OPTIONS_MAX, PLAYERS_MAX
from rookclub.printing.models import PrintJob
from tests.factories import players_of
from tournaments.models import Tournament

TOO_MANY = {f"k{i}": i for i in range(OPTIONS_MAX + 1)}


@pytest.fixture
def night(api, club):
    return api.post("/api/v1/sessions/", {"club": club.pk, "date": "2026-04-01"}).json()["id"]


def _form(body: dict) -> dict:
    """``body`` as a form sends it: objects and lists as JSON text."""
    return {k: json.dumps(v) if isinstance(v, dict | list) else v for k, v in body.items()}


def _answers(api, path: str, body: dict) -> list[tuple[str, int, dict]]:
    as_json = api.post(path, body, format="json")
    multipart = api.post(path, _form(body), format="multipart")
    urlencoded = api.generic(
        "POST",
        path,
        urlencode(_form(body), doseq=True),
        content_type="application/x-www-form-urlencoded",
    )
    dotted = {k: v for k, v in body.items() if not isinstance(v, dict)}
    for name, value in body.items():
        if isinstance(value, dict):
            dotted.update({f"{name}.{key}": item for key, item in value.items()})
    sent = [("json", as_json), ("multipart", multipart), ("form", urlencoded)]
    if dotted != body:  # an object in it: also as dotted fields (options.k0=0)
        sent.append(("dotted", api.post(path, dotted, format="multipart")))
    return [(kind, r.status_code, r.json()) for kind, r in sent]


def _same_400(answers: list[tuple[str, int, dict]], field: str) -> dict:
    _, status, first = answers[0]
    assert status == 400 and field in first, answers[0]
    for kind, status, answer in answers[1:]:
        assert (status, answer) == (400, first), f"{kind}: {status} {answer} != {first}"
    return first


def test_a_night_with_too_many_options_is_refused_alike(api, club):
    body = {"club": club.pk, "date": "2026-04-02", "options": TOO_MANY}

    answer = _same_400(_answers(api, "/api/v1/sessions/", body), "options")

    assert answer["options"] == [f"Give {OPTIONS_MAX} options at most."]
    assert not Night.objects.exists()


def test_a_game_with_too_many_options_is_refused_alike(api, club):
    seats = dict(
        zip(("north", "east", "south", "west"), [p.pk for p in players_of(club, 4)], strict=True)
    )
    body = {"options": TOO_MANY, "ruleset": "tournament"}
    answers = _answers(api, "/api/v1/games/", body)

    _same_400(answers, "options")
    # With its seats too, JSON and dotted seats refuse the options alike.
    with_seats = api.post("/api/v1/games/", {**body, "seats": seats}, format="json")
    dotted = {"options": json.dumps(TOO_MANY), **{f"seats.{k}": v for k, v in seats.items()}}
    dotted_answer = api.post("/api/v1/games/", dotted, format="multipart")
    assert with_seats.status_code == dotted_answer.status_code == 400
    assert with_seats.json() == dotted_answer.json()
    assert not Game.objects.exists()


def test_a_tournament_with_too_many_options_is_refused_alike(api, club):
    body = {"name": "Cup", "club": club.pk, "format": "swiss", "options": TOO_MANY}

    _same_400(_answers(api, "/api/v1/tournaments/", body), "options")

    assert not Tournament.objects.exists()


def test_a_print_job_with_too_many_parameters_is_refused_alike(api, night):
    body = {"kind": "round-sheets", "parameters": TOO_MANY}

    _same_400(_answers(api, "/api/v1/print-jobs/", body), "parameters")

    assert not PrintJob.objects.exists()


def test_options_that_are_not_json_text_are_a_field_error(api, club):
    body = {"club": club.pk, "date": "2026-04-02", "options": "{not json"}

    answer = api.post("/api/v1/sessions/", body, format="multipart")

    assert answer.status_code == 400
    assert "JSON" in answer.json()["options"][0]
    assert not Night.objects.exists()


def test_options_in_a_form_are_kept_as_in_json(api, club):
    """Not only refusals: options sent as JSON text are stored, not dropped."""
    options = {"table_talk_penalty": 40}
    body = {
        "club": club.pk,
        "date": "2026-04-02",
        "ruleset": "beginner",
        "options": json.dumps(options),
    }

    answer = api.post("/api/v1/sessions/", body, format="multipart")

    assert answer.status_code == 201, answer.json()
    assert answer.json()["options"] == options


def test_a_check_in_of_too_many_players_is_refused_alike(api, night):
    body = {"players": list(range(1, PLAYERS_MAX + 2))}

    _same_400(_answers(api, f"/api/v1/sessions/{night}/check-in/", body), "players")


@pytest.mark.parametrize("kind", ["json", "multipart", "form"])
def test_a_body_of_too_many_values_is_refused_alike(api, club, settings, kind):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 50
    body = {"club": club.pk, "date": "2026-04-02", **{f"x{i}": i for i in range(60)}}
    if kind == "json":
        answer = api.post("/api/v1/sessions/", body, format="json")
    elif kind == "multipart":
        answer = api.post("/api/v1/sessions/", body, format="multipart")
    else:
        answer = api.generic(
            "POST",
            "/api/v1/sessions/",
            urlencode(body),
            content_type="application/x-www-form-urlencoded",
        )

    assert answer.status_code == 400
    assert answer.json() == {"detail": "The body is refused: it holds more than 50 values."}
    assert not Night.objects.exists()


@pytest.mark.parametrize("reason", ["[late] table 3 came back", "{Ann} forgot a hand", "[1, 2]"])
def test_a_reason_in_a_form_is_text_even_when_it_starts_like_json(api, night, reason):
    """A form value is text: a reason starting with [ or { was refused as "not JSON"."""
    api.post(f"/api/v1/sessions/{night}/close/")

    answer = api.post(f"/api/v1/sessions/{night}/reopen/", {"reason": reason}, format="multipart")

    assert answer.status_code == 200, answer.json()
    assert answer.json()["history"][-1]["reason"] == reason


def test_a_form_field_that_only_looks_like_json_does_not_refuse_the_body(api, club, night):
    players = players_of(club, 2)
    body = {"players": json.dumps([p.pk for p in players]), "note": "[Yes, both of them"}

    answer = api.generic(
        "POST",
        f"/api/v1/sessions/{night}/check-in/",
        urlencode(body),
        content_type="application/x-www-form-urlencoded",
    )

    assert answer.status_code == 200, answer.json()
    assert answer.json()["players"] == [p.pk for p in players]


JSON_ONLY = [
    ("post", "/api/v1/sessions/{night}/seat/", {"seed": "7"}),
    ("post", "/api/v1/games/{game}/hands/", {"number": "3", "bid": "80"}),
    ("post", "/api/v1/table/{key}/hands/", {"number": "3", "bid": "80"}),
    ("post", "/api/v1/hands/{hand}/correct/", {"reason": "misread", "hand": "{}"}),
    ("post", "/api/v1/tournaments/{tournament}/rounds/", {"forced_bye": "1"}),
    ("post", "/api/v1/rounds/{round}/override/", {"action": "force_bye"}),
    ("patch", "/api/v1/clubs/{club}/members/{member}/", {"role": "director"}),
]


@pytest.mark.parametrize("method, path, form", JSON_ONLY)
@pytest.mark.parametrize("kind", ["multipart", "urlencoded"])
def test_bodies_a_form_cannot_carry_are_json_only(fuzz_world, method, path, form, kind):
    """Pairs of ids, an id or null, a hand's nested counters: such operations take JSON
    alone (2026-11-26), and their schema offers nothing else."""
    world = fuzz_world
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(world.director)
    address = path.format(
        night=world.night.pk,
        game=world.game.pk,
        key=world.ids["key"],
        tournament=world.tournament.pk,
        round=world.ids["round"],
        club=world.club.pk,
        member=world.ids["member"],
        hand=world.hand.pk,
    )
    hands = Hand.objects.count()
    if kind == "multipart":
        answer = getattr(client, method)(address, form, format="multipart")
    else:
        answer = client.generic(
            method.upper(),
            address,
            urlencode(form),
            content_type="application/x-www-form-urlencoded",
        )

    assert answer.status_code == 415, answer.content
    assert Hand.objects.count() == hands
    assert world.club.memberships.get(user_id=world.ids["member"]).role == "scorer"


def test_a_form_checks_in_players_sent_as_repeated_fields(api, club, night):
    """A form sends each id as text, once per player: 12 is the id 12, as in JSON."""
    players = players_of(club, 3)
    form = urlencode([("players", str(p.pk)) for p in players])

    answer = api.generic(
        "POST",
        f"/api/v1/sessions/{night}/check-in/",
        form,
        content_type="application/x-www-form-urlencoded",
    )

    assert answer.status_code == 200, answer.json()
    assert answer.json()["players"] == [p.pk for p in players]


def test_a_form_names_the_player_who_went_home_by_id_text(api, club, night):
    ann, bo = players_of(club, 2)
    api.post(f"/api/v1/sessions/{night}/check-in/", {"players": [ann.pk, bo.pk]})

    answer = api.post(
        f"/api/v1/sessions/{night}/leave/", {"player": str(bo.pk)}, format="multipart"
    )

    assert answer.status_code == 200, answer.json()
    assert answer.json()["gone"] == [bo.pk]
    refused = api.post(f"/api/v1/sessions/{night}/leave/", {"player": "12a"}, format="multipart")
    assert refused.status_code == 400
    assert refused.json()["player"] == ["must be a player id"]


@pytest.mark.parametrize("player_id", [0, 2**63, 10**30])
def test_a_player_id_past_any_id_names_no_player(api, club, night, player_id):
    """An id outside 1 … 2**63 - 1 is an unknown player (10**30 is too large for
    SQLite's INTEGER): a 400 that says so, never a 500, and no one is checked in."""
    ann = players_of(club, 1)[0]
    paths = {
        "check-in": {"players": [ann.pk, player_id]},
        "leave": {"player": player_id},
        "seat": {"partnerships": [[ann.pk, player_id]]},
    }
    for action, body in paths.items():
        answer = api.post(f"/api/v1/sessions/{night}/{action}/", body, format="json")

        assert answer.status_code == 400, (action, answer.content[:300])
        field = next(iter(body))
        assert answer.json()[field] == [f"no player {player_id} in this club"], action
    assert Night.objects.get(pk=night).check_ins.count() == 0
