"""Round forms: a change to a round's pairings, and the next Swiss round's pins and bye.

Their menus are built from the matches and entries the page has read, so a page shows
its forms in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import forms

from tournaments.event_forms import FORMATS
from tournaments.models import Entry, Match, Round, Tournament


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
