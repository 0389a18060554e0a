"""Who may do what, route by route: every API operation of the OpenAPI
schema and every page route that takes an object id, for six actors: anonymous, a
logged-in user in no club, a member, a scorer and a director of Maple Street, and
the director of another club (Oak Lane).

The expected answers come from the tables below (:data:`API` and :data:`PAGES`):
the least role an operation needs, or ``public`` / ``user`` (any logged-in user).
A new route without an entry fails :func:`test_every_api_operation_has_an_entry` or
:func:`test_every_page_route_with_an_id_has_an_entry`.

What is checked for each (route, actor):
* anyone below the role gets a refusal, never a success, and the database is
  unchanged after a write they tried;
* someone outside Maple Street gets 404 for its objects, exactly as for an unknown
  id, before any other check (also with an empty body), and never sees a name of
  Maple Street in the answer (pages whose objects are public are the exception);
* whoever holds the role is not refused (no 401/403/404), and nothing answers 500.

One world is built per module and every test runs in a savepoint rolled back after
it, so a director's successful write does not leak into the next test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.apps import apps
from django.db import connection, transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.security.world import ACTORS, MARKER, RANK, World, build_world

LEVELS = {"member": 1, "scorer": 2, "director": 3}
HAND = {"bidder": "north", "bid": 80, "trump": "red",
        "counters": {"north_south": 85, "east_west": 35}}  # fmt: skip


@dataclass(frozen=True)
class Rule:
    """``level``: public, user, member, scorer or director. ``ids``: placeholder ->
    name in the world (or a literal value). ``body``: a request that would succeed
    for the role. ``public_object``: its pages show the object to anyone, so a
    non-member's refusal need not be a 404. ``ok``: extra statuses that count as
    allowed (a PDF not rendered yet...). ``in_body``: the club's object is named in
    the body, not the path (a create): a non-member gets the answer an unknown id
    gets (400 or 404, the same fields) and nothing changes."""

    level: str
    ids: dict[str, Any] = field(default_factory=dict)
    body: dict[str, Any] | None = None
    public_object: bool = False
    ok: tuple[int, ...] = ()
    in_body: bool = False


def R(level: str, body: dict[str, Any] | None = None, **ids: Any) -> Rule:
    return Rule(level, ids, body)


def B(level: str, body: dict[str, Any]) -> Rule:
    return Rule(level, {}, body, in_body=True)


def P(level: str, body: dict[str, Any] | None = None, *, public: bool = True, **ids: Any) -> Rule:
    return Rule(level, ids, body, public_object=public)


V1 = "/api/v1"
NEW_USER = {"username": "newcomer", "password": "table-talk-2026"}

# ---- the API: (method, path as in the OpenAPI schema) -> rule -----------------------------
API: dict[tuple[str, str], Rule] = {
    ("POST", f"{V1}/accounts/"): R("public", NEW_USER),
    ("GET", f"{V1}/clubs/"): R("user"),
    ("GET", f"{V1}/clubs/{{club_id}}/export/"): R("director", club_id="club"),
    # The roster carries emails: directors only. An import without a file is a 400.
    ("GET", f"{V1}/clubs/{{club_id}}/players/"): R("director", club_id="club"),
    ("POST", f"{V1}/clubs/{{club_id}}/players/import/"): R("director", club_id="club"),
    ("GET", f"{V1}/sessions/{{id}}/hands/"): R("member", id="night"),
    ("POST", f"{V1}/games/{{id}}/void/"): R("director", {"reason": "wrong players"}, id="game"),
    ("POST", f"{V1}/sessions/{{id}}/leave/"): R("director", {"player": "@player"}, id="night"),
    # Table 1 is still playing: its director is answered 409, not refused.
    ("POST", f"{V1}/sessions/{{id}}/tables/{{number}}/new-game/"): R(
        "director", id="night", number=1),
    # The player has played tonight: 409 has_played for the director, not a refusal.
    ("POST", f"{V1}/sessions/{{id}}/undo-check-in/"): R(
        "director", {"player": "@player"}, id="night"),
    ("POST", f"{V1}/clubs/"): R("user", {"name": "Birch Row"}),
    ("POST", f"{V1}/clubs/{{club_id}}/invites/"): R("director", {"role": "scorer"}, club_id="club"),
    ("GET", f"{V1}/clubs/{{club_id}}/members/"): R("member", club_id="club"),
    ("POST", f"{V1}/clubs/{{club_id}}/members/"): R(
        "director", {**NEW_USER, "role": "member"}, club_id="club"),
    ("PATCH", f"{V1}/clubs/{{club_id}}/members/{{user_id}}/"): R(
        "director", {"role": "scorer"}, club_id="club", user_id="lee"),
    ("DELETE", f"{V1}/clubs/{{club_id}}/members/{{user_id}}/"): R(
        "director", club_id="club", user_id="lee"),
    ("GET", f"{V1}/clubs/{{id}}/"): R("member", id="club"),
    ("GET", f"{V1}/clubs/{{id}}/standings/"): R("member", id="club"),
    ("GET", f"{V1}/entries/{{id}}/"): R("member", id="entry"),
    ("POST", f"{V1}/entries/{{id}}/check-in/"): R("director", id="entry"),
    ("POST", f"{V1}/entries/{{id}}/withdraw/"): R("director", {"reason": "ill"}, id="entry"),
    ("GET", f"{V1}/games/"): R("user"),
    ("POST", f"{V1}/games/"): B("scorer", {"ruleset": "tournament", "seats": {
        "north": "@p8", "east": "@p9", "south": "@p10", "west": "@p11"}}),
    ("GET", f"{V1}/games/{{id}}/"): R("member", id="game"),
    ("GET", f"{V1}/games/{{id}}/hands/"): R("member", id="game"),
    ("POST", f"{V1}/games/{{id}}/hands/"): R("scorer", {**HAND, "number": 2}, id="game"),
    ("GET", f"{V1}/hands/{{id}}/"): R("member", id="hand"),
    ("POST", f"{V1}/hands/{{id}}/confirm/"): R("director", id="hand"),
    ("POST", f"{V1}/hands/{{id}}/correct/"): R(
        "director", {"reason": "miscounted", "hand": {**HAND, "bid": 85}}, id="hand"),
    ("POST", f"{V1}/invites/{{token}}/accept/"): R("user", token="token"),
    ("GET", f"{V1}/matches/{{id}}/"): R("member", id="match"),
    ("POST", f"{V1}/matches/{{id}}/games/"): R("scorer", id="match"),
    ("POST", f"{V1}/matches/{{id}}/result/"): R("director", {"games": [[300, 150]]}, id="match"),
    ("GET", f"{V1}/players/"): R("user"),
    ("POST", f"{V1}/players/"): B("director", {"name": "Zed", "club": "@club"}),
    ("GET", f"{V1}/players/{{id}}/"): R("member", id="player"),
    ("GET", f"{V1}/players/{{id}}/profile/"): R("member", id="player"),
    ("GET", f"{V1}/players/{{id}}/stats/"): R("member", id="player"),
    ("POST", f"{V1}/print-jobs/"): B(
        "member", {"kind": "round-sheets", "parameters": {"round": "@night_round"}}),
    ("GET", f"{V1}/print-jobs/{{id}}/"): R("member", id="job"),
    ("GET", f"{V1}/print/clubs/{{slug}}/standings/"): R("member", slug="slug"),
    ("GET", f"{V1}/print/games/{{game}}/sheet/"): R("member", game="game"),
    ("GET", f"{V1}/print/rounds/{{round}}/tables/{{table}}/card/"): R(
        "scorer", round="night_round", table=1),
    ("GET", f"{V1}/print/rounds/{{round}}/tables/{{table}}/sheet/"): R(
        "member", round="night_round", table=1),
    ("GET", f"{V1}/print/sessions/{{session}}/standings/"): R("member", session="night"),
    ("GET", f"{V1}/print/tournament-rounds/{{round}}/tables/{{table}}/card/"): R(
        "scorer", round="round", table="match_table"),
    ("GET", f"{V1}/print/tournament-rounds/{{round}}/tables/{{table}}/sheet/"): R(
        "member", round="round", table="match_table"),
    ("GET", f"{V1}/print/tournaments/{{tournament}}/bracket/"): R(
        "member", tournament="tournament"),
    ("GET", f"{V1}/print/tournaments/{{tournament}}/standings/"): R(
        "member", tournament="tournament"),
    ("GET", f"{V1}/rounds/{{id}}/"): R("member", id="round"),
    ("POST", f"{V1}/rounds/{{id}}/override/"): R("director", {"action": "swap", "a": 1, "b": 2},
                                                 id="round"),
    ("GET", f"{V1}/rounds/{{id}}/tables/"): R("scorer", id="round"),
    ("POST", f"{V1}/rounds/{{id}}/tables/{{number}}/replace-link/"): R(
        "director", id="round", number="match_table"),
    ("GET", f"{V1}/rulesets/"): R("public"),
    ("GET", f"{V1}/rulesets/{{slug}}/"): R("public", slug="=tournament"),
    ("GET", f"{V1}/sessions/"): R("user"),
    ("POST", f"{V1}/sessions/"): B("director", {"club": "@club", "date": "2026-04-02"}),
    ("GET", f"{V1}/sessions/{{id}}/"): R("member", id="night"),
    ("POST", f"{V1}/sessions/{{id}}/check-in/"): R(
        "director", {"players": ["@free_player"]}, id="night"),
    ("POST", f"{V1}/sessions/{{id}}/close/"): R("director", id="night"),
    ("POST", f"{V1}/sessions/{{id}}/next-round/"): R("director", id="night"),
    ("POST", f"{V1}/sessions/{{id}}/reopen/"): R("director", {"reason": "one more"}, id="night"),
    ("POST", f"{V1}/sessions/{{id}}/seat/"): R("director", {"seed": 3}, id="night"),
    ("GET", f"{V1}/sessions/{{id}}/standings/"): R("member", id="night"),
    ("GET", f"{V1}/sessions/{{id}}/tables/"): R("scorer", id="night"),
    ("POST", f"{V1}/sessions/{{id}}/tables/{{number}}/replace-link/"): R(
        "director", id="night", number=1),
    ("POST", f"{V1}/sessions/{{id}}/replace-door-link/"): R("director", id="night"),
    # A night's door key is the credential: whoever holds it checks players in.
    ("GET", f"{V1}/door/{{key}}/"): R("public", key="door_key"),
    ("POST", f"{V1}/door/{{key}}/check-in/"): R(
        "public", {"player": "@free_player"}, key="door_key"),
    # A seat is shown only to the phone that checked the player in (its cookie; see
    # tests/play/test_door_phones.py): to any other client it is not known.
    ("GET", f"{V1}/door/{{key}}/players/{{player}}/"): Rule(
        "public", {"key": "door_key", "player": "free_player"}, ok=(404,)),
    # A table's key is the credential: whoever holds it records at that table.
    ("GET", f"{V1}/table/{{key}}/"): R("public", key="night_key"),
    ("POST", f"{V1}/table/{{key}}/hands/"): R("public", {**HAND, "number": 2}, key="night_key"),
    ("POST", f"{V1}/table/{{key}}/hands/{{number}}/confirm/"): R(
        "public", {"side": "east_west"}, key="night_key", number=1),
    ("GET", f"{V1}/tournaments/"): R("user"),
    # The tie-breakers' words (no club's data): any logged-in user.
    ("GET", f"{V1}/tournaments/tie-breakers/"): R("user"),
    ("POST", f"{V1}/tournaments/"): B(
        "director", {"name": "Cup", "club": "@club", "format": "swiss"}),
    ("GET", f"{V1}/tournaments/{{id}}/"): R("member", id="tournament"),
    ("GET", f"{V1}/tournaments/{{id}}/audit/"): R("director", id="tournament"),
    ("GET", f"{V1}/tournaments/{{id}}/bracket/"): R("member", id="tournament"),
    ("GET", f"{V1}/tournaments/{{id}}/entries/"): R("member", id="tournament"),
    ("POST", f"{V1}/tournaments/{{id}}/entries/"): R(
        "director", {"players": ["@free_player", "@free_player_2"]}, id="tournament"),
    ("GET", f"{V1}/tournaments/{{id}}/rounds/"): R("member", id="tournament"),
    ("POST", f"{V1}/tournaments/{{id}}/rounds/"): R("director", id="tournament"),
    ("GET", f"{V1}/tournaments/{{id}}/standings/"): R("member", id="tournament"),
    # The event has started: the director is answered 409 (pins are for the draw).
    ("PUT", f"{V1}/tournaments/{{id}}/partner-pins/"): R(
        "director", {"pins": []}, id="tournament"),
    ("GET", f"{V1}/tournaments/{{id}}/playoffs/"): R("member", id="tournament"),
    # No place is shared yet: the director is answered 409, not refused.
    ("POST", f"{V1}/tournaments/{{id}}/playoffs/"): R("director", id="tournament"),
    ("POST", f"{V1}/tournaments/{{id}}/start/"): R("director", id="tournament"),
}  # fmt: skip

# ---- pages that take an object id: (method, route as in the URLconf) -> rule -------------
# Club, night, game, player and tournament pages are public (read-only); their writes
# refuse whoever lacks the role. Members' pages, the audit trail, PDFs and print
# jobs are private: another club's answer 404. A club's page is public, so its
# members' pages refuse a non-member (403) without hiding that the club exists.
PAGES: dict[tuple[str, str], Rule] = {
    ("GET", "accounts/password-reset/<uidb64>/<token>/"): P("public", uidb64="x", token="y"),
    ("GET", "tournaments/<int:pk>/"): P("public", pk="tournament"),
    ("GET", "tournaments/<int:pk>/rounds/"): P("public", pk="tournament"),
    ("GET", "tournaments/<int:pk>/bracket/"): P("public", pk="tournament"),
    ("GET", "tournaments/<int:pk>/standings/"): P("public", pk="tournament"),
    ("GET", "tournaments/<int:pk>/audit/"): P("director", pk="tournament"),
    ("POST", "tournaments/<int:pk>/entries/"): P(
        "director", {"player_1": "@free_player", "player_2": "@free_player_2"}, pk="tournament"),
    ("POST", "tournaments/<int:pk>/pair-with/"): P("director", pk="tournament"),
    ("POST", "tournaments/<int:pk>/start/"): P("director", pk="tournament"),
    ("POST", "tournaments/<int:pk>/pair/"): P("director", pk="tournament"),
    ("POST", "tournaments/<int:pk>/partner-pins/"): P(
        "director", {"a": "1", "b": "2"}, pk="tournament"),
    ("POST", "tournaments/<int:pk>/playoffs/"): P("director", pk="tournament"),
    ("POST", "tournaments/entries/<int:pk>/check-in/"): P("director", {"checked_in": "1"},
                                                         pk="entry"),
    ("GET", "tournaments/entries/<int:pk>/withdraw/"): P("director", pk="entry"),
    ("POST", "tournaments/entries/<int:pk>/withdraw/"): P("director", {"reason": "ill"},
                                                          pk="entry"),
    ("POST", "tournaments/rounds/<int:pk>/override/"): P(
        "director", {"action": "swap", "a": "1", "b": "2"}, pk="round"),
    ("GET", "tournaments/rounds/<int:pk>/tables/<int:table>/"): P(
        "public", pk="round", table="match_table"),
    ("POST", "tournaments/rounds/<int:pk>/tables/<int:table>/"): P(
        "scorer", pk="round", table="match_table"),
    ("POST", "tournaments/rounds/<int:pk>/tables/<int:table>/replace-link/"): P(
        "director", pk="round", table="match_table"),
    ("POST", "tournaments/matches/<int:pk>/result/"): P(
        "director", {"score_a": "300", "score_b": "150"}, pk="match"),
    ("GET", "print/games/<int:pk>/sheet.pdf"): P("member", public=False, pk="game"),
    ("GET", "print/rounds/<int:pk>/tables/<int:table>/sheet.pdf"): P(
        "member", public=False, pk="night_round", table=1),
    ("GET", "print/rounds/<int:pk>/tables/<int:table>/card.pdf"): P(
        "scorer", public=False, pk="night_round", table=1),
    ("GET", "print/sessions/<int:pk>/standings.pdf"): P("member", public=False, pk="night"),
    ("GET", "print/clubs/<slug:slug>/standings.pdf"): P("member", public=False, slug="slug"),
    ("GET", "print/tournaments/rounds/<int:pk>/tables/<int:table>/sheet.pdf"): P(
        "member", public=False, pk="round", table="match_table"),
    ("GET", "print/tournaments/rounds/<int:pk>/tables/<int:table>/card.pdf"): P(
        "scorer", public=False, pk="round", table="match_table"),
    ("GET", "print/tournaments/<int:pk>/standings.pdf"): P(
        "member", public=False, pk="tournament"),
    ("GET", "print/tournaments/<int:pk>/bracket.pdf"): P("member", public=False, pk="tournament"),
    ("GET", "print/jobs/<int:pk>/"): P("member", public=False, pk="job"),
    ("GET", "print/jobs/<int:pk>/progress/"): P("member", public=False, pk="job"),
    # Not rendered yet (its task is sent on commit): 404 "not ready" for members too.
    ("GET", "print/jobs/<int:pk>/download.pdf"): Rule(
        "member", {"pk": "job"}, public_object=False, ok=(404,)),
    ("GET", "clubs/<slug:slug>/"): P("public", slug="slug"),
    ("GET", "clubs/<slug:slug>/members/"): P("member", slug="slug"),
    ("POST", "clubs/<slug:slug>/members/invite/"): P(
        "director", {"role": "member"}, slug="slug"),
    ("POST", "clubs/<slug:slug>/members/new/"): P(
        "director", {**NEW_USER, "role": "member"}, slug="slug"),
    ("POST", "clubs/<slug:slug>/members/<int:user_id>/role/"): P(
        "director", {"role": "scorer"}, slug="slug", user_id="lee"),
    ("POST", "clubs/<slug:slug>/members/<int:user_id>/player/"): P(
        "director", {"player": "@free_player"}, slug="slug", user_id="lee"),
    ("POST", "clubs/<slug:slug>/members/<int:user_id>/remove/"): P(
        "director", slug="slug", user_id="lee"),
    # The invitation's token is the credential: its page names the club.
    ("GET", "invites/<str:token>/"): P("public", token="token"),
    ("POST", "invites/<str:token>/"): P("user", token="token"),
    ("POST", "clubs/<slug:slug>/nights/open/"): P(
        "director", {"date": "2026-04-02", "seating_method": "random"}, slug="slug"),
    ("GET", "clubs/<slug:slug>/standings/"): P("public", slug="slug"),
    ("GET", "sessions/<int:pk>/"): P("public", pk="night"),
    ("POST", "sessions/<int:pk>/check-in/"): P(
        "director", {"players": "@free_player"}, pk="night"),
    ("POST", "sessions/<int:pk>/seat/"): P("director", pk="night"),
    ("POST", "sessions/<int:pk>/next-round/"): P("director", pk="night"),
    ("POST", "sessions/<int:pk>/close/"): P("director", pk="night"),
    ("POST", "sessions/<int:pk>/reopen/"): P("director", pk="night"),
    ("GET", "sessions/<int:pk>/standings/"): P("public", pk="night"),
    ("GET", "sessions/<int:pk>/standings/projector/"): P("public", pk="night"),
    ("POST", "sessions/<int:pk>/undo-check-in/"): P(
        "director", {"player": "@player"}, pk="night"),
    ("POST", "sessions/<int:pk>/leave/"): P("director", {"player": "@player"}, pk="night"),
    ("GET", "tournaments/<int:pk>/rounds/projector/"): P("public", pk="tournament"),
    ("GET", "tournaments/<int:pk>/standings/projector/"): P("public", pk="tournament"),
    ("GET", "clubs/<slug:slug>/export/"): P("director", public=False, slug="slug"),
    # The roster in and out (docs/rosters.md): a members' page, for directors.
    ("GET", "clubs/<slug:slug>/players.csv"): P("director", slug="slug"),
    ("POST", "clubs/<slug:slug>/players/import/"): P("director", slug="slug"),
    ("POST", "clubs/<slug:slug>/players/import/confirm/"): P("director", slug="slug"),
    # The public pages' tables as files: public as the pages are.
    ("GET", "clubs/<slug:slug>/standings.csv"): P("public", slug="slug"),
    ("GET", "sessions/<int:pk>/standings.csv"): P("public", pk="night"),
    ("GET", "sessions/<int:pk>/hands.csv"): P("public", pk="night"),
    ("GET", "tournaments/<int:pk>/standings.csv"): P("public", pk="tournament"),
    ("POST", "games/<int:pk>/void/"): P("director", {"reason": "wrong players"}, pk="game"),
    # A score-sheet hand has no card-by-card replay: 404 for its director too.
    ("GET", "hands/<int:pk>/disputed/"): Rule(
        "director", {"pk": "hand"}, public_object=True, ok=(404,)),
    ("POST", "print/jobs/<int:pk>/again/"): P("member", public=False, pk="job"),
    ("POST", "sessions/<int:pk>/tables/<int:number>/replace-link/"): P(
        "director", pk="night", number=1),
    ("POST", "tables/<int:pk>/new-game/"): P("scorer", pk="table_seating"),
    # A player's page is members-only, as its API (profile, stats) is: 404 to anyone else.
    ("GET", "players/<int:pk>/"): R("member", pk="player"),
    ("GET", "players/<int:pk>/stats.csv"): R("member", pk="player"),
    ("GET", "games/<int:pk>/"): P("public", pk="game"),
    ("POST", "games/<int:pk>/"): P("scorer", {
        "number": "2", "bidder": "north", "bid": "80", "trump": "red",
        "north_south": "85", "east_west": "35"}, pk="game"),
    ("POST", "hands/<int:pk>/confirm/"): P("director", pk="hand"),
    ("POST", "hands/<int:pk>/correct/"): P("director", {
        "reason": "miscounted", "bidder": "north", "bid": "85", "trump": "red",
        "north_south": "85", "east_west": "35"}, pk="hand"),
    ("GET", "t/<str:key>/"): P("public", key="night_key"),
    # Card by card: the game page is public, its card entry for those logged
    # in (recording checks the scorer); through a table link the key is the credential.
    ("GET", "games/<int:pk>/cards/"): P("user", pk="game"),
    ("GET", "t/<str:key>/cards/"): P("public", key="night_key"),
    # The table page's web app manifest: the key is the credential, as for the page.
    ("GET", "t/<str:key>/manifest.webmanifest"): P("public", key="night_key"),
    ("GET", "n/<str:key>/"): P("public", key="door_key"),
    ("POST", "n/<str:key>/"): P("public", {"player": "@free_player"}, key="door_key"),
    ("POST", "n/<str:key>/forget/"): P("public", key="door_key"),
    ("POST", "sessions/<int:pk>/replace-door-link/"): P("director", pk="night"),
    ("POST", "sessions/<int:pk>/door-options/"): P("director", {"new_players": "1"},
                                                    pk="night"),
    ("POST", "sessions/<int:pk>/door-release/"): P("director", {"player": "@table_player"},
                                                    pk="night"),
    ("GET", "sessions/<int:pk>/door-poster.pdf"): P("scorer", pk="night"),
    # A player at the link's table: the key is the credential, as for the table's page.
    ("GET", "t/<str:key>/players/<int:player>/"): P(
        "public", key="night_key", player="table_player"),
    ("POST", "t/<str:key>/"): P("public", {
        "number": "2", "bidder": "north", "bid": "80", "trump": "red",
        "north_south": "85", "east_west": "35"}, key="night_key"),
    ("POST", "t/<str:key>/hands/<int:number>/confirm/"): P(
        "public", {"side": "east_west"}, key="night_key", number=1),
}  # fmt: skip


# ---- discovering the routes -----------------------------------------------------------------


def schema_operations() -> set[tuple[str, str]]:
    """Every (method, path) of the OpenAPI schema, as drf-spectacular generates it."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        (method.upper(), path)
        for path, operations in schema["paths"].items()
        for method in operations
        if method in ("get", "post", "put", "patch", "delete")
    }


