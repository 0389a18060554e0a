"""A client generated from the served schema works: openapi-python-client writes a typed
Python client from ``/api/schema/``, and its models create a club and its players,
record a whole game to its end (docs/hand-format.md's example hand, a set, a redeal, a
misdeal) and read the standings, through the WSGI application. A schema that lies (a
field it calls required and the answer lacks, a status it does not list, a hand shape
it refuses) fails here as it would fail a club's own client.

Every answer the schema documents is read by the generated client: each operation's
every documented status has its branch, JSON answers their models, and the PDF and ZIP
answers are bytes (the generator reads a binary media type through its
``content_type_overrides`` option, as ``application/octet-stream``). A JSON-or-CSV
operation (``?format=csv``) is read as JSON by the generated code, which cannot choose
a parser by the answer's media type; its CSV is read with the client's own httpx
client, as its users do."""

from __future__ import annotations

import datetime
import importlib
import json
import re
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
#: The binary answers the schema documents (``contentMediaType``), read as bytes.
BINARY = ("application/pdf", "application/zip")


def _served_schema() -> dict:
    return APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()


@pytest.fixture
def generated(tmp_path, monkeypatch):
    """The client package generated from the served schema, importable."""
    spec = _served_schema()
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
    # No formatting hooks: the generated code is imported, not read. A PDF or a ZIP is
    # read as bytes (the generator knows application/octet-stream by name only).
    config = {
        "post_hooks": [],
        "content_type_overrides": {media: "application/octet-stream" for media in BINARY},
    }
    (tmp_path / "config.json").write_text(json.dumps(config))
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
    # Nothing is left out: every operation and every answer is generated.
    assert "WARNING" not in done.stdout + done.stderr, done.stdout + done.stderr
    monkeypatch.syspath_prepend(str(tmp_path))
    yield importlib.import_module(PACKAGE)
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


def _module(package, name: str):
    return importlib.import_module(f"{package.__name__}.{name}")


def _operations(package) -> dict[tuple[str, str], Path]:
    """Each generated operation module by (method, path), read from its own request."""
    found = {}
    for module in (Path(package.__file__).parent / "api").rglob("*.py"):
        text = module.read_text()
        method = re.search(r'"method": "(\w+)"', text)
        url = re.search(r'"url": f?"([^"]+)"', text)
        if method and url:
            # A placeholder that is a Python name ({round}) is written {round_} there.
            path = re.sub(r"\{(\w+?)_\}", r"{\1}", url.group(1))
            found[(method.group(1), path)] = module
    return found


def test_the_generated_client_reads_every_answer_the_schema_documents(generated):
    spec = _served_schema()
    modules = _operations(generated)
    missing, unread = [], []
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            module = modules.get((method, path))
            if module is None:
                missing.append(f"{method.upper()} {path}")
                continue
            source = module.read_text()
            for status, answer in operation["responses"].items():
                branch = re.search(
                    rf"if response.status_code == {status}:\n(.*?)\n\n", source, re.S
                )
                if branch is None:
                    unread.append(f"{method.upper()} {path} {status}")
                    continue
                media = list(answer.get("content", {}))
                # A binary answer alone (a PDF): its bytes, never parsed as JSON.
                if media and all(m in BINARY for m in media):
                    assert "response.content" in branch.group(1), (path, status, branch.group(1))

    assert not missing, f"operations not generated: {missing}"
    assert not unread, f"documented answers the generated client does not read: {unread}"


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
    # A club night (standings count the nights' games), its players checked in.
    night = m.SessionRequest(club=club.id, date=datetime.date(2026, 11, 27))
    night = call("v1_sessions_create", body=night)
    assert isinstance(night, m.Session) and night.id, night
    call("v1_sessions_check_in_create", id=night.id, body=m.CheckInIn(players=players))
    seats = m.GameIn4PlayersSeats(*players)  # north, east, south, west
    game = call("v1_games_create", body=m.GameIn4Players(seats=seats, session=night.id))
    assert isinstance(game, m.GameOut), game

    def counters(ns: int, ew: int):
        return m.Counters(north_south=ns, east_west=ew)

    # docs/hand-format.md's example hand, as the docs write it.
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
        m.PlayedHandIn(  # south bids 100 and is set
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

    # Then East-West bid and make 120 until the game is won: a whole game.
    number = len(hands)
    while call("v1_games_retrieve", id=game.id).status != "finished":
        number += 1
        assert number <= 30, "the game never ended"
        made = m.PlayedHandIn(
            number=number,
            bidder="west",
            bid=120,
            trump=m.TrumpEnum.BLACK,
            counters=counters(0, 120),
        )
        assert call("v1_games_hands_create", id=game.id, body=made).made is True

    sheet = call("v1_games_retrieve", id=game.id)
    assert [h.number for h in sheet.hands] == list(range(1, number + 1))
    assert sheet.hands[0].record["counters"] == {"north_south": 45, "east_west": 75}
    assert sheet.hands[1].void and sheet.hands[2].made is False
    assert sheet.winner == "east_west"
    standings = call("v1_clubs_standings_retrieve", id=club.id, year=2026)
    assert isinstance(standings, m.Standings), standings
    rows = {row.name: row for row in standings.players}
    assert rows["Player 2"].won == 1 and rows["Player 1"].won == 0
    assert {row.games for row in rows.values()} == {1}

    # A binary answer: the game's printed score sheet, as bytes.
    pdf = call("v1_print_games_sheet_retrieve", game=game.id)
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF"), pdf[:40]
    # The CSV of a JSON-or-CSV operation, through the client's own httpx client.
    csv = client.get_httpx_client().get(
        f"/api/v1/clubs/{club.id}/standings/", params={"format": "csv"}
    )
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    assert "Player 2" in csv.content.decode("utf-8-sig")
