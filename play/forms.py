"""Forms for the score-entry and club-night pages: they turn what a person typed into
the shapes the services take (a hand: the REST hand body). Whether a hand is possible
is the engine's call; its messages show next to the field they name.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils import timezone
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

from rookclub.clubs.models import Player
from rookclub.core.forms import label
from rookclub.core.limits import REASON_MAX, validate_name, validate_text
from scoring.engine import PRESETS, hand_fields, plain
from scoring.engine.seat_names import SEAT_NAMES, SIDE_NAMES

SEATING_LABELS = {
    "random": "Random draw of partners and tables",
    "fixed": "Fixed partnerships",
    "progressive": "Individual progressive (partners change every four hands)",
}


def _games_for(players: int) -> list[tuple[str, str]]:
    """The games a night's tables of five (or six) may play: (slug, name)."""
    games = [(s, r.name) for s, r in PRESETS.items() if len(r.player_seats) == players]
    return [("", "none"), *games]


class NightOpenForm(forms.Form):
    date = forms.DateField(
        label="Date", widget=forms.DateInput(attrs={"type": "date"}), initial=timezone.localdate
    )
    seating_method = forms.ChoiceField(
        label="Seating",
        choices=list(SEATING_LABELS.items()),
        initial="random",
        widget=forms.RadioSelect,
    )
    tables_of_five_or_six = forms.BooleanField(
        label="Tables of five or six instead of sit-outs",
        required=False,
        help_text="random or progressive seating",
    )
    game_for_five = forms.ChoiceField(
        label="Tables of five play", choices=_games_for(5), initial="five-player", required=False
    )
    game_for_six = forms.ChoiceField(
        label="Tables of six play", choices=_games_for(6), initial="six-player", required=False
    )


# One place names seats and sides (scoring/engine/seat_names.py); forms and views read them here.
SEAT_LABELS = SEAT_NAMES
SIDE_LABELS = SIDE_NAMES
# And one place says what a hand holds (scoring/engine/hand_fields.py).
TRUMP_LABELS = hand_fields.TRUMPS
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
#: Each of the hand body's fields and members the form asks for, in the page's order:
#: (the body's field, that field or its member).
ASKED = tuple(
    (field, spec)
    for field in hand_fields.FIELDS
    for spec in field.members or (field,)
    if spec.form_field
)
#: The boxes of counters by side: the page's script fills in the other side's from the
#: deck's total, and the engine's message about one side ("east_west: ...") goes under
#: that side's box.
COUNTER_BOXES = ("counters", "renege.counters")
RADIOS = ("bidder", "trump")


def table_text(text: str | None) -> str | None:
    """What players read at the table: the engine's messages without their
    "(docs/rules.md §…)" citations, which are for directors and developers (the API
    keeps them). Every page message from the engine passes through here."""
    if not text:
        return text
    return plain(text)


def irregularities_text(irregularities: Iterable[Any], *, said: Iterable[str] = ()) -> str:
    """A hand's penalties and reneges in words, with what each cost: "Table talk (East)
    -40; Renege (West) -90". ``said``: the kinds said elsewhere, left out."""
    parts = []
    for i in irregularities:
        if i.kind not in said:
            seat = f" ({label(SEAT_LABELS, i.seat)})" if i.seat else ""
            points = f" -{abs(i.points)}" if i.points else ""
            parts.append(f"{i.get_kind_display()}{seat}{points}")
    return "; ".join(parts)


def _choices(labels: Mapping[str, str], names: Iterable[str], blank: str | None = None):
    out = [("", blank)] if blank is not None else []
    return out + [(name, label(labels, name)) for name in names]


