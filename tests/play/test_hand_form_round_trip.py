"""The score-entry form turns a hand body into its boxes and back by the one description
of a hand (scoring/engine/hand_fields.py): every field the description puts on the form,
in every game, comes back from the form as it went in. A field described for the form
that the form does not build or convert fails here."""

from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from play.forms import HandForm
from scoring.engine import PRESETS
from scoring.engine.hand_fields import FIELDS, HandField
from scoring.engine.rulesets import Ruleset

Choose = Callable[[Iterable[Any]], Any]
Present = Callable[[str], bool]


def on_form(field: HandField) -> bool:
    return bool(field.form_field or any(m.form_field for m in field.members))


def a_value(spec: HandField, rules: Ruleset, form: HandForm, choose: Choose, present: Present):
    """A value of ``spec`` the form can hold (a seat or choice among those it offers)."""
    if spec.kind == "sides":
        sides = [s for s in rules.side_names if present(f"{spec.form_field} {s}")]
        boxes = {
            side: form.fields[f"{spec.form_field}_{side}"] for side in sides or rules.side_names[:1]
        }
        return {side: choose(range((box.max_value or 120) + 1)) for side, box in boxes.items()}
    if spec.kind == "integer":
        return choose(range(0, 200, 5))
    if spec.kind in ("seat", "choice"):
        return choose([value for value, _ in form.fields[spec.form_field].choices if value])
    if spec.members:
        item = {
            m.name: a_value(m, rules, form, choose, present)
            for m in spec.members
            if not m.optional or present(f"{spec.name}.{m.name}")
        }
        return [item] if spec.kind == "list" else item
    raise AssertionError(f"{spec.name}: the form converts no {spec.kind}")


def a_record(rules: Ruleset, kind: str, choose: Choose, present: Present) -> dict[str, Any]:
    """A hand body of ``kind`` holding what ``present`` keeps of the fields the form asks
    ``rules``' games for (a misdeal's or a redeal's own form: that field alone)."""
    form = HandForm(ruleset=rules)
    return {
        field.name: a_value(field, rules, form, choose, present)
        for field in FIELDS
        if field.form_kind == kind
        and on_form(field)
        and field.used_by(rules)
        and (kind != "hand" or present(field.name))
    }


def through_the_form(record: dict[str, Any], rules: Ruleset) -> dict[str, Any]:
    """``record`` shown on the form (as a correction does), posted, and read back."""
    initial = HandForm.initial_from_record(record)
    form = HandForm({**{k: str(v) for k, v in initial.items()}, "number": "1"}, ruleset=rules)
    assert form.is_valid(), form.errors
    return form.to_record()


def test_a_field_is_on_the_form_or_left_to_the_api():
    assert {f.name for f in FIELDS if not on_form(f)} == {"last_trick", "made", "low", "circus"}
    leaves = [leaf for f in FIELDS for leaf in (f, *f.members)]
    assert all(bool(leaf.label) == bool(leaf.form_field) for leaf in leaves if not leaf.members)


@pytest.mark.parametrize("kind", HandForm.KINDS)
@pytest.mark.parametrize("slug", sorted(PRESETS))
def test_every_field_the_form_asks_for_comes_back_as_it_went_in(slug, kind):
    rules = PRESETS[slug]
    record = a_record(rules, kind, choose=lambda values: list(values)[-1], present=lambda _: True)

    assert through_the_form(record, rules) == record
    # Each field of its kind the game uses: the form holds every one at once.
    asked = {f.name for f in FIELDS if f.form_kind == kind and on_form(f) and f.used_by(rules)}
    assert set(record) == asked


@given(st.sampled_from(sorted(PRESETS)), st.sampled_from(HandForm.KINDS), st.data())
def test_any_hand_the_form_can_hold_comes_back_as_it_was(slug, kind, data):
    rules = PRESETS[slug]
    record = a_record(
        rules,
        kind,
        choose=lambda values: data.draw(st.sampled_from(list(values))),
        present=lambda what: data.draw(st.booleans(), label=what),
    )

    assert through_the_form(record, rules) == record
