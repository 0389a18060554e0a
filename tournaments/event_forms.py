"""The form that creates a tournament: format, rules, options and house rules.

Like every form of the director's tournament pages (entry_forms.py, round_forms.py), it
turns what was typed into the arguments a service takes, as the API sends them; the
service's refusals come back through :func:`rookclub.core.forms.add_domain_errors`.
Choices are built from rows the page has read (here, the clubs the user directs), so a
page shows its forms in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from rookclub.clubs import permissions
from rookclub.clubs.models import Club
from rookclub.core.forms import sentence
from rookclub.core.limits import SCORE_MAX, validate_name
from scoring.engine import SEATS
from scoring.engine.errors import RulesetError
from scoring.engine.presets import DEFAULT_SLUG, PRESETS, ruleset_from
from tournaments import house_rules, tie_breakers
from tournaments.models import Tournament
from tournaments.services import PLAYOFF_PLACES_MAX, PLAYOFF_TARGET_MAX

FORMATS = Tournament.Format
#: Tournament matches are played at four-seat tables, two partnerships.
TABLE_SEATS = SEATS
RULESET_CHOICES = [
    (slug, rules.name) for slug, rules in PRESETS.items() if rules.player_seats == TABLE_SEATS
]


class OrderedSelects(forms.Widget):
    """One menu per place ("first", "then", …) all named alike, so the list arrives in
    the order the director chose; a menu left blank is skipped."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        values = data.getlist(name) if hasattr(data, "getlist") else data.get(name) or []
        return [v for v in ([values] if isinstance(values, str) else values) if v]

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return False

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> str:
        chosen = list(value or [])
        places = []
        for i in range(len(tie_breakers.REGISTRY)):
            current = chosen[i] if i < len(chosen) else ""
            options = [format_html('<option value=""{}>—</option>', "" if current else " selected")]
            for t in tie_breakers.REGISTRY.values():
                options.append(
                    format_html(
                        '<option value="{}" title="{}"{}>{} ({})</option>',
                        t.key,
                        t.description,
                        " selected" if t.key == current else "",
                        t.name,
                        t.abbr,
                    )
                )
            place = "First" if i == 0 else "then"
            select_id = f"id_{name}" if i == 0 else f"id_{name}_{i}"
            places.append(
                format_html(
                    '<label class="tie-breaker">{} <select name="{}" id="{}">{}</select></label>',
                    place,
                    name,
                    select_id,
                    mark_safe("".join(options)),
                )
            )
        return mark_safe('<span class="ordered-selects">' + " ".join(places) + "</span>")


def _house_rule_field(rule: house_rules.HouseRule) -> forms.Field:
    """A house rule's field: blank keeps the ruleset's value."""
    common = {"label": rule.label, "required": False, "help_text": rule.help}
    if rule.kind == "int":
        return forms.IntegerField(
            min_value=0,
            max_value=SCORE_MAX,
            **common,
            error_messages={"invalid": "Type a whole number, or leave it blank."},
        )
    if rule.kind == "bool":
        values = [("yes", "Yes"), ("no", "No")]
    else:
        values = house_rules.choices(rule.name)
    return forms.ChoiceField(
        choices=[("", "as the rules say"), *values],
        **common,
        error_messages={"invalid_choice": "Choose one of the listed values."},
    )