class HandForm(forms.Form):
    """One line of the score sheet, as the scorer enters it on a phone. ``kind`` says
    which of the page's forms sent it: a hand, a misdeal or a redeal."""

    KINDS = tuple(dict.fromkeys(field.form_kind for field in hand_fields.FIELDS))

    kind = forms.ChoiceField(choices=[(k, k) for k in KINDS], widget=forms.HiddenInput)
    # The hand number the scorer saw: a second tap on "Record" (or a second phone at
    # the table) cannot store the same hand twice.
    number = forms.IntegerField(
        min_value=1,
        widget=forms.HiddenInput,
        error_messages={
            "required": "The form lost its hand number; reload the page and record the hand again."
        },
    )

    def __init__(self, *args: Any, ruleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        seats = ruleset.player_seats
        self.sides = ruleset.side_names
        self.total_counters = ruleset.total_counters
        #: The ruleset has an auction: Beginner Rook has none ("no bidding"), so its form
        #: asks for no declarer and no bid (and a posted one is ignored).
        self.auction = ruleset.bidding
        # "All four passed" at a table of four; "All five passed" at a table of five.
        count = NUMBER_WORDS.get(len(seats), str(len(seats)))
        passed = {"all_passed": "Both passed" if len(seats) == 2 else f"All {count} passed"}
        offered = {"trump": ruleset.trump_names}
        words = {"redeal_reason": passed}
        for field, spec in ASKED:
            if spec.kind == "sides" or not field.used_by(ruleset):
                # Sides: a box a side, below. Unused: e.g. no declarer or bid without an
                # auction, no partner to call.
                continue
            name = spec.form_field
            if spec.kind == "integer":
                self.fields[name] = forms.IntegerField(label=spec.label, required=False)
                continue
            seat = spec.kind == "seat"
            labels = SEAT_LABELS if seat else {**spec.choices, **words.get(name, {})}
            names = offered.get(name, seats if seat else spec.choices)
            self.fields[name] = forms.ChoiceField(
                label=spec.label,
                required=False,
                choices=_choices(labels, names, spec.blank),
                widget=forms.RadioSelect if name in RADIOS else forms.Select,
            )
        if self.auction:
            self.fields["bid"].widget.attrs.update(
                min=ruleset.min_bid,
                max=ruleset.highest_bid,
                step=ruleset.bid_step,
                inputmode="numeric",
            )
        tricks = hand_fields.BY_NAME["tricks"]
        #: Sides whose tricks the score sheet needs (trick points and bonuses).
        self.trick_sides = ruleset.side_names if tricks.used_by(ruleset) else ()
        for side in self.trick_sides:
            field = forms.IntegerField(
                label=f"{label(SIDE_LABELS, side)} {tricks.label}",
                required=False,
                min_value=0,
                max_value=ruleset.tricks_counted,
            )
            field.widget.attrs.update(inputmode="numeric")
            self.fields[f"{tricks.form_field}_{side}"] = field
        for side in self.sides:
            for path in COUNTER_BOXES:
                spec = hand_fields.member(path)
                field = forms.IntegerField(
                    label=f"{label(SIDE_LABELS, side)} {spec.label}", required=False, min_value=0
                )
                field.widget.attrs.update(
                    step=ruleset.granularity,
                    inputmode="numeric",
                    max=self.total_counters,
                    # static/js/score-entry.js fills the other side from the deck total.
                    **{
                        "data-counters": spec.form_field,
                        "data-side": side,
                        "data-total": self.total_counters,
                    },
                )
                self.fields[f"{spec.form_field}_{side}"] = field
        # The hand's fields in the page's order, before a correction's reason.
        boxes = (spec.form_field for _, spec in ASKED if spec.kind != "sides")
        self.order_fields(["kind", "number", *boxes])

    @property
    def trick_fields(self) -> list[forms.BoundField]:
        return [self[f"tricks_{side}"] for side in self.trick_sides]

    def counter_fields(self, prefix: str = "counters") -> list[forms.BoundField]:
        return [self[f"{prefix}_{side}"] for side in self.sides]

    @property
    def counters_by_side(self) -> list[tuple[str, forms.BoundField]]:
        return list(zip(self.sides, self.counter_fields(), strict=True))

    @property
    def renege_counters_by_side(self) -> list[tuple[str, forms.BoundField]]:
        return list(zip(self.sides, self.counter_fields("renege_counters"), strict=True))

    def to_record(self) -> dict[str, Any]:
        """The hand body for ``play.hands.hand_record``: the fields the posted ``kind``
        of form enters, those left blank left out."""
        kind = self.cleaned_data["kind"]
        record: dict[str, Any] = {}
        for field in hand_fields.FIELDS:
            if field.form_kind == kind:
                value = self._entered(field, own_form=kind != "hand")
                if value is not None:
                    record[field.name] = value
        return record

    def _entered(self, spec: hand_fields.HandField, own_form: bool = False) -> Any:
        """The hand body's value for ``spec`` from the form, None when left blank. An
        object is entered when its first member is, or always on its ``own_form``."""
        if spec.kind == "sides":
            return self._side_values(spec.form_field) or None
        if not spec.members:
            value = self.cleaned_data.get(spec.form_field) if spec.form_field else None
            return None if value in (None, "") else value
        values = [(m, self._entered(m)) for m in spec.members]
        if not own_form and values[0][1] is None:
            return None
        entered = {m.name: value for m, value in values if value is not None or not m.optional}
        return [entered] if spec.kind == "list" else entered

    def _side_values(self, prefix: str) -> dict[str, int]:
        values = {side: self.cleaned_data.get(f"{prefix}_{side}") for side in self.sides}
        return {side: value for side, value in values.items() if value is not None}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # Half a penalty (or a renege without when it was found) is a slip of the finger:
        # say so here, by the missing member's box, rather than send it on.
        for field, spec in ASKED:
            others = (m for m in field.members if m is not spec and m.kind != "sides")
            if (
                spec.missing
                and not data.get(spec.form_field)
                and any(data.get(m.form_field) for m in others)
            ):
                self.add_error(spec.form_field, spec.missing)
        return data

    @classmethod
    def posted(cls, data: Any, *, ruleset: Any, kind: str) -> HandForm:
        """A bound form that checks a posted hand of ``kind``. Its fields are built once
        per ruleset and process and shared, not deep-copied for each post: checking a
        form changes none of its fields."""
        form = copy.copy(_posted_prototype(cls, ruleset, kind))
        form.data, form.is_bound, form._errors = data, True, None
        form._bound_fields_cache = {}
        return form

    @classmethod
    def initial_from_record(cls, record: Mapping[str, Any]) -> dict[str, Any]:
        """Form values that show a stored hand, for a director's correction: on the form
        of its ``kind`` (a misdeal's or a redeal's own, else the hand's)."""
        fields = hand_fields.FIELDS
        own = (f.form_kind for f in fields if f.form_kind != "hand" and f.name in record)
        kind = next(own, "hand")
        initial: dict[str, Any] = {"kind": kind}
        for field in fields:
            if field.form_kind == kind and field.name in record:
                initial.update(_shown(field, record[field.name]))
        return initial

    def place_error(self, key: str, message: str) -> tuple[str, str] | None:
        """A side's counters problem ("east_west: 43 is not a multiple of 5") goes under
        that side's own box, named as the player sees it ("East-West counters: 43 ...")."""
        if key not in COUNTER_BOXES:
            return None
        side, colon, rest = message.partition(":")
        name = f"{hand_fields.member(key).form_field}_{side.strip()}"
        if not colon or name not in self.fields:
            return None
        return name, f"{self.fields[name].label}: {rest.strip()}"

    def field_for_error(self, key: str) -> str | None:
        """The form field an engine/service error key belongs to (None: the whole form)."""
        head, _, rest = key.partition(".")
        spec = hand_fields.BY_NAME.get(head)
        names = [key] if spec is None else self._boxes(spec, rest)
        return next((name for name in names if name in self.fields), None)

    def _boxes(self, spec: hand_fields.HandField, rest: str) -> list[str]:
        """The form's fields for ``spec``, or for the member or side ``rest`` names in it;
        an object's first member's when ``rest`` names none."""
        if spec.kind == "sides":
            return [f"{spec.form_field}_{side}" for side in ((rest,) if rest else self.sides)]
        if spec.members:
            name, _, rest = rest.partition(".")
            inner = next((m for m in spec.members if m.name == name), spec.members[0])
            return self._boxes(inner, rest)
        return [spec.form_field]


def _shown(spec: hand_fields.HandField, value: Any) -> dict[str, Any]:
    """The form values that show ``value``, the hand body's for ``spec`` (of a list, its
    first item: the form holds one)."""
    if spec.kind == "sides":
        return {f"{spec.form_field}_{side}": n for side, n in (value or {}).items()}
    if not spec.members:
        return {spec.form_field: value} if spec.form_field else {}
    if not value:
        return {}
    item = value[0] if spec.kind == "list" else value
    return {name: v for m in spec.members for name, v in _shown(m, item.get(m.name)).items()}


@functools.lru_cache(maxsize=256)
def _posted_prototype(cls: type[HandForm], ruleset: Any, kind: str) -> HandForm:
    """The unbound form :meth:`HandForm.posted` copies (``Ruleset`` is frozen and
    hashable). Each kind has its own element ids, as on the page."""
    return cls(None, ruleset=ruleset, initial={"kind": kind}, auto_id=f"{kind}_%s")


class CorrectionForm(HandForm):
    """A director's correction: the hand as it should have been, and why."""

    reason = forms.CharField(
        label="Why is this hand corrected?",
        max_length=REASON_MAX,
        validators=[validate_text],
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": "Give the reason: it stays in the hand's history."},
    )
    # A correction names its hand in the address; it posts no number.
    number = None


class CheckInForm(forms.Form):
    """Who came tonight: tick the club's players, or add a newcomer by name."""

    players = forms.ModelMultipleChoiceField(
        label="Players here tonight",
        queryset=Player.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    new_player = forms.CharField(
        label="Add a new player", max_length=120, required=False, validators=[validate_name]
    )

    def __init__(self, *args: Any, club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["players"].queryset = Player.objects.filter(club=club, active=True)

    def clean_new_player(self) -> str:
        return " ".join(self.cleaned_data["new_player"].split())

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("players") and not data.get("new_player") and not self.errors:
            raise forms.ValidationError("Tick the players who came, or add a new player.")
        return data


class _SharedOptionsSelect(forms.Widget):
    """A ``<select>`` whose options, the same for every pair field, are escaped once:
    a big night has hundreds of selects of hundreds of options, too many for Django's
    widget templates. Only a select holding a value gets a copy with it ``selected``.
    """

    def __init__(self, options_html: str, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.options_html = options_html

    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer=None):
        options = self.options_html
        if value not in (None, ""):
            chosen = f'<option value="{escape(value)}">'
            options = options.replace(chosen, chosen[:-1] + " selected>", 1)
        final = self.build_attrs(self.attrs, attrs)
        return format_html(
            '<select name="{}"{}>{}</select>', name, flatatt(final), mark_safe(options)
        )


class _PairField(forms.Field):
    """One half of a named pair: a checked-in player's id, or nothing. A
    ``ChoiceField``'s checks and message, without each field copying the choices."""

    default_error_messages = forms.ChoiceField.default_error_messages

    def __init__(self, *, valid: Mapping[str, Any], options_html: str, **kwargs: Any) -> None:
        super().__init__(widget=_SharedOptionsSelect(options_html), **kwargs)
        self.valid = valid

    def to_python(self, value: Any) -> str:
        return "" if value in self.empty_values else str(value)

    def validate(self, value: str) -> None:
        super().validate(value)
        if value and value not in self.valid:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            )


class SeatForm(forms.Form):
    """How to seat the checked-in players; fixed partnerships name each pair."""

    method = forms.ChoiceField(
        label="Seating", choices=list(SEATING_LABELS.items()), widget=forms.RadioSelect
    )

    def __init__(self, *args: Any, players: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = {str(p.pk): p for p in players}
        # One list of options for every pair field, escaped once (see _SharedOptionsSelect).
        options_html = '<option value="">—</option>' + "".join(
            f'<option value="{pk}">{escape(p.name)}</option>' for pk, p in self.players.items()
        )
        self.pair_count = len(players) // 2
        for i in range(1, self.pair_count + 1):
            for half in ("a", "b"):
                self.fields[f"pair_{i}_{half}"] = _PairField(
                    label=f"Pair {i}",
                    required=False,
                    valid=self.players,
                    options_html=options_html,
                )

    def pair_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"pair_{i}_a"], self[f"pair_{i}_b"]) for i in range(1, self.pair_count + 1)]

    def partnerships(self) -> list[tuple[Player, Player]] | None:
        """The pairs a director named, for fixed partnerships (None for other methods)."""
        if self.cleaned_data["method"] != "fixed":
            return None
        pairs = []
        for a_field, b_field in self.pair_fields():
            a, b = self.cleaned_data.get(a_field.name), self.cleaned_data.get(b_field.name)
            if a and b:
                pairs.append((self.players[a], self.players[b]))
        return pairs

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("method") != "fixed":
            return data
        seen: set[str] = set()
        for a_field, b_field in self.pair_fields():
            a, b = data.get(a_field.name), data.get(b_field.name)
            if bool(a) != bool(b):
                self.add_error(a_field.name if not a else b_field.name, "A pair needs two players.")
            for name, value in ((a_field.name, a), (b_field.name, b)):
                if not value:
                    continue
                if value in seen:
                    self.add_error(name, f"{self.players[value].name} is already in a pair.")
                seen.add(value)
        if not seen:
            raise forms.ValidationError("Name at least one pair for fixed partnerships.")
        return data
