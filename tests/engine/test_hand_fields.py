"""The one description of a score-sheet hand's input (scoring/engine/hand_fields.py)
says what the engine reads: its fields are the hand body's keys, its choices the kinds
the reader accepts, and an object's members what the record writes back."""

import dataclasses

import pytest

from scoring.engine import PRESETS
from scoring.engine.errors import HandRefused
from scoring.engine.hand_fields import BY_NAME, FIELDS, KINDS, docs_table, member, with_docs_table
from scoring.engine.records import HandRecord


def test_its_fields_are_the_keys_the_engine_reads():
    assert sorted(BY_NAME) == sorted(HandRecord.__slots__)
    assert all(f.kind in KINDS for f in FIELDS)
    assert all(m.kind in KINDS for f in FIELDS for m in f.members)


@pytest.mark.parametrize(
    "path, body",
    [
        ("penalties.kind", lambda v: {"penalties": [{"seat": "north", "kind": v}]}),
        ("renege.found", lambda v: {"renege": {"seat": "north", "found": v}}),
        ("misdeal.found", lambda v: {"misdeal": {"found": v}}),
        ("redeal.reason", lambda v: {"redeal": {"reason": v}}),
    ],
)
def test_every_choice_it_offers_is_read_and_no_other(path, body):
    spec = member(path)
    for value in (*spec.choices, *spec.optional_choices):
        HandRecord.from_dict(body(value))  # read, not refused
    with pytest.raises(HandRefused):
        HandRecord.from_dict(body("something_else"))


def test_an_objects_members_are_what_the_record_writes_back():
    record = HandRecord.from_dict(
        {
            "penalties": [{"seat": "north", "kind": "table_talk"}],
            "renege": {"seat": "east", "found": "later", "counters": {"north_south": 50}},
        }
    ).to_dict()
    assert list(record["penalties"][0]) == [m.name for m in BY_NAME["penalties"].members]
    assert list(record["renege"]) == [m.name for m in BY_NAME["renege"].members]


def test_its_trumps_are_the_ones_a_ruleset_may_name():
    trump = BY_NAME["trump"]
    with_no_trump = dataclasses.replace(PRESETS["tournament"], no_trump=True)
    names = {name for r in (*PRESETS.values(), with_no_trump) for name in r.trump_names}
    assert names == {*trump.choices, *trump.optional_choices}


def test_which_games_use_a_field_is_the_rulesets_word():
    beginner, tournament = PRESETS["beginner"], PRESETS["tournament"]
    assert not BY_NAME["bidder"].used_by(beginner) and BY_NAME["bidder"].used_by(tournament)
    assert BY_NAME["trump"].used_by(beginner)


def test_the_docs_table_is_rewritten_from_the_description():
    stale = "# Title\n\n| key | type | when |\n|---|---|---|\n| `bid` | text | old |\n\nAfter.\n"

    written = with_docs_table(stale)

    assert written == "# Title\n\n" + docs_table() + "\nAfter.\n"
    assert "| `low`, `circus` | boolean |" in docs_table()  # same type and use: one row
    assert with_docs_table(written) == written
