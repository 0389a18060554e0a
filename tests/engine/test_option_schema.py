"""The ruleset options' JSON Schema (scoring/engine/option_schema.py) says what the engine
takes, option by option: options that fit it are never refused one by one,
only together (``house_rules``), and each bound it states is one the engine keeps."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import PRESETS, Ruleset, RulesetError, ruleset_from
from scoring.engine.option_schema import options_schema, too_large
from scoring.engine.options import CHOICES

SCHEMA = options_schema()
PROPERTIES = SCHEMA["properties"]


def _values(node) -> st.SearchStrategy:
    """Values fitting ``node`` (the keywords the options' schema uses), to draw options."""
    if "enum" in node:
        values = st.sampled_from(node["enum"])
    elif node["type"] == "boolean":
        values = st.booleans()
    elif node["type"] == "integer":
        values = st.integers(node.get("minimum"), node.get("maximum"))
    elif node["type"] == "string":
        values = st.text(max_size=node.get("maxLength", 20))
    elif node["type"] == "array":
        values = st.lists(
            _values(node["items"]),
            min_size=node.get("minItems", 0),
            max_size=node.get("maxItems", 8),
            unique=node.get("uniqueItems", False),
        )
    elif "properties" in node:
        values = st.dictionaries(st.sampled_from(list(node["properties"])), st.none()).flatmap(
            lambda keys: st.fixed_dictionaries({k: _values(node["properties"][k]) for k in keys})
        )
    else:
        values = st.dictionaries(
            st.text(max_size=20),
            _values(node["additionalProperties"]),
            max_size=node.get("maxProperties", 8),
        )
    return st.none() | values if node.get("nullable") else values


def test_every_option_the_engine_reads_is_named_and_no_other():
    options = {f.name for f in dataclasses.fields(Ruleset)} - {"slug"}

    assert set(PROPERTIES) == options
    assert SCHEMA["additionalProperties"] is False
    for name, choices in CHOICES.items():
        assert PROPERTIES[name]["enum"] == list(choices)


@pytest.mark.parametrize(
    "name", [n for n, p in PROPERTIES.items() if p.get("type") == "integer" and "minimum" in p]
)
def test_below_each_minimum_the_engine_refuses(name):
    below = PROPERTIES[name]["minimum"] - 1

    with pytest.raises(RulesetError) as refused:
        ruleset_from("tournament", {name: below})
    assert name in refused.value.errors or "min_bid" in refused.value.errors, refused.value


@pytest.mark.parametrize(
    "name", [n for n, p in PROPERTIES.items() if p.get("type") == "integer" and "maximum" in p]
)
def test_past_each_maximum_a_new_ruleset_is_refused(name):
    most = PROPERTIES[name]["maximum"]

    assert too_large({name: most + 1}) == {name: [f"must be at most {most}"]}
    assert too_large({name: most}) == {}


def test_lists_objects_and_text_past_their_bounds_are_named():
    problems = too_large(
        {
            "name": "x" * 121,
            "seats": [f"s{i}" for i in range(9)],
            "counter_values": {"5": 100_000},
            "sides": {"a": ["x" * 21]},
            "bird": True,
        }
    )

    assert set(problems) == {"name", "seats", "counter_values", "sides"}


def test_house_rules_that_cannot_be_played_together_have_their_own_code():
    with pytest.raises(RulesetError) as together:
        ruleset_from("tournament", {"bid_step": 3})  # 70 is no multiple of 3
    with pytest.raises(RulesetError) as alone:
        ruleset_from("tournament", {"bird_rank": "middle"})
    with pytest.raises(RulesetError) as both:
        ruleset_from("tournament", {"bid_step": 3, "colour": "blue"})

    assert together.value.code == "house_rules"
    assert together.value.errors["min_bid"] == [
        "must be more than 0 and a multiple of the bid step"
    ]
    assert alone.value.code == both.value.code == "ruleset_invalid"


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(options=_values(SCHEMA), slug=st.sampled_from(list(PRESETS)))
def test_options_that_fit_the_schema_are_refused_only_together(options, slug):
    """Schema-valid options make a ruleset, or are refused as ``house_rules``: never one
    option alone (a type, a value, a name), which the schema would then have to say."""
    assert too_large(options) == {}
    try:
        ruleset_from(slug, options)
    except RulesetError as refused:
        assert refused.code == "house_rules", refused.errors
