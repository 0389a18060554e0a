"""An event's entries: registering a partnership or a player (a late entry in a running
Swiss or individual event), checking in, withdrawing (its open matches forfeited), and
each entry's history. Each write is one audited transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from rookclub.clubs.models import Player
from rookclub.core.errors import Conflict, Invalid
from rookclub.core.limits import check_reason, name_problem, whole_number
from rookclub.core.roles import Actor, require_director
from tournaments import brackets, partners
from tournaments.audit import audit
from tournaments.models import Entry, EntryPlayer, Match, Tournament
from tournaments.services import NOT_DIRECTOR, PAIRED_BY_ROUND
from tournaments.status import refresh_status

ENTRY_SEED_MAX = 9999


def players_per_entry(tournament: Tournament) -> int:
    """One player an entry in an individual event or where partners are drawn."""
    return 1 if tournament.is_individual or tournament.partners_drawn else 2


def _history(entry: Entry, what: str, by: Actor, **details: Any) -> None:
    entry.history = [
        *entry.history,
        {"at": timezone.now().isoformat(), "what": what, "by": getattr(by, "pk", None), **details},
    ]


def entry_add(
    *,
    tournament: Tournament,
    players: Sequence[Player],
    name: str | None = None,
    seed: int | None = None,
    by: Actor,
) -> Entry:
    """Register a partnership or, in an individual event, one player. A running Swiss or
    individual event takes it as a late entry, paired from the next round."""
    require_director(by, tournament.club, NOT_DIRECTOR)
    errors: dict[str, list[str]] = {}
    wanted = players_per_entry(tournament)
    players = list(players)
    if len(players) != wanted or len({p.pk for p in players}) != len(players):
        kind = "a partnership event"
        if tournament.is_individual:
            kind = "an individual event"
        elif wanted == 1:
            kind = "an event with drawn partners"
        errors["players"] = [f"{kind} takes {wanted} different player(s) per entry"]
    elif any(p.club_id != tournament.club_id for p in players):
        errors["players"] = ["every player must be of the event's club"]
    if seed is not None and not whole_number(seed, minimum=1, maximum=ENTRY_SEED_MAX):
        errors["seed"] = [f"a whole number from 1 to {ENTRY_SEED_MAX}"]
    if name is not None and (not isinstance(name, str) or len(name) > 160):
        errors["name"] = ["a name of at most 160 characters"]
    elif name_problem(name):
        errors["name"] = [name_problem(name)]
    if errors:
        # A rule of the event's format no request schema can state: its own code.
        code = "players_per_entry" if "different player(s)" in str(errors.get("players")) else None
        raise Invalid("The entry cannot be added.", errors=errors, code=code)
    try:
        with transaction.atomic():
            locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
            late = locked.status != Tournament.Status.REGISTRATION
            if locked.status == Tournament.Status.FINISHED or (
                late and (locked.format not in PAIRED_BY_ROUND or locked.partners_drawn)
            ):
                raise Conflict(
                    "Entries are closed: only Swiss and individual events take late entries.",
                    code="entries_closed",
                )
            taken = EntryPlayer.objects.filter(tournament=locked, player__in=players)
            if taken.exists():
                raise Invalid(
                    "Already entered.",
                    errors={"players": ["a player is already entered in this event"]},
                    code="already_entered",
                )
            if seed is not None and locked.entries.filter(seed=seed).exists():
                raise Invalid(
                    "Seed taken.",
                    errors={"seed": [f"seed {seed} is already given"]},
                    code="seed_taken",
                )
            entry = Entry(
                tournament=locked,
                name=(name or "").strip() or " & ".join(p.name for p in players),
                seed=seed,
                late=late,
                checked_in=late,
            )
            _history(entry, "late_entry" if late else "registered", by)
            entry.save()
            EntryPlayer.objects.bulk_create(
                EntryPlayer(entry=entry, player=p, tournament=locked) for p in players
            )
            audit(locked, "entry_added", by, after={"entry": entry.pk, "name": entry.name})
    except IntegrityError as exc:  # two directors registering the same player at once
        raise Conflict("The entry clashes with another one.", code="entry_clash") from exc
    return entry


def entry_check_in(*, entry: Entry, by: Actor, checked_in: bool = True) -> Entry:
    require_director(by, entry.tournament.club, NOT_DIRECTOR)
    with transaction.atomic():
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        entry.checked_in = checked_in
        _history(entry, "checked_in" if checked_in else "check_in_undone", by)
        entry.save(update_fields=["checked_in", "history"])
    return entry


def entry_withdraw(*, entry: Entry, by: Actor, reason: str = "") -> Entry:
    """Withdraw an entry; its history is kept. Its remaining matches are forfeited
    (the opponent wins by walkover) and it is left out of later pairings."""
    tournament = entry.tournament
    require_director(by, tournament.club, NOT_DIRECTOR)
    check_reason(reason)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if not entry.active:
            raise Conflict("The entry has already withdrawn.", code="already_withdrawn")
        entry.status = Entry.Status.WITHDRAWN
        _history(entry, "withdrawn", by, reason=reason)
        entry.save(update_fields=["status", "history"])
        if tournament.status == Tournament.Status.REGISTRATION:
            partners.pins_without(tournament, entry.pk)
        forfeited = []
        if tournament.is_elimination and tournament.status == Tournament.Status.RUNNING:
            before = _decided_keys(tournament)
            brackets.bracket_sync(tournament)
            forfeited = sorted(_decided_keys(tournament) - before)
        elif tournament.status == Tournament.Status.RUNNING:
            forfeited = _forfeit_open_matches(tournament, entry)
        audit(
            tournament,
            "entry_withdrawn",
            by,
            before={"entry": entry.pk, "status": "active"},
            after={"status": "withdrawn", "forfeited": forfeited},
            reason=reason,
        )
        refresh_status(tournament)
    return entry


def _decided_keys(tournament: Tournament) -> set[int]:
    return set(tournament.matches.filter(status=Match.Status.WALKOVER).values_list("pk", flat=True))


def _forfeit_open_matches(tournament: Tournament, entry: Entry) -> list[int]:
    forfeited = []
    open_matches = tournament.matches.filter(status=Match.Status.READY, bye=False)
    for match in open_matches:
        side_a = {match.entry_a_id, match.partner_a_id}
        side_b = {match.entry_b_id, match.partner_b_id}
        if entry.pk not in side_a | side_b:
            continue
        match.winner_id = match.entry_b_id if entry.pk in side_a else match.entry_a_id
        match.status = Match.Status.WALKOVER
        match.flags = [*match.flags, brackets.FORFEIT]
        match.save(update_fields=["winner", "status", "flags"])
        forfeited.append(match.pk)
    return forfeited
