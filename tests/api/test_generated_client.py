"""A client generated from the served schema works: openapi-python-client writes a typed
Python client from ``/api/schema/``, and its models create a club and its players,
record a whole game (docs/hand-format.md's example hand, a set, a redeal, a misdeal)
and read the standings, through the WSGI application. A schema that lies (a field it
calls required and the answer lacks, a status it does not list, a hand shape it
refuses) fails here as it would fail a club's own client."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from rookclub.wsgi import application
from tests.api.test_fuzz import keep_test_connection  # noqa: F401 - a fixture
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PACKAGE = "rookclub_generated_client"
GENERATOR = Path(sys.executable).with_name("openapi-python-client")


@pytest.fixture
def generated(tmp_path, monkeypatch):
    """The client package generated from the served schema, importable."""
    spec = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    # A JSON client: openapi-python-client 0.29 cannot choose among a body's media types
    # when they share one model (a club as JSON, a form or multipart): it sends the JSON
    # under the last one's Content-Type, and types the body "| Unset" without importing
    # Unset. So the client is generated for the JSON bodies, as a JSON client would be.
    for path in spec["paths"].values():
        for operation in path.values():
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                for media in [m for m in content if m != "application/json"]:
                    del content[media]
    (tmp_path / "schema.json").write_text(json.dumps(spec))
    # No formatting hooks: the generated code is imported, not read.
    (tmp_path / "config.json").write_text(json.dumps({"post_hooks": []}))
    done = subprocess.run(
        [
            str(GENERATOR),
            "generate",
            "--path",
            str(tmp_path / "schema.json"),
            "--meta",
            "none",
            "--output-path",
            str(tmp_path / PACKAGE),
            "--config",
            str(tmp_path / "config.json"),
        ],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # Only the PDF answers are left out (the generator reads JSON answers alone).
    skipped = [line for line in done.stdout.splitlines() if line.startswith("WARNING parsing")]
    assert all("/print/" in line for line in skipped), done.stdout
    monkeypatch.syspath_prepend(str(tmp_path))
    yield importlib.import_module(PACKAGE)
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


def _module(package, name: str):
    return importlib.import_module(f"{package.__name__}.{name}")


def test_a_generated_client_records_a_whole_game_with_its_typed_models(
    generated,
    keep_test_connection,  # noqa: F811 - a fixture
):
    m = _module(generated, "models")
    api = _module(generated, "api.v1")
    client = _module(generated, "client").AuthenticatedClient(
        base_url="http://testserver",
        token=Token.objects.create(user=UserFactory()).key,
        prefix="Token",
        raise_on_unexpected_status=True,
        httpx_args={"transport": httpx.WSGITransport(app=application)},
    )

    def call(operation: str, **kwargs):
        return importlib.import_module(f"{api.__name__}.{operation}").sync(client=client, **kwargs)

    club = call("v1_clubs_create", body=m.ClubRequest(name="Generated Street"))
    players = [
        call("v1_players_create", body=m.PlayerRequest(name=f"Player {n}", club=club.id)).id
        for n in range(1, 5)
    ]
    seats = m.GameIn4PlayersSeats(*players)  # north, east, south, west
    game = call("v1_games_create", body=m.GameIn4Players(seats=seats))
    assert isinstance(game, m.GameOut), game

    def counters(ns: int, ew: int):
        return m.Counters(north_south=ns, east_west=ew)

    example = m.PlayedHandIn(
        number=1,
        bidder="east",
        bid=95,
        trump=m.TrumpEnum.GREEN,
        counters=counters(45, 75),
        penalties=[m.Penalty(seat="south", kind=m.PenaltyKindEnum.TABLE_TALK)],
    )
    hands = [
        example,
        m.RedealHandIn(number=2, redeal=m.Redeal(reason=m.ReasonEnum.EXPOSED_CARD)),
        m.PlayedHandIn(
            number=3, bidder="south", bid=100, trump=m.TrumpEnum.RED, counters=counters(60, 60)
        ),
        m.MisdealFoundLaterHandIn(
            number=4, misdeal=m.MisdealFoundLater(found=m.MisdealFoundLaterFound.LATER)
        ),
    ]
    for hand in hands:
        recorded = call("v1_games_hands_create", id=game.id, body=hand)
        assert isinstance(recorded, m.HandRecorded), recorded
        assert recorded.number == hand.number

    sheet = call("v1_games_retrieve", id=game.id)
    assert [h.number for h in sheet.hands] == [1, 2, 3, 4]
    assert sheet.hands[0].record["counters"] == {"north_south": 45, "east_west": 75}
    standings = call("v1_clubs_standings_retrieve", id=club.id)
    assert isinstance(standings, m.Standings), standings