def page_routes() -> set[str]:
    """Every page route of the URLconf that takes a parameter (not the API, not admin)."""
    found: set[str] = set()

    def walk(patterns: list, prefix: str) -> None:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern) and "<" in route:
                found.add(route)

    walk(get_resolver().url_patterns, "")
    return {r for r in found if not r.startswith(("api/", "admin/"))}


def test_every_api_operation_has_an_entry():
    operations = schema_operations()

    assert sorted(operations - set(API)) == [], "a new API operation needs a row in API"
    assert sorted(set(API) - operations) == [], "API lists an operation the schema lacks"


def test_every_page_route_with_an_id_has_an_entry():
    routes = page_routes()
    listed = {route for _, route in PAGES}

    assert sorted(routes - listed) == [], "a new page route with an id needs a row in PAGES"
    assert sorted(listed - routes) == [], "PAGES lists a route the URLconf lacks"


# ---- the world and the requests -------------------------------------------------------------


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """One world per module, inside a transaction rolled back when the module ends;
    each test's own savepoint (the ``db`` fixture) undoes what it wrote."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            built = build_world()
            yield built
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture(autouse=True)
def _site_url(settings):
    settings.SITE_URL = "https://rook.example.org"  # table cards print absolute links


def _value(world: World, value: Any, unknown: bool = False) -> Any:
    if isinstance(value, str) and value.startswith("@"):
        if unknown:
            return 987654  # no row has this id
        name = value[1:]
        if re.fullmatch(r"p\d+", name):  # the n-th player of Maple Street
            return world.players[int(name[1:])]
        return getattr(world, name)
    return value


def _filled(world: World, body: Any, unknown: bool = False) -> Any:
    """``body`` with its ``@name`` references to the world's ids (or to an unknown id)."""
    if isinstance(body, dict):
        return {k: _filled(world, v, unknown) for k, v in body.items()}
    if isinstance(body, list):
        return [_filled(world, v, unknown) for v in body]
    return _value(world, body, unknown)


