"""Every number, text and list a client sends has its bounds in the OpenAPI schema, and
every operation documents the shared refusals (bounds documented)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from drf_spectacular.generators import SchemaGenerator


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].split("/")[-1]]
    return node


def _unbounded(schema: dict[str, Any], node: dict[str, Any], where: str, seen: set) -> list[str]:
    """Where under ``node`` a value has no upper bound (read-only fields excepted)."""
    if not isinstance(node, dict):  # a boolean schema (a pair's `items: false`)
        return []
    node = _resolve(schema, node)
    if id(node) in seen or node.get("readOnly"):
        return []
    seen.add(id(node))
    # OpenAPI 3.1: a type may be a list (["integer", "null"]).
    kinds, found = node.get("type"), []
    kinds = set(kinds) if isinstance(kinds, list) else {kinds}
    for key in ("oneOf", "anyOf", "allOf"):
        for i, part in enumerate(node.get(key, [])):
            found += _unbounded(schema, part, f"{where}.{key}[{i}]", seen)
    # An enum bounds a value too (games_per_match: 1, 3, 5, 7 or 9).
    needs = {
        "integer": ({"maximum", "enum"}, {"minimum", "enum"}),
        "string": ({"enum", "format", "maxLength"},),
    }
    for kind in kinds:
        if any(not (alternatives & set(node)) for alternatives in needs.get(kind, ())):
            found.append(where)
    if "array" in kinds:
        if "maxItems" not in node:
            found.append(where)
        found += _unbounded(schema, node.get("items", {}), f"{where}[]", seen)
        for i, part in enumerate(node.get("prefixItems", [])):
            found += _unbounded(schema, part, f"{where}[{i}]", seen)
    elif "object" in kinds or "properties" in node:
        if node.get("additionalProperties") not in (None, False) and "maxProperties" not in node:
            found.append(where)
        for name, prop in node.get("properties", {}).items():
            found += _unbounded(schema, prop, f"{where}.{name}", seen)
    return found


def test_every_request_value_has_bounds_in_the_schema(schema):
    unbounded = []
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            label = f"{method.upper()} {path}"
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query":
                    unbounded += _unbounded(
                        schema, parameter["schema"], f"{label} ?{parameter['name']}", set()
                    )
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                unbounded += _unbounded(schema, body["schema"], f"{label} body", set())

    assert not unbounded, "\n".join(unbounded)


def test_every_path_id_has_a_minimum_and_a_maximum(schema):
    """``{id}`` of 0 or -1 names no row; the schema says so (minimum 1)."""
    loose = []
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            for parameter in operation.get("parameters", []):
                bounds = parameter["schema"]
                if parameter["in"] != "path" or bounds.get("type") != "integer":
                    continue
                if bounds.get("minimum") != 1 or "maximum" not in bounds:
                    loose.append(f"{method.upper()} {path} {{{parameter['name']}}}")

    assert not loose, "\n".join(loose)


def test_every_operation_documents_the_shared_refusals(schema):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            codes = set(operation["responses"])
            assert {"400", "401", "403", "404", "503"} <= codes, (method, path)
            if method in ("post", "put", "patch"):
                assert {"409", "413", "415"} <= codes, (method, path)
            error = operation["responses"]["503"]["content"]["application/json"]["schema"]
            assert error == {"$ref": "#/components/schemas/Error"}


def _patterns(schema: dict[str, Any], node: dict[str, Any], seen: set) -> list[str | None]:
    """The pattern of every string a request body may carry under ``node``."""
    node = _resolve(schema, node)
    if id(node) in seen or node.get("readOnly"):
        return []
    seen.add(id(node))
    found: list[str | None] = []
    if node.get("type") == "string" and not {"enum", "format"} & set(node):
        found.append(node.get("pattern"))
    for key in ("oneOf", "anyOf", "allOf"):
        for part in node.get(key, []):
            found += _patterns(schema, part, seen)
    for child in node.get("properties", {}).values():
        found += _patterns(schema, child, seen)
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            found += _patterns(schema, node[key], seen)
    return found


def test_every_request_string_says_the_json_parser_refuses_nul(schema):
    missing = []
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            for content in operation.get("requestBody", {}).get("content", {}).values():
                for pattern in _patterns(schema, content["schema"], set()):
                    if pattern is None or re.search(pattern, "a\x00b"):
                        missing.append(f"{method.upper()} {path}: {pattern}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize(
    ("value", "accepted"),
    [
        ("Ann", True),
        (" Ann Lee ", True),
        ("", False),
        ("   ", False),
        ("\u200b", False),
        ("Ann\tLee", False),
        ("Ann\x00", False),
        ("\x85Ann", False),
    ],
)
def test_the_name_pattern_says_what_the_server_takes(value, accepted):
    from rookclub.core.limits import NAME_PATTERN, normal_name, validate_name

    try:
        validate_name(value)
        server = bool(normal_name(value))
    except ValidationError:
        server = False
    assert server is accepted
    assert bool(re.fullmatch(NAME_PATTERN, value)) is accepted


def test_sign_up_states_the_password_and_username_rules(schema):
    fields = schema["components"]["schemas"]["SignUp"]["properties"]
    assert fields["password"]["minLength"] == 8
    assert re.search(fields["password"]["pattern"], "12345678") is None
    assert re.fullmatch(fields["username"]["pattern"], "ann lee") is None
    assert re.fullmatch(fields["username"]["pattern"], "ann.lee@x+1")


def test_every_ruleset_a_request_names_is_one_the_engine_knows(schema):
    from scoring.engine import PRESETS

    components = schema["components"]["schemas"]
    assert components["RulesetEnum"]["enum"] == list(PRESETS)
    for name, seats in (("GameForFiveEnum", 5), ("GameForSixEnum", 6)):
        assert components[name]["enum"]
        assert all(len(PRESETS[slug].player_seats) == seats for slug in components[name]["enum"])
    for component in ("Session", "TournamentCreate"):
        ruleset = components[component]["properties"]["ruleset"]
        assert "RulesetEnum" in str(ruleset), component


def _game_branches(schema: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        _resolve(schema, branch) for branch in schema["components"]["schemas"]["GameIn"]["oneOf"]
    ]


def test_a_games_seats_and_dealer_are_its_rulesets(schema):
    """POST games/: one branch per set of player seats, naming every ruleset once; each
    branch's seats (all required, no other) and dealers are its rulesets' player seats,
    and only the default ruleset's branch may leave ``ruleset`` out."""
    from scoring.engine import DEFAULT_SLUG, PRESETS

    named = []
    for branch in _game_branches(schema):
        slugs = branch["properties"]["ruleset"]["enum"]
        named += slugs
        seats = branch["properties"]["seats"]
        for slug in slugs:
            players = list(PRESETS[slug].player_seats)
            assert list(seats["properties"]) == players, slug
            assert seats["required"] == players and seats["additionalProperties"] is False
            assert branch["properties"]["dealer"]["enum"] == players
        assert ("ruleset" not in branch["required"]) is (DEFAULT_SLUG in slugs)
    assert sorted(named) == sorted(PRESETS)