class TournamentForm(forms.Form):
    """``services.tournament_create``'s arguments, options as typed fields."""

    #: What each tie-breaker counts, listed under the menus.
    tie_breaker_list = list(tie_breakers.REGISTRY.values())
    #: Format-specific options: which format each belongs to.
    FORMAT_OPTIONS = {
        "cycles": (FORMATS.ROUND_ROBIN,),
        "third_place": (FORMATS.SINGLE_ELIMINATION,),
        "no_reset": (FORMATS.DOUBLE_ELIMINATION,),
        "final_best_of": (FORMATS.SINGLE_ELIMINATION, FORMATS.DOUBLE_ELIMINATION),
        "movement": (FORMATS.INDIVIDUAL,),
        "partners": (
            FORMATS.ROUND_ROBIN,
            FORMATS.SWISS,
            FORMATS.SINGLE_ELIMINATION,
            FORMATS.DOUBLE_ELIMINATION,
        ),
        "playoff_target": (FORMATS.ROUND_ROBIN, FORMATS.SWISS),
        "playoff_places": (FORMATS.ROUND_ROBIN, FORMATS.SWISS),
    }
    #: The service's option names -> the field that shows their problems.
    OPTION_FIELDS = {
        **{
            key: key for key in ("tie_breakers", "bye_points", "check_in_required", *FORMAT_OPTIONS)
        },
        "round_clock": "clock_hands",
        "reset": "no_reset",
    }

    club = forms.ModelChoiceField(
        label="Club",
        queryset=Club.objects.all(),
        empty_label=None,
        error_messages={"invalid_choice": "Choose one of the clubs you direct."},
    )
    name = forms.CharField(
        label="Name",
        max_length=120,
        validators=[validate_name],
        error_messages={"required": "Give the event a name."},
    )
    format = forms.ChoiceField(
        label="Format",
        choices=FORMATS.choices,
        error_messages={"invalid_choice": "Choose one of the formats."},
    )
    ruleset = forms.ChoiceField(
        label="Rules",
        choices=RULESET_CHOICES,
        initial=DEFAULT_SLUG,
        error_messages={"invalid_choice": "Choose one of the rules for four players at a table."},
    )
    games_per_match = forms.IntegerField(
        label="Games per match",
        min_value=1,
        max_value=9,
        initial=1,
        help_text="1 for one game, 3 for best of 3, …",
    )
    rounds = forms.IntegerField(
        label="Rounds",
        min_value=1,
        max_value=99,
        required=False,
        help_text="Leave blank and the format decides.",
    )
    entry_fee = forms.DecimalField(
        label="Entry fee",
        min_value=0,
        max_digits=7,
        decimal_places=2,
        required=False,
        help_text="What each entry pays to play; leave blank for none.",
        error_messages={
            "invalid": "Type an amount such as 10 or 12.50, or leave it blank.",
            "min_value": "An entry fee cannot be below 0.",
            "max_decimal_places": "Type an amount with at most two decimals.",
            "max_digits": "Type an amount of at most 9999.99.",
            "max_whole_digits": "Type an amount of at most 9999.99.",
        },
    )
    check_in_required = forms.BooleanField(
        label="Only checked-in entries are paired at the start", required=False
    )
    tie_breakers = forms.MultipleChoiceField(
        label="Tie-breakers, in order",
        required=False,
        choices=[(t.key, f"{t.name} ({t.abbr})") for t in tie_breakers.REGISTRY.values()],
        widget=OrderedSelects,
        help_text="First, then, then…: leave them all blank for the format's default.",
        error_messages={"invalid_choice": "Choose the tie-breakers from the list."},
    )
    clock_hands = forms.IntegerField(label="Round clock: hands", min_value=1, required=False)
    clock_minutes = forms.IntegerField(label="Round clock: minutes", min_value=1, required=False)
    bye_points = forms.IntegerField(label="Points for a bye", min_value=0, required=False)
    cycles = forms.IntegerField(
        label="Round robin: cycles",
        min_value=1,
        max_value=9,
        required=False,
        help_text="2 for a double round robin.",
    )
    third_place = forms.BooleanField(label="Single elimination: third-place match", required=False)
    no_reset = forms.BooleanField(label="Double elimination: no grand-final reset", required=False)
    final_best_of = forms.IntegerField(
        label="Elimination: final best of", min_value=1, max_value=9, required=False
    )
    movement = forms.ChoiceField(
        label="Individual: movement",
        required=False,
        choices=[
            ("", "—"),
            ("rotation", "Rotation (everyone partners everyone once)"),
            ("two_tier", "Two tier (four consecutive ranks a table)"),
            ("tiers", "Upper and lower tiers (1st partners the first of the lower half)"),
        ],
    )

    partners = forms.ChoiceField(
        label="Partners",
        required=False,
        choices=[
            ("", "Entries register as pairs"),
            ("drawn", "Drawn by lot at the start: players sign up alone"),
        ],
        error_messages={"invalid_choice": "Choose one of the listed ways."},
    )
    playoff_target = forms.IntegerField(
        label="Playoff game to",
        min_value=5,
        max_value=PLAYOFF_TARGET_MAX,
        required=False,
        help_text="Points, in fives (500 when blank): entries still tied play it off.",
    )
    playoff_places = forms.IntegerField(
        label="Places played off",
        min_value=1,
        max_value=PLAYOFF_PLACES_MAX,
        required=False,
        help_text="1 (blank): first place only; 3: the first three places.",
    )

    def __init__(self, *args: Any, clubs: Sequence[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for rule in house_rules.RULES:
            self.fields[f"rule_{rule.name}"] = _house_rule_field(rule)
        # Only the clubs the user directs are offered; the service checks the one sent.
        self.fields["club"].widget.choices = [(c.pk, c.name) for c in clubs]
        if len(clubs) == 1:
            self.fields["club"].initial = clubs[0].pk

    def clean_tie_breakers(self) -> list[str] | None:
        keys = self.cleaned_data["tie_breakers"]
        if len(set(keys)) != len(keys):
            raise forms.ValidationError("Choose each tie-breaker once.")
        return list(keys) or None

    def house_rule_fields(self) -> list[forms.BoundField]:
        return [self[f"rule_{rule.name}"] for rule in house_rules.RULES]

    def house_rules_open(self) -> bool:
        """Show the house rules unfolded when one is set or refused."""
        return any(f.errors or f.value() not in (None, "") for f in self.house_rule_fields())

    def ruleset_options(self) -> dict[str, Any]:
        """The house rules set (blank ones keep the ruleset's value), as the engine reads them."""
        data = self.cleaned_data
        options = {}
        for rule in house_rules.RULES:
            value = data.get(f"rule_{rule.name}")
            if value in (None, ""):
                continue
            options[rule.name] = value == "yes" if rule.kind == "bool" else value
        return options

    def _check_house_rules(self, data: dict[str, Any]) -> None:
        """Whether the rules can be played together is the engine's call: each refusal
        is a sentence next to the option it names (above the form when it names none)."""
        options = self.ruleset_options()
        if not options or not data.get("ruleset"):
            return
        try:
            ruleset_from(data["ruleset"], options)
        except RulesetError as exc:
            for name, messages in exc.errors.items():
                field = f"rule_{name}" if f"rule_{name}" in self.fields else None
                for message in messages:
                    label = self.fields[field].label if field else name.replace("_", " ")
                    text = message if field else f"{label}: {message}"
                    self.add_error(field, sentence(text))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self._check_house_rules(data)
        format = data.get("format")
        for name, formats in self.FORMAT_OPTIONS.items():
            if format and data.get(name) not in (None, "", False) and format not in formats:
                self.add_error(
                    name,
                    f"This option is for {' and '.join(FORMATS(f).label.lower() for f in formats)}"
                    f" events, not {FORMATS(format).label.lower()}.",
                )
        return data

    def service_arguments(self) -> dict[str, Any]:
        """Keyword arguments for ``services.tournament_create`` (besides ``by``)."""
        data = self.cleaned_data
        clock = {
            key: data[f"clock_{key}"]
            for key in ("hands", "minutes")
            if data[f"clock_{key}"] is not None
        }
        options = {  # None: not set
            "check_in_required": data["check_in_required"] or None,
            "tie_breakers": data["tie_breakers"],
            "round_clock": clock or None,
            **{key: data[key] for key in ("bye_points", "cycles", "final_best_of")},
            "third_place": data["third_place"] or None,
            "reset": False if data["no_reset"] else None,
            "movement": data["movement"] or None,
            "partners": data["partners"] or None,
            **{key: data[key] for key in ("playoff_target", "playoff_places")},
            "ruleset_options": self.ruleset_options() or None,
        }
        named = ("club", "name", "format", "ruleset", "rounds", "games_per_match", "entry_fee")
        return {
            **{key: data[key] for key in named},
            "options": {key: value for key, value in options.items() if value is not None},
        }


def clubs_form(user: Any, form: TournamentForm | None = None) -> dict[str, Any]:
    """The tournament list's creation form, for a user who directs a club: one query."""
    if form is not None:
        return {"create_form": form}
    clubs = list(permissions.clubs_directed(user))
    return {"create_form": TournamentForm(clubs=clubs)} if clubs else {}
