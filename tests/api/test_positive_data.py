"""Schema-valid data is accepted: Schemathesis's ``positive_data_acceptance``, and
every answer is the schema's (``status_code_conformance``, ``content_type_conformance``,
``response_schema_conformance``, no 5xx), the 400s let pass included.

Every bound the server keeps is in the OpenAPI schema, so a request that fits the
schema is not refused as malformed (400). Schemathesis generates such requests for
every operation, as a director of the fuzz world's club, and the check's default
statuses count as acceptance: 2xx, 3xx, 401, 403, 404, 409 (a clash with what is
recorded), 429.

What the generated requests name is the fuzz world's, as a client's would be:

- path parameters name its rows (:func:`tests.api.test_fuzz._path_values`); the
  members API's ``{user_id}`` is its scorer, never the director (whose demotion
  would leave every later request a vacuous 404; the test checks they still direct);
- ids in bodies too (:func:`_own_ids`, a map over each generated case): ``club``,
  ``night``, ``player`` and ``players``, ``partnerships`` and ``seats`` get its
  players, override's ``a``/``b``, ``forced_bye`` and ``pins`` its entries. A schema
  cannot say "an id of your club"; an unknown or foreign id is rightly a 400
  (tests/api/test_refusals.py and the services' tests check it). Shapes stay the
  schema's: nulls stay null, lists keep their length (cut to the rows there are);
- no NUL character (``allow_x00=False``): the JSON parser refuses it anywhere in a
  body, which every declared string's ``pattern`` states, but an undeclared extra
  member (``additionalProperties``) can carry no pattern.

A 400 is a pass only where the request breaks a rule no schema can state, recognised
narrowly by its body, and the check says which (printed, and with any failure):

- :data:`CANNOT_STATE`: the allow-list, each ``code`` with the rule it stands for (an
  event without a bracket, an entry breaking the event's format, a file that is no
  roster, a username someone else has, a password too common, house rules that cannot
  be played together, a hand its game refuses: ``not_in_game``, ``hand_impossible``,
  ``card_hand_illegal``); :data:`RULES`: the operations whose 400 documents each.
  A shape is never one: a hand the engine finds malformed (``hand_malformed``) fails.
- a hand post names the game's next hand (:func:`_next_hand`; another number is a
  409 before the hand is read) and the game's seats and sides (:func:`_own_seats`), so
  the engine's rules, not a name, decide. A hand card by card too: its plays are
  ``[seat, card]`` pairs, typed by position in OpenAPI 3.1.
- an invitation used already (POST /api/v1/invites/{token}/accept/ a second time):
  the documented 410 Gone; an invitation is used once.

Every operation is sent, the single PDFs (``SLOW``: rendered in the request) with
``SLOW_EXAMPLES`` cases each (test_fuzz sends them more). A batch print (POST
print-jobs/) names the world's rows by its kind (:func:`_own_print_ids`: a night's
round for ``round-*``, an event's for ``tournament-round-*``); its job is queued, to
be rendered after the commit, which a test's transaction never reaches, so it costs
no PDF here. No operation is excluded any more.

``ROOKCLUB_POSITIVE_SEED`` picks another reproducible run; several, separated by spaces,
run the test once for each (CI: "7 19 23", shared out over the test processes).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, seed
from hypothesis import settings as examples
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from play import table_links
from play.hands import GAME_DECIDES
from play.models import Hand
from rookclub.wsgi import application
from tests.api.test_fuzz import _path_values, keep_test_connection  # noqa: F401

SEEDS = [int(s) for s in os.environ.get("ROOKCLUB_POSITIVE_SEED", "20261125").split()]
EXAMPLES = 8
#: Operations that end what the others use (a void game, a closed night): sent last.
ENDINGS = ("/void/", "/close/")
#: A PDF is rendered in the request: fewer cases of the print operations.
SLOW = ("/api/v1/print/",)
SLOW_EXAMPLES = 3
#: Every answer, a 400 let pass included, is also held to the schema: a documented
#: status, content type and body.
ANSWER_CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def _is_id(value) -> bool:
    """A whole number: an int, or a float equal to one (8000.0 is the integer 8000 in
    OpenAPI 3.1's JSON Schema, and the server reads it so)."""
    if isinstance(value, float):
        return value.is_integer()
    return isinstance(value, int) and not isinstance(value, bool)


def _own_ids(world, case):
    """``case`` with the ids its body carries naming the fuzz world's rows, as its path
    parameters do (:func:`tests.api.test_fuzz._path_values`): a schema cannot say "an
    existing id of your club", and an unknown or foreign one is rightly a 400
    (tests/api/test_refusals.py). The shape stays the schema's: lists keep their
    length (cut to the rows there are), nulls stay null, one body names distinct rows."""
    body = case.body
    if not isinstance(body, dict):
        return case
    # Players not entered in the event nor checked in come first (entries, check-in).
    players = iter(world.ids["players"][8:] + world.ids["players"][:8])
    entries = iter(world.ids["entries"])
    own = {
        "club": lambda: world.club.pk,
        "session": lambda: world.night.pk,
        "player": lambda: world.ids["player"],
        "a": lambda: next(entries, None),
        "b": lambda: next(entries, None),
        "forced_bye": lambda: next(entries, None),
    }
    if isinstance(body.get("parameters"), dict) and isinstance(body.get("kind"), str):
        _own_print_ids(world, body["kind"], body["parameters"])
    # The game's next hand: any other number is a 409 before the hand is read, which
    # would check nothing. A hand card by card too: its plays are [seat, card] pairs,
    # typed by position (OpenAPI 3.1), so its shape is the schema's and its 400 the
    # game's (card_hand_illegal).
    hand = case.operation.path.endswith("/hands/")
    if hand and _is_id(body.get("number")):
        body["number"] = _next_hand(world, case.operation.path)
    if hand and "card_hand" not in body:
        _own_seats(body)
    if case.operation.path.endswith("/correct/") and isinstance(body.get("hand"), dict):
        _own_seats(body["hand"])  # a correction's hand: the same seats and sides
    for name, value in body.items():
        if name in own and _is_id(value):
            body[name] = own[name]() or value
        elif name == "players" and isinstance(value, list) and all(map(_is_id, value)):
            body[name] = [pk for pk, _ in zip(players, value, strict=False)]
        elif name in ("partnerships", "pins") and isinstance(value, list):
            rows = players if name == "partnerships" else entries
            pairs = [[next(rows, None), next(rows, None)] for _ in value]
            body[name] = [pair for pair in pairs if None not in pair]
        elif name == "seats" and isinstance(value, dict):
            body[name] = {s: next(players, pk) if _is_id(pk) else pk for s, pk in value.items()}
    return case


SEATS = ("north", "east", "south", "west")
SIDES = ("north_south", "east_west")


def _own_seats(hand: dict) -> None:
    """A score-sheet hand's seats and sides named as the world's games have them (a
    schema cannot say which seats a game has; a seat it lacks is ``not_in_game``,
    tests/api/test_hand_codes.py), so its rules are what refuse or take it."""

    def seat(value):
        return SEATS[len(value) % 4] if isinstance(value, str) else value

    def sides(value):
        if not isinstance(value, dict):
            return value
        return dict(zip(SIDES, value.values(), strict=False))

    for name in ("bidder", "partner"):
        if name in hand:
            hand[name] = seat(hand[name])
    if isinstance(hand.get("last_trick"), str):
        hand["last_trick"] = SIDES[len(hand["last_trick"]) % 2]
    for name in ("counters", "tricks"):
        if name in hand:
            hand[name] = sides(hand[name])
    for penalty in hand.get("penalties") or []:
        if isinstance(penalty, dict) and "seat" in penalty:
            penalty["seat"] = seat(penalty["seat"])
    renege = hand.get("renege")
    if isinstance(renege, dict):
        renege["seat"] = seat(renege.get("seat"))
        if "counters" in renege:
            renege["counters"] = sides(renege["counters"])


def _next_hand(world, path: str) -> int:
    """The next hand's number of the game a hand post names: the world's game, or the
    game at the table link's table now (a new one once the world's game is voided)."""
    game_id = world.game.pk
    if path.startswith("/api/v1/table/"):
        game_id = table_links.resolve(world.ids["key"]).game_id or game_id
    return Hand.objects.filter(game_id=game_id).count() + 1


def _own_print_ids(world, kind: str, parameters: dict) -> None:
    """A batch print's ids by its kind: a night's round for ``round-*``, the event's
    round for ``tournament-round-*``, the night for ``session-*``. A table stays as
    generated (an unknown one is a 404)."""
    rounds = world.ids["round"] if kind.startswith("tournament-") else world.ids["night_round"]
    own = {"round": rounds, "session": world.night.pk}
    for name, pk in own.items():
        if _is_id(parameters.get(name)):
            parameters[name] = pk


#: The only 400s a schema-valid request may earn: a rule no schema can state, because
#: it depends on what is recorded (who is entered, which names are taken), on the game's
#: or the event's own rules, or on a file's or a password's contents. Each ``code`` with
#: the rule it stands for; the check counts a 400 as a pass only with one of these codes,
#: on an operation listed for it in :data:`RULES`, and names the code it let pass.
CANNOT_STATE = {
    "username_taken": "someone else has the username (a row, not a shape)",
    "password_rules": "Django's password validators: too common, too like the username",
    "roster_file": "what the uploaded file holds: a CSV with a name column",
    "no_bracket": "the event's format: only elimination events have a bracket",
    "players_per_entry": "the event's format: a partnership takes 2 players, an individual event 1",
    "already_entered": "who is entered in the event already",
    "seed_taken": "which seeds the event's entries hold",
    "no_playoff_format": "the event's format decides its own places",
    "event_not_finished": "results still to come in the event",
    "no_tie": "the event's standings: no tied places to play off",
    "partners_not_drawn": "the event's format: fixed partners",
    "draw_done": "the event has started",
    "pin_not_a_pair": "a pin names one entry twice (ids the schema cannot compare)",
    "pin_unknown_entry": "an id that is no entry of this event",
    "pinned_twice": "one entry pinned in two pairs (ids the schema cannot compare)",
    "house_rules": "house rules each well formed but not playable together (a bid step "
    "that does not divide the lowest bid, a deck that does not deal evenly…), or a game's "
    "seats other than its house rules' table",
    "tiers_need_rounds": "two fields together: tiers need a number of rounds",
    "not_in_game": "a seat or side the game's ruleset does not have (house rules may "
    "name seats anything)",
    "hand_impossible": "the game's rules: counters that add up to the deck's, a bid on "
    "the ruleset's steps, a renege by a seat of the game…",
    "card_hand_illegal": "a deal or a play the game's rules refuse, card by card",
}
#: Where each is documented: the operation and the codes of :data:`CANNOT_STATE` its 400
#: may carry (each is in that operation's 400 description).
RULES = {
    "POST /api/v1/accounts/": {"username_taken", "password_rules"},
    "POST /api/v1/clubs/{club_id}/members/": {"username_taken", "password_rules"},
    "POST /api/v1/clubs/{club_id}/players/import/": {"roster_file"},
    "GET /api/v1/tournaments/{id}/bracket/": {"no_bracket"},
    "GET /api/v1/print/tournaments/{tournament}/bracket/": {"no_bracket"},
    "POST /api/v1/tournaments/{id}/entries/": {
        "players_per_entry",
        "already_entered",
        "seed_taken",
    },
    "POST /api/v1/tournaments/{id}/playoffs/": {
        "no_playoff_format",
        "event_not_finished",
        "no_tie",
    },
    "PUT /api/v1/tournaments/{id}/partner-pins/": {
        "partners_not_drawn",
        "draw_done",
        "pin_not_a_pair",
        "pin_unknown_entry",
        "pinned_twice",
    },
    # A hand whose shape is the schema's (play.api.hand_schema) that its game refuses
    # (play.hands.GAME_DECIDES); a malformed one (hand_malformed) is no pass.
    "POST /api/v1/games/{id}/hands/": GAME_DECIDES,
    "POST /api/v1/table/{key}/hands/": GAME_DECIDES,
    "POST /api/v1/hands/{id}/correct/": GAME_DECIDES,
    "POST /api/v1/sessions/": {"house_rules"},
    "POST /api/v1/games/": {"house_rules"},
    "POST /api/v1/tournaments/": {"house_rules", "tiers_need_rounds"},
}


def _rule(label: str, response) -> str | None:
    """The documented rule a 400 stands for, by the operation and the body's ``code``."""
    try:
        body = response.json()
    except ValueError:
        return None
    code = body.get("code") if isinstance(body, dict) else None
    return code if code in RULES.get(label, ()) and code in CANNOT_STATE else None


def _runner(label, strategy, headers, failures, passed, count, run_seed):
    """A Hypothesis test sending ``count`` schema-valid cases of one operation; each 400
    let pass is counted in ``passed`` under its operation and code."""

    @seed(run_seed)
    @examples(
        max_examples=count,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case) -> None:
        response = case.call(headers=headers)
        passed["requests sent"] += 1
        try:
            case.validate_response(response, checks=ANSWER_CHECKS)
            rule = _rule(label, response) if response.status_code == 400 else None
            if rule:
                passed[f"{label}: 400 {rule} ({CANNOT_STATE[rule]})"] += 1
                return
            if response.status_code == 410 and label == "POST /api/v1/invites/{token}/accept/":
                return
            case.validate_response(response, checks=[positive_data_acceptance])
        except (Exception, BaseExceptionGroup) as failure:
            failures.setdefault(label, f"{label}: {str(failure)[:1500]}")
            raise

    return run


@pytest.mark.django_db
@pytest.mark.parametrize("run_seed", SEEDS)
def test_the_api_accepts_every_request_its_schema_calls_valid(
    run_seed,
    fuzz_world,
    settings,
    keep_test_connection,  # noqa: F811 (a fixture)
):
    world = fuzz_world
    settings.SITE_URL = "https://rook.example.org/"
    token = Token.objects.create(user=world.director).key
    headers = {"Authorization": f"Token {token}", "Accept-Encoding": "identity"}
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    # NUL is refused anywhere in a body (its parser; every declared string's pattern
    # says so): no schema can put a pattern on the undeclared extra members.
    schema.config.generation.update(allow_x00=False)
    operations = [result.ok() for result in schema.get_all_operations()]
    # What ends something last: until then the world's game takes hands and corrections
    # (a void game and a closed night answer 409 before a body is read) and its keys
    # name live links. The links are replaced after all.
    operations.sort(key=lambda op: ("replace" in op.path, op.path.endswith(ENDINGS)))
    failures: dict[str, str] = {}
    passed: Counter[str] = Counter()
    checked = 0

    for operation in operations:
        label = f"{operation.method.upper()} {operation.path}"
        checked += 1
        own = _path_values(world, operation.path)
        strategy = operation.as_strategy(GenerationMode.POSITIVE, path_parameters=own or None)
        strategy = strategy.map(lambda case: _own_ids(world, case))

        count = SLOW_EXAMPLES if operation.path.startswith(SLOW) else EXAMPLES
        run = _runner(label, strategy, headers, failures, passed, count, run_seed)
        try:
            run()
        except (Exception, BaseExceptionGroup) as error:
            failures.setdefault(label, f"{label}: {type(error).__name__}: {error}"[:1500])

    assert checked > 20, "too few operations are checked"
    # Otherwise the operations after a demotion were only 404s, accepted vacuously.
    assert world.club.memberships.get(user=world.director).role == "director"
    # Which rules let a 400 pass, and how often: shown with the failures, and with -rP.
    sent = passed.pop("requests sent", 0)
    print(f"{sent} schema-valid requests over {checked} operations")
    print("400s let pass as rules no schema can state:", *sorted(passed.items()), sep="\n")
    assert not failures, (
        f"{len(failures)} operations refused valid data:\n"
        + "\n\n".join(failures.values())
        + "\n\n400s let pass:\n"
        + "\n".join(f"{n} x {rule}" for rule, n in passed.items())
    )


def test_every_code_the_check_tolerates_is_documented_as_its_operations_400():
    # A 400 is tolerated above only as a refusal the schema documents by its code, and
    # only for a rule the allow-list explains; a shape (hand_malformed) is never one.
    from drf_spectacular.generators import SchemaGenerator

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    for label, codes in RULES.items():
        method, path = label.split(" ", 1)
        described = paths[path][method.lower()]["responses"]["400"]["description"]
        for code in codes:
            assert f"`{code}`" in described, (label, code)
            assert CANNOT_STATE.get(code), (label, code)
    assert set(CANNOT_STATE) == set().union(*RULES.values())
    assert "hand_malformed" not in CANNOT_STATE