@pytest.mark.parametrize(
    "reason", ["", "   ", "\u00a0", "\t\n", "\x1c", "\u3000", "Misdeal", " x "]
)
def test_the_void_reason_pattern_says_what_the_server_takes(schema, reason):
    """play.voiding trims the reason, then needs something in it."""
    pattern = _resolve(schema, schema["components"]["schemas"]["VoidIn"])["properties"]["reason"]
    assert bool(re.fullmatch(pattern["pattern"], reason)) is bool(reason.strip())


def test_fields_whose_null_means_left_out_offer_no_null_to_a_form(schema):
    """A form has no null: where null means the same as leaving the field out, the
    schema of an operation that takes forms offers only leaving it out."""
    from rookclub.core.schema import NULL_IS_OMITTED

    components = schema["components"]["schemas"]
    for name, fields in NULL_IS_OMITTED.items():
        # POST games/ is a oneOf by ruleset (play.api.schema): each branch says it.
        parts = _game_branches(schema) if name == "GameIn" else [components[name]]
        for part, field in ((part, field) for part in parts for field in fields):
            field_schema = part["properties"][field]
            assert "null" not in field_schema.get("type", []), (name, field)
            assert {"type": "null"} not in field_schema.get("oneOf", []), (name, field)
            assert "leave it out" in part["properties"][field]["description"]