def _url(world: World, template: str, rule: Rule) -> str:
    def fill(match: re.Match) -> str:
        name = match.group(1).split(":")[-1]
        wanted = rule.ids[name]
        if isinstance(wanted, str) and wanted.startswith("="):  # a literal
            return wanted[1:]
        return str(world.ids.get(wanted, wanted) if isinstance(wanted, str) else wanted)

    return re.sub(r"[{<]([^}>]+)[}>]", fill, template)


def snapshot() -> dict[str, list]:
    """Every row of the apps' own tables (not sessions or users' last login), every
    column as stored: one plain SELECT a table (building ~40 querysets took a quarter
    of the module's time, refused writes being read before and after)."""
    rows = {}
    with connection.cursor() as cursor:
        for label in ("rookclub", "scoring", "tournaments", "printing"):
            for model in apps.get_app_config(label).get_models():
                table = connection.ops.quote_name(model._meta.db_table)
                key = connection.ops.quote_name(model._meta.pk.column)
                cursor.execute(f"SELECT * FROM {table} ORDER BY {key}")
                rows[model._meta.label] = cursor.fetchall()
    return rows


def _send(client: Any, method: str, url: str, body: Any, *, api: bool) -> Any:
    send = getattr(client, method.lower())
    if body is None:
        return send(url, format="json") if api else send(url)
    return send(url, body, format="json") if api else send(url, body)


