"""A club's evening through the API, on real traffic, agrees with the served schema.

A client written from the docs alone runs a club's evening through the real URLconf
(Django's test client, a token in the header as any client sends it): a club and its
players, a game scored with docs/hand-format.md's own example hand, a set, a redeal, a
misdeal, a renege found later, a hand card by card, a correction, a night with
check-in at the door, seating, a table link that records and confirms a hand, the
standings, a player's profile, a round robin with a result, and the prints. Every
request and every answer is validated against ``/api/schema/`` with openapi-core, a
validator that shares no code with drf-spectacular or Schemathesis. The test fails on
any disagreement, each listed with its operation.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from openapi_core import OpenAPI
from openapi_core.exceptions import OpenAPIError
from openapi_core.testing import MockRequest, MockResponse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.play.card_hands import played_hand

pytestmark = pytest.mark.django_db

HOST = "http://testserver"
#: docs/hand-format.md section 1, the example hand, as written there.
DOCS_EXAMPLE_HAND = {
    "bidder": "east",
    "bid": 95,
    "trump": "green",
    "counters": {"north_south": 45, "east_west": 75},
    "penalties": [{"seat": "south", "kind": "table_talk"}],
}


class ContractClient:
    """Sends each request and checks it, and its answer, against the served schema."""

    def __init__(self, openapi: OpenAPI, token: str | None = None) -> None:
        self.openapi = openapi
        self.client = APIClient(raise_request_exception=False)
        self.headers = {"Authorization": f"Token {token}"} if token else {}
        self.disagreements: list[str] = []
        self.calls = 0

    def as_anyone(self) -> ContractClient:
        """The same checks without a token: a table link's or a door link's client."""
        other = ContractClient(self.openapi)
        other.disagreements = self.disagreements
        return other

    def as_user(self, user: Any) -> ContractClient:
        """The same checks with ``user``'s token."""
        other = ContractClient(self.openapi, Token.objects.create(user=user).key)
        other.disagreements = self.disagreements
        return other

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        query: dict | None = None,
        expect: int = 200,
    ) -> Any:
        self.calls += 1
        data = json.dumps(body).encode() if body is not None else None
        request = MockRequest(
            HOST,
            method,
            path,
            args=query,
            headers=self.headers,
            data=data,
            content_type="application/json" if body is not None else None,
        )
        label = f"{method.upper()} {path}"
        try:
            self.openapi.validate_request(request)
        except Exception as error:  # every disagreement is listed
            self.disagreements.append(f"{label} request: {_why(error)}")
        headers = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in self.headers.items()}
        send = getattr(self.client, method.lower())
        kwargs: dict[str, Any] = {"data": query} if method == "get" else {}
        if body is not None:
            kwargs = {"data": data, "content_type": "application/json"}
        if method != "get" and query:
            path = f"{path}?{'&'.join(f'{k}={v}' for k, v in query.items())}"
        answer = send(path, **kwargs, **headers)
        if answer.status_code != expect:
            self.disagreements.append(
                f"{label} answered {answer.status_code}, not {expect}: {answer.content[:300]!r}"
            )
        content = answer.getvalue() if answer.streaming else answer.content
        response = MockResponse(
            content,
            status_code=answer.status_code,
            headers=dict(answer.headers),
            content_type=answer.get("Content-Type", ""),
        )
        try:
            self.openapi.validate_response(request, response)
        except Exception as error:  # every disagreement is listed
            self.disagreements.append(f"{label} -> {answer.status_code}: {_why(error)}")
        is_json = answer.get("Content-Type", "").startswith("application/json")
        return json.loads(content) if is_json and content else content


def _why(error: Exception) -> str:
    """The validator's message with the schema errors it carries."""
    causes = [error, *getattr(error, "schema_errors", ())]
    cause = error.__cause__
    while cause is not None:
        causes += [cause, *getattr(cause, "schema_errors", ())]
        cause = cause.__cause__
    return " | ".join(str(c)[:400] for c in causes)


@pytest.fixture
def client(settings) -> ContractClient:
    settings.SITE_URL = "https://rook.example.org/"
    anon = APIClient()
    spec = anon.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert spec["openapi"].startswith("3.1")
    user = UserFactory(username="contract-director")
    return ContractClient(OpenAPI.from_dict(spec), Token.objects.create(user=user).key)


def _hand(number: int, **fields: Any) -> dict[str, Any]:
    return {"number": number, **fields}