@pytest.mark.parametrize("reason", ["", "  ", "\u00a0\n", "\t", "Misread\ttrump", "x\ufffe", "ok"])
def test_the_correction_reason_pattern_says_what_the_server_takes(schema, reason):
    """check_reason refuses control characters, hand_correct a reason blank once trimmed."""
    from rookclub.core.limits import validate_text

    try:
        validate_text(reason)
        server = bool(reason.strip())
    except ValidationError:
        server = False
    component = schema["components"]["schemas"]["CorrectionIn"]
    assert bool(re.fullmatch(component["properties"]["reason"]["pattern"], reason)) is server


def test_a_door_check_in_needs_a_player_or_a_name_and_a_body(schema):
    # The server answers 400 "give a player id or a name" to a body with neither.
    check_in = schema["paths"]["/api/v1/door/{key}/check-in/"]["post"]["requestBody"]
    assert check_in["required"] is True
    component = _resolve(schema, check_in["content"]["application/json"]["schema"])
    assert component["anyOf"] == [{"required": ["player"]}, {"required": ["name"]}]


def test_a_print_jobs_parameters_are_its_kinds(schema):
    """POST print-jobs/: a oneOf by kind (discriminator), each batch kind's branch
    requiring the ids its builder reads (a round or a night) and naming its table."""
    from rookclub.printing.kinds import KINDS

    start = schema["components"]["schemas"]["PrintJobStart"]
    batches = {name: kind for name, kind in KINDS.items() if kind.batch}

    assert start["discriminator"]["propertyName"] == "kind"
    assert set(start["discriminator"]["mapping"]) == set(batches)
    for name, ref in start["discriminator"]["mapping"].items():
        branch = _resolve(schema, {"$ref": ref})
        parameters = branch["properties"]["parameters"]
        assert branch["properties"]["kind"]["enum"] == [name]
        assert parameters["required"] == list(batches[name].ids) != []
        assert set(parameters["properties"]) == {*batches[name].ids, *batches[name].optional_ids}
        assert {"kind", "parameters"} <= set(branch["required"])


def test_a_games_totals_are_by_its_own_sides(schema):
    """A game for two totals seat1 and seat2, one for six seats_135 and seats_246: the
    game's totals (GameOut, GameSummary, HandRecorded) name no fixed sides."""
    components = schema["components"]["schemas"]
    for name in ("GameOut", "GameSummary", "HandRecorded"):
        totals = components[name]["properties"]["totals"]

        assert totals["type"] == "object" and "required" not in totals, name
        assert totals["additionalProperties"] == {"type": "integer"}, name


@pytest.mark.parametrize("tables", [False, True])
@pytest.mark.parametrize("method", ["random", "fixed", "progressive"])
@pytest.mark.parametrize("five", ["", "five-player", None])
@pytest.mark.parametrize("six", ["", "six-player", None])
def test_a_nights_tables_of_five_or_six_are_as_the_schema_says(schema, tables, method, five, six):
    """POST sessions/: the night's request body's ``if``/``then`` accepts exactly the
    nights ``night_opening.check_big_games`` takes (None: the game left out, its default)."""
    import jsonschema

    from play import night_opening
    from rookclub.core.errors import Invalid

    body = {"tables_of_five_or_six": tables, "seating_method": method}
    body |= {k: v for k, v in (("game_for_five", five), ("game_for_six", six)) if v is not None}
    night = schema["components"]["schemas"]["SessionRequest"]
    rules = {"if": night["if"], "then": night["then"]}
    try:
        if tables:
            night_opening.check_big_games(
                method,
                body.get("game_for_five", "five-player"),
                body.get("game_for_six", "six-player"),
            )
        server = True
    except Invalid:
        server = False

    assert jsonschema.Draft202012Validator(rules).is_valid(body) is server


def test_a_text_that_may_be_left_empty_takes_the_empty_string_in_the_schema(schema):
    """drf-spectacular's ``oneOf`` [a text, ""] refused "" where the text's own pattern
    takes it too (an account's email "or empty", its name): the server takes "" there."""
    import jsonschema

    found = []

    def walk(node):
        if isinstance(node, dict):
            for combined in ("oneOf", "anyOf"):
                choices = node.get(combined)
                if isinstance(choices, list) and any(
                    isinstance(c, dict) and c.get("maxLength") == 0 for c in choices
                ):
                    found.append((combined, node))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    email = schema["components"]["schemas"]["SignUp"]["properties"]["email"]

    assert len(found) > 3 and email in [node for _, node in found]
    for combined, node in found:
        assert combined == "anyOf", node
        assert jsonschema.Draft202012Validator(node).is_valid(""), node
