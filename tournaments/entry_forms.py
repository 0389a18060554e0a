"""Registration forms (an entry, a withdrawal) and the dashboard's forms for a director.

Their menus are built from rows the page has read (the players not yet entered, the
entries), so the dashboard shows its forms in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import forms

from rookclub.clubs.models import Player
from rookclub.core.limits import validate_name, validate_text
from tournaments.event_forms import FORMATS
from tournaments.models import Entry, EntryPlayer, Tournament
from tournaments.round_forms import PairForm
from tournaments.services import PAIRED_BY_ROUND


def _show_only(field: forms.ModelChoiceField, rows: Iterable[Any], blank: str) -> None:
    """Offer only ``rows`` in the field's menu; the field still accepts any row of
    its queryset, so a choice taken meanwhile is refused by the service in words."""
    field.widget.choices = [("", blank)] + [(row.pk, str(row)) for row in rows]


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