def test_a_clubs_evening_through_the_api_agrees_with_the_served_schema_call_by_call(client):
    api = client
    club = api.call("post", "/api/v1/clubs/", {"name": "Contract Street"}, expect=201)
    players = [
        api.call(
            "post", "/api/v1/players/", {"name": f"Player {n}", "club": club["id"]}, expect=201
        )["id"]
        for n in range(1, 13)
    ]
    api.call("get", f"/api/v1/clubs/{club['id']}/")
    api.call("get", "/api/v1/rulesets/")
    api.call("get", "/api/v1/rulesets/tournament/")

    # A game scored from the sheet: the docs' example hand, a set, a redeal, a misdeal,
    # a renege found later, a hand card by card.
    seats = dict(zip(("north", "east", "south", "west"), players[:4], strict=True))
    game = api.call(
        "post",
        "/api/v1/games/",
        {"ruleset": "tournament", "seats": seats, "dealer": "north"},
        expect=201,
    )
    hands = f"/api/v1/games/{game['id']}/hands/"
    first = api.call("post", hands, _hand(1, **DOCS_EXAMPLE_HAND), expect=201)
    api.call("post", hands, _hand(1, **DOCS_EXAMPLE_HAND), expect=200)  # a retry
    api.call(
        "post",
        hands,
        _hand(
            2, bidder="south", bid=100, trump="red", counters={"north_south": 60, "east_west": 60}
        ),
        expect=201,
    )
    api.call("post", hands, _hand(3, redeal={"reason": "exposed_card"}), expect=201)
    api.call("post", hands, _hand(4, misdeal={"found": "before_three_tricks"}), expect=201)
    api.call("post", hands, _hand(5, misdeal={"found": "later"}), expect=201)
    renege = {"seat": "east", "found": "later", "counters": {"north_south": 55}}
    api.call("post", hands, _hand(6, bidder="north", bid=85, renege=renege), expect=201)
    sheet = api.call("get", f"/api/v1/games/{game['id']}/")
    card_hand = played_hand(dealer=sheet["dealer"]).to_dict()
    api.call("post", hands, _hand(sheet["next_number"], card_hand=card_hand), expect=201)
    api.call("get", hands)
    api.call("get", "/api/v1/games/", query={"limit": "5"})
    api.call("get", f"/api/v1/hands/{first['id']}/")
    api.call(
        "post",
        f"/api/v1/hands/{first['id']}/correct/",
        {
            "reason": "miscounted the nest",
            "hand": {
                "bidder": "east",
                "bid": 95,
                "trump": "green",
                "counters": {"north_south": 25, "east_west": 95},
            },
        },
    )
    # The other side's confirmation: a second director (never the one who entered it).
    api.call(
        "post",
        f"/api/v1/clubs/{club['id']}/members/",
        {
            "username": "contract-second",
            "password": "rook-partner-9",
            "role": "director",
        },
        expect=201,
    )
    second = api.as_user(User.objects.get(username="contract-second"))
    second.call("post", f"/api/v1/hands/{first['id']}/confirm/")

    # A night: check-in at the desk and at the door, seating, a table link that records
    # a hand and confirms it, standings, a player's profile.
    night = api.call(
        "post",
        "/api/v1/sessions/",
        {
            "club": club["id"],
            "date": "2026-11-26",
            "seating_method": "random",
        },
        expect=201,
    )
    nid = night["id"]
    api.call("post", f"/api/v1/sessions/{nid}/check-in/", {"players": players[:7]})
    door = api.call("get", f"/api/v1/sessions/{nid}/")["door_key"]
    public = api.as_anyone()
    public.call("get", f"/api/v1/door/{door}/")
    public.call("post", f"/api/v1/door/{door}/check-in/", {"player": players[7]}, expect=201)
    api.call("post", f"/api/v1/sessions/{nid}/seat/", {"seed": 7}, expect=201)
    public.call("get", f"/api/v1/door/{door}/players/{players[7]}/")
    tables = api.call("get", f"/api/v1/sessions/{nid}/tables/")
    key = tables[0]["key"]
    public.call("get", f"/api/v1/table/{key}/")
    public.call(
        "post",
        f"/api/v1/table/{key}/hands/",
        {
            "number": 1,
            "side": "north_south",
            "bidder": "north",
            "bid": 80,
            "trump": "red",
            "counters": {"north_south": 85, "east_west": 35},
        },
        expect=201,
    )
    public.call("post", f"/api/v1/table/{key}/hands/1/confirm/", {"side": "east_west"})
    api.call("get", f"/api/v1/sessions/{nid}/hands/")
    api.call("get", f"/api/v1/sessions/{nid}/standings/")
    api.call("get", "/api/v1/sessions/")
    api.call("get", f"/api/v1/clubs/{club['id']}/standings/", query={"year": "2026"})
    api.call("get", f"/api/v1/players/{players[0]}/profile/")
    api.call("get", f"/api/v1/players/{players[11]}/profile/")  # no game yet: rating null
    api.call("get", f"/api/v1/players/{players[0]}/stats/", query={"year": "2026"})
    api.call("get", f"/api/v1/players/{players[0]}/")

    # A round robin with a result.
    event = api.call(
        "post",
        "/api/v1/tournaments/",
        {
            "name": "Contract Open",
            "club": club["id"],
            "format": "round_robin",
            "options": {"start_games": False},
        },
        expect=201,
    )
    eid = event["id"]
    for pair in (players[0:2], players[2:4], players[4:6], players[6:8]):
        api.call("post", f"/api/v1/tournaments/{eid}/entries/", {"players": pair}, expect=201)
    api.call("post", f"/api/v1/tournaments/{eid}/start/", {"draw_seed": "contract"})
    rounds = api.call("get", f"/api/v1/tournaments/{eid}/rounds/")
    match = next(m for m in rounds[0]["matches"] if not m["bye"])
    api.call("post", f"/api/v1/matches/{match['id']}/result/", {"games": [[320, 180]]})
    api.call("get", f"/api/v1/matches/{match['id']}/")
    api.call("get", f"/api/v1/tournaments/{eid}/standings/")
    api.call("get", f"/api/v1/tournaments/{eid}/")
    api.call("get", f"/api/v1/rounds/{rounds[0]['id']}/tables/")

    # Prints: a game's sheet, a night's standings, a batch of round sheets.
    sheet_pdf = api.call("get", f"/api/v1/print/games/{game['id']}/sheet/")
    assert sheet_pdf[:4] == b"%PDF"
    api.call("get", f"/api/v1/print/sessions/{nid}/standings/")
    api.call("get", f"/api/v1/print/clubs/{club['slug']}/standings/")
    api.call("get", f"/api/v1/print/tournaments/{eid}/standings/")
    api.call(
        "get", f"/api/v1/print/tournament-rounds/{rounds[0]['id']}/tables/{match['table']}/sheet/"
    )
    job = api.call(
        "post",
        "/api/v1/print-jobs/",
        {"kind": "session-games", "parameters": {"session": nid}},
        expect=202,
    )
    api.call("get", f"/api/v1/print-jobs/{job['id']}/")

    assert api.calls >= 40, api.calls
    assert not api.disagreements, (
        f"{len(api.disagreements)} of {api.calls}+ calls disagree with the schema:\n"
        + "\n".join(api.disagreements)
    )