def _client(world: World, actor: str, *, api: bool) -> Any:
    client = APIClient() if api else Client()
    user = world.users.get(actor)
    if user is not None:
        if api:
            client.force_authenticate(user)
        else:
            client.force_login(user)
    return client


def _check(world: World, actor: str, method: str, template: str, rule: Rule, *, api: bool):
    url = _url(world, template, rule)
    body = _filled(world, rule.body)
    client = _client(world, actor, api=api)
    writes = method != "GET"
    rank = RANK[actor]
    where = f"{actor} {method} {url}"

    if rule.level == "public" or (rule.level == "user" and actor != "anonymous"):
        allowed, outsider = True, False
    else:
        allowed = rank is not None and rank >= LEVELS.get(rule.level, 0)
        outsider = rank is None and actor != "anonymous"

    before = snapshot() if writes and not allowed else None
    response = _send(client, method, url, body, api=api)
    status = response.status_code
    assert status < 500, f"{where}: {status}"

    if allowed:
        assert status not in (401, 403, 404) or status in rule.ok, f"{where}: refused {status}"
        if method == "GET":
            assert status in (200, *rule.ok), f"{where}: {status}"
        return

    if actor == "anonymous":
        assert status in (302, 401, 403, 404), f"{where}: {status}"
    elif outsider and rule.in_body:  # the same answer as for ids that do not exist
        unknown = _send(client, method, url, _filled(world, rule.body, unknown=True), api=api)
        assert status in (400, 404), f"{where}: {status}"
        assert (status, sorted(response.json())) == (unknown.status_code, sorted(unknown.json())), (
            f"{where}: not as an unknown id"
        )
    elif outsider and (api or not rule.public_object):
        assert status == 404, f"{where}: another club's object answers {status}, not 404"
        if writes:  # found before the body is read: an empty body is 404 too
            empty = _send(client, method, url, {}, api=api)
            assert empty.status_code == 404, f"{where} (empty body): {empty.status_code}"
    elif api:
        assert status == 403, f"{where}: {status}"
    else:
        assert status in (302, 400, 403, 404), f"{where}: {status}"

    if (api or not rule.public_object) and status != 302:
        assert MARKER not in response.content.decode(errors="replace"), f"{where}: shows {MARKER}"
    if before is not None:
        assert snapshot() == before, f"{where}: a refused write changed the database"


def _ids(table: dict) -> list:
    return [pytest.param(m, r, a, id=f"{m} {r} {a}") for (m, r) in table for a in ACTORS]


@pytest.mark.parametrize(("method", "path", "actor"), _ids(API))
def test_api(world, db, method, path, actor):
    _check(world, actor, method, path, API[(method, path)], api=True)


@pytest.mark.parametrize(("method", "route", "actor"), _ids(PAGES))
def test_page(world, db, method, route, actor):
    _check(world, actor, method, "/" + route, PAGES[(method, route)], api=False)


def test_lists_show_no_other_clubs_rows(world, db):
    """The lists every logged-in user may read hold only their own clubs' rows."""
    for actor in ("outsider", "other_director"):
        client = _client(world, actor, api=True)
        for path in ("clubs", "players", "sessions", "games", "tournaments"):
            response = client.get(f"{V1}/{path}/")
            assert response.status_code == 200
            assert MARKER not in response.content.decode(), f"{actor} lists {path} of Maple"
    listed = _client(world, "member", api=True).get(f"{V1}/tournaments/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert world.tournament in [t["id"] for t in rows]
