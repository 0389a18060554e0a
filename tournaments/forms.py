"""Forms for the director's tournament pages: each turns what was typed into the
arguments a service takes, as the API sends them; the service's refusals come back
through :func:`rookclub.core.forms.add_domain_errors`. Choices are built from rows the
page has read, so a page shows its forms in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import forms
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from rookclub.clubs import permissions
from rookclub.clubs.models import Club, Player
from rookclub.core.forms import sentence
from rookclub.core.limits import SCORE_MAX, validate_name, validate_text
from scoring.engine import SEATS
from scoring.engine.errors import RulesetError
from scoring.engine.presets import DEFAULT_SLUG, PRESETS, ruleset_from
from tournaments import house_rules, tie_breakers
from tournaments.models import Entry, EntryPlayer, Match, Round, Tournament
from tournaments.services import PAIRED_BY_ROUND, PLAYOFF_PLACES_MAX, PLAYOFF_TARGET_MAX

FORMATS = Tournament.Format
#: Tournament matches are played at four-seat tables, two partnerships.
TABLE_SEATS = SEATS
RULESET_CHOICES = [
    (slug, rules.name) for slug, rules in PRESETS.items() if rules.player_seats == TABLE_SEATS
]


def _show_only(field: forms.ModelChoiceField, rows: Iterable[Any], blank: str) -> None:
    """Offer only ``rows`` in the field's menu; the field still accepts any row of
    its queryset, so a choice taken meanwhile is refused by the service in words."""
    field.widget.choices = [("", blank)] + [(row.pk, str(row)) for row in rows]


# ---- creating an event ------------------------------------------------------------------


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


# ---- registration ------------------------------------------------------------------------


def _player_field(label: str, required: str) -> forms.ModelChoiceField:
    invalid = "That is not one of the club's players."
    return forms.ModelChoiceField(
        label=label,
        queryset=Player.objects.none(),
        error_messages={"required": required, "invalid_choice": invalid},
    )


class EntryForm(forms.Form):
    """A partnership (two of the club's players) or, in an individual event, one player."""

    player_1 = _player_field("Player", "Choose a player.")
    player_2 = _player_field("Partner", "Choose the partner.")
    name = forms.CharField(
        label="Entry name",
        max_length=160,
        validators=[validate_name],
        required=False,
        help_text="Leave blank to use the players' names.",
    )
    seed = forms.IntegerField(
        label="Seed",
        min_value=1,
        required=False,
        help_text="Leave blank: unseeded entries are placed by lot at the start.",
        error_messages={"min_value": "A seed is 1 or more."},
    )

    def __init__(
        self, *args: Any, tournament: Tournament, available: Sequence[Player], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        # One player an entry: an individual event, or partners drawn at the start.
        self.individual = tournament.is_individual or tournament.partners_drawn
        if self.individual:
            del self.fields["player_2"]
        # Any of the club's players is accepted, so a player entered meanwhile is
        # refused by the service in words; the menus offer those not yet entered.
        club_players = Player.objects.filter(club_id=tournament.club_id)
        for name in ("player_1", "player_2"):
            if name in self.fields:
                self.fields[name].queryset = club_players
                _show_only(self.fields[name], available, "— choose —")
        if not self.individual:
            self.fields["player_1"].label = "First player"
        self.late = tournament.status != Tournament.Status.REGISTRATION

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        one, two = data.get("player_1"), data.get("player_2")
        if one and two and one == two:
            self.add_error("player_2", "Choose two different players.")
        return data

    def players(self) -> list[Player]:
        return [self.cleaned_data[n] for n in ("player_1", "player_2") if n in self.fields]


class WithdrawForm(forms.Form):
    reason = forms.CharField(
        label="Why does the entry withdraw?",
        max_length=500,
        validators=[validate_text],
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": "Give the reason: it stays in the entry's history."},
    )


# ---- rounds --------------------------------------------------------------------------------


def _entry_choices(matches: Iterable[Match]) -> list[tuple[str, str]]:
    """The round's entries for a menu, with where each sits now."""
    choices = []
    for m in matches:
        if m.bye:
            if m.entry_a_id:
                choices.append((str(m.entry_a_id), f"{m.entry_a.name} (bye)"))
            continue
        for entry in (m.entry_a, m.entry_b):
            if entry is not None:
                choices.append((str(entry.pk), f"{entry.name} (table {m.table})"))
    return choices


class OverrideForm(forms.Form):
    """One of ``rounds.round_override``'s changes to one round."""

    ACTIONS = {
        "swap": "Swap two entries (each takes the other's opponent)",
        "pin": "Pin: these two play each other (their opponents play each other)",
        "force_bye": "Give the first entry the bye",
        "repair": "Re-pair the whole round (Swiss; pin the two entries if both are chosen)",
    }

    action = forms.ChoiceField(
        label="Change",
        error_messages={
            "required": "Choose a change.",
            "invalid_choice": "That change is not offered for this round.",
        },
    )
    a = forms.ChoiceField(label="Entry", required=False)
    b = forms.ChoiceField(label="Second entry", required=False)

    def __init__(
        self, *args: Any, round: Round, matches: Iterable[Match], swiss: bool, **kwargs: Any
    ) -> None:
        kwargs.setdefault("prefix", f"round-{round.pk}")
        super().__init__(*args, **kwargs)
        self.round = round
        actions = [a for a in self.ACTIONS if swiss or a != "repair"]
        self.fields["action"].choices = [(a, self.ACTIONS[a]) for a in actions]
        self.fields["action"].initial = "swap"
        choices = _entry_choices(matches)
        self.names = {pk: label.rsplit(" (", 1)[0] for pk, label in choices}
        self.fields["a"].choices = [("", "— choose —"), *choices]
        self.fields["b"].choices = [("", "— none —"), *choices]
        invalid = "That entry is not in this round."
        self.fields["a"].error_messages["invalid_choice"] = invalid
        self.fields["b"].error_messages["invalid_choice"] = invalid

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        action, a, b = data.get("action"), data.get("a"), data.get("b")
        if action in ("swap", "pin", "force_bye") and not a and "a" not in self.errors:
            self.add_error("a", "Choose the entry.")
        if action in ("swap", "pin") and not b and "b" not in self.errors:
            self.add_error("b", "Choose the second entry.")
        if action == "repair" and bool(a) != bool(b):
            self.add_error("b" if a else "a", "To pin a pairing while re-pairing, choose both.")
        if a and b and a == b and action != "force_bye":
            self.add_error("b", "Choose two different entries.")
        return data

    def service_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        a = int(data["a"]) if data.get("a") else None
        b = int(data["b"]) if data.get("b") and data["action"] != "force_bye" else None
        return {"action": data["action"], "a": a, "b": b}

    def done(self, number: int) -> str:
        data = self.cleaned_data
        a, b = self.names.get(data.get("a") or ""), self.names.get(data.get("b") or "")
        what = {
            "swap": f"{a} and {b} swapped",
            "pin": f"{a} plays {b}",
            "force_bye": f"{a} has the bye",
            "repair": "re-paired" + (f", {a} plays {b}" if a and b else ""),
        }[data["action"]]
        return f"Round {number}: {what}."


class PairForm(forms.Form):
    """The next Swiss round, with a pinned pairing or a forced bye (``round_pair_next``)."""

    pin_a = forms.ChoiceField(label="Pin: this entry", required=False)
    pin_b = forms.ChoiceField(label="plays this entry", required=False)
    forced_bye = forms.ChoiceField(label="Give the bye to", required=False)

    def __init__(self, *args: Any, entries: Iterable[Entry], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(str(e.pk), e.name) for e in entries if e.active]
        for name in self.fields:
            self.fields[name].choices = [("", "—"), *choices]
            self.fields[name].error_messages["invalid_choice"] = "That entry is not playing."

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        a, b, bye = data.get("pin_a"), data.get("pin_b"), data.get("forced_bye")
        if bool(a) != bool(b):
            self.add_error("pin_b" if a else "pin_a", "A pin needs two entries.")
        elif a and a == b:
            self.add_error("pin_b", "Choose two different entries.")
        if bye and bye in (a, b):
            self.add_error("forced_bye", "A pinned entry cannot have the bye.")
        return data

    def pins(self) -> list[tuple[int, int]]:
        data = self.cleaned_data
        return [(int(data["pin_a"]), int(data["pin_b"]))] if data.get("pin_a") else []

    def bye_for(self) -> int | None:
        bye = self.cleaned_data.get("forced_bye")
        return int(bye) if bye else None


# ---- what the pages show a director -------------------------------------------------------


def registration_open(tournament: Tournament) -> bool:
    """Whether ``entry_add`` would take an entry now (the service decides; this hides the form)."""
    if tournament.status == Tournament.Status.REGISTRATION:
        return True
    return tournament.status == Tournament.Status.RUNNING and tournament.format in PAIRED_BY_ROUND


def available_players(tournament: Tournament) -> list[Player]:
    """The club's active players not yet in the event: one query."""
    return list(
        Player.objects.filter(club_id=tournament.club_id, active=True).exclude(
            pk__in=EntryPlayer.objects.filter(tournament=tournament).values("player_id")
        )
    )


def entry_counts(entries: Sequence[Entry]) -> dict[str, int]:
    """How many entries play, and how many of them are checked in (no query)."""
    return {
        "checked_in_count": sum(1 for e in entries if e.active and e.checked_in),
        "active_count": sum(1 for e in entries if e.active),
    }


def dashboard_forms(
    tournament: Tournament,
    entries: Sequence[Entry],
    *,
    entry_form: EntryForm | None = None,
    pair_form: PairForm | None = None,
) -> dict[str, Any]:
    """The director's forms on the dashboard (one query: the players not yet entered)."""
    context: dict[str, Any] = entry_counts(entries)
    if entry_form is not None or registration_open(tournament):
        context["entry_form"] = entry_form or EntryForm(
            tournament=tournament, available=available_players(tournament)
        )
    swiss_running = (
        tournament.format == FORMATS.SWISS and tournament.status == Tournament.Status.RUNNING
    )
    if pair_form is not None or swiss_running:
        context["pair_form"] = pair_form or PairForm(entries=entries)
    return context


def pairing_forms(
    tournament: Tournament, rounds: Sequence[Round], bound: OverrideForm | None = None
) -> None:
    """Attach ``override_form`` to each round a director may still change: round robin
    and Swiss rounds without results (the service refuses the rest in words). A form
    sent back with errors is shown on its round whatever the round's state."""
    open_format = tournament.format in (FORMATS.ROUND_ROBIN, FORMATS.SWISS)
    running = tournament.status == Tournament.Status.RUNNING
    played = (Match.Status.DECIDED, Match.Status.WALKOVER)
    for rnd in rounds:
        matches = rnd.matches.all()
        if bound is not None and bound.round.pk == rnd.pk:
            rnd.override_form = bound
        elif open_format and running and not any(m.status in played for m in matches):
            swiss = tournament.format == FORMATS.SWISS
            rnd.override_form = OverrideForm(round=rnd, matches=matches, swiss=swiss)
        else:
            rnd.override_form = None


def clubs_form(user: Any, form: TournamentForm | None = None) -> dict[str, Any]:
    """The tournament list's creation form, for a user who directs a club: one query."""
    if form is not None:
        return {"create_form": form}
    clubs = list(permissions.clubs_directed(user))
    return {"create_form": TournamentForm(clubs=clubs)} if clubs else {}