def test_what_the_server_refuses_as_malformed_the_schema_refuses_too(client):
    """The other half of agreeing: a bound the server keeps is a bound in the schema, so
    a client checking its requests against the schema never meets these 400s."""
    api = client
    club = api.call("post", "/api/v1/clubs/", {"name": "Bounds Street"}, expect=201)
    players = [
        api.call(
            "post", "/api/v1/players/", {"name": f"Player {n}", "club": club["id"]}, expect=201
        )["id"]
        for n in range(1, 5)
    ]
    seats = dict(zip(("north", "east", "south", "west"), players, strict=True))
    game = api.call("post", "/api/v1/games/", {"seats": seats}, expect=201)
    hands = f"/api/v1/games/{game['id']}/hands/"
    assert not api.disagreements, api.disagreements
    refused = [
        # A print's id from 1 ("Give 1 or more.").
        ("get", "/api/v1/print/games/0/sheet/", None),
        # NUL in a name: JSON's parser refuses it in any string.
        ("post", "/api/v1/players/", ("json", {"name": "Ada\u0000", "club": club["id"]})),
        # A played hand without counters; a redeal with a bid; an unknown field.
        ("post", hands, ("json", {"number": 1, "bidder": "north", "bid": 80, "trump": "red"})),
        ("post", hands, ("json", {"number": 1, "bid": 80, "redeal": {"reason": "all_passed"}})),
        ("post", hands, ("json", {"number": 1, **DOCS_EXAMPLE_HAND, "colour": "red"})),
        # A play is [seat, card], in that order.
        (
            "post",
            hands,
            (
                "json",
                {
                    "number": 1,
                    "card_hand": {
                        "hands": {"north": ["red-14"]},
                        "tricks": [[["red-14", "north"]]],
                    },
                },
            ),
        ),
    ]
    for method, path, body in refused:
        request = MockRequest(
            HOST,
            method,
            path,
            headers=api.headers,
            data=json.dumps(body[1]).encode() if body else None,
        )
        with pytest.raises(OpenAPIError):
            api.openapi.validate_request(request)
        api.call(method, path, body[1] if body else None, expect=400)
    # The refusals' answers agree with the schema too (a 400 of the documented shape).
    requests = [d for d in api.disagreements if " request: " in d]
    assert len(requests) == len(refused), api.disagreements
    answers = [d for d in api.disagreements if " request: " not in d]
    assert not answers, answers
