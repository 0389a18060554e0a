"""An event's rounds: starting it (seeds fixed, director's first, the rest by lot; the first
round, the whole schedule or the bracket made), the individual movements, pairing the next
Swiss or individual round from the standings, and a director's overrides on a round's
pairings. Each write is one audited transaction."""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from rookclub.core.errors import Conflict, Invalid
from rookclub.core.roles import Actor, require_director
from tournaments import brackets, partners, standings_data
from tournaments.audit import audit
from tournaments.formats import (
    FormatError,
    Pairing,
    SwissEntry,
    individual_movement,
    pair_swiss_round,
    round_robin_schedule,
    tiers_round,
    two_tier_round,
    validate_movement,
)
from tournaments.formats.base import REPAIRED
from tournaments.formats.overrides import force_bye, pin_pairing, swap_entries
from tournaments.formats.seeding import seeds_with_director_order
from tournaments.formats.tiers import sit_out_counts
from tournaments.live import tournament_changed
from tournaments.match_games import round_games_abandon, round_games_start
from tournaments.models import Entry, Match, Round, Tournament
from tournaments.services import FORMATS, NOT_DIRECTOR, PAIRED_BY_ROUND


def tournament_start(
    *, tournament: Tournament, by: Actor, draw_seed: str | None = None
) -> Tournament:
    """Close registration, fix the seeds (director's first, the rest drawn by lot)
    and pair the first round, or the whole schedule or bracket."""
    require_director(by, tournament.club, NOT_DIRECTOR)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status != Tournament.Status.REGISTRATION:
            raise Conflict("The tournament has already started.", code="already_started")
        entries = list(tournament.entries.filter(status=Entry.Status.ACTIVE))
        if tournament.options.get("check_in_required"):
            entries = [e for e in entries if e.checked_in]
        least = 4 if tournament.is_individual or tournament.partners_drawn else 2
        if len(entries) < least:
            raise Conflict(f"At least {least} entries are needed to start.", code="too_few_entries")
        tournament.draw_seed = draw_seed or secrets.token_hex(8)
        if tournament.partners_drawn:
            try:
                entries = partners.partners_draw(tournament=tournament, entries=entries, by=by)
            except FormatError as exc:
                raise Conflict(str(exc), code=exc.code) from exc
        placed = [e.pk for e in sorted((e for e in entries if e.seed), key=lambda e: e.seed)]
        order = seeds_with_director_order(
            [e.pk for e in entries], placed, rng_seed=tournament.draw_seed
        )
        _renumber_seeds(tournament, order)
        tournament.seeding = order
        tournament.status = Tournament.Status.RUNNING
        try:
            _first_rounds(tournament, order)
        except FormatError as exc:
            raise Conflict(str(exc), code=exc.code) from exc
        tournament.save()
        for rnd in tournament.round_set.filter(status=Round.Status.RUNNING):
            round_games_start(rnd=rnd, by=by)
        audit(tournament, "tournament_started", by, after={"seeding": order})
    return tournament


def _renumber_seeds(tournament: Tournament, order: list[int]) -> None:
    entries = {e.pk: e for e in tournament.entries.all()}
    # Two passes: the (tournament, seed) constraint must never see a seed twice.
    tournament.entries.update(seed=None)
    for number, pk in enumerate(order, start=1):
        entries[pk].seed = number
    Entry.objects.bulk_update([entries[pk] for pk in order], ["seed"])
    tournament_changed(tournament.pk)  # bulk writes send no signal


def _first_rounds(tournament: Tournament, order: list[int]) -> None:
    if tournament.is_elimination:
        brackets.bracket_create(tournament)
    elif tournament.format == FORMATS.ROUND_ROBIN:
        schedule = round_robin_schedule(order, cycles=tournament.options.get("cycles", 1) or 1)
        if tournament.rounds:
            schedule = schedule[: tournament.rounds]
        tournament.rounds = len(schedule)
        for number, pairings in enumerate(schedule, start=1):
            _create_round(tournament, number, pairings)
    elif tournament.format == FORMATS.SWISS:
        if not tournament.rounds:
            tournament.rounds = max(1, math.ceil(math.log2(len(order))))
        ranked = [SwissEntry(pk) for pk in order]
        _create_round(tournament, 1, pair_swiss_round(ranked).pairings)
    elif tournament.options.get("movement") == "tiers":
        _create_table_round(tournament, tiers_round(order, number=1))
    else:
        movement = _movement(tournament, order)
        tournament.rounds = len(movement.rounds)
        _create_table_round(tournament, movement.rounds[0])


def _movement(tournament: Tournament, order: list[int]):
    movement = individual_movement(order, rounds=tournament.rounds, rng_seed=0)
    report = validate_movement(movement)
    if not report.ok:
        raise FormatError("movement_invalid", "; ".join(report.problems))
    return movement


def _create_round(
    tournament: Tournament, number: int, pairings: Sequence[Pairing], *, running: bool = False
) -> Round:
    """A round of ``pairings``: played now if it is the first or ``running``, else later."""
    running = running or number == 1
    rnd = Round.objects.create(
        tournament=tournament,
        number=number,
        status=Round.Status.RUNNING if running else Round.Status.PENDING,
        started_at=timezone.now() if running else None,
    )
    Match.objects.bulk_create(_match_row(tournament, rnd, p) for p in pairings)
    tournament_changed(tournament.pk)  # bulk writes send no signal
    return rnd


def _match_row(tournament: Tournament, rnd: Round, pairing: Pairing) -> Match:
    bye = pairing.away is None
    return Match(
        tournament=tournament,
        round=rnd,
        table=None if bye else pairing.table,
        entry_a_id=pairing.home,
        entry_b_id=pairing.away,
        bye=bye,
        status=Match.Status.BYE if bye else Match.Status.READY,
        winner_id=pairing.home if bye else None,
        flags=sorted(pairing.flags),
    )


def _create_table_round(tournament: Tournament, movement_round: Any, number: int = 1) -> Round:
    """An individual round: at each table pair_a (entry_a + partner_a) plays pair_b."""
    rnd = Round.objects.create(
        tournament=tournament, number=number, status=Round.Status.RUNNING, started_at=timezone.now()
    )
    rows = [
        Match(
            tournament=tournament,
            round=rnd,
            table=t.number,
            entry_a_id=t.pair_a[0],
            partner_a_id=t.pair_a[1],
            entry_b_id=t.pair_b[0],
            partner_b_id=t.pair_b[1],
            status=Match.Status.READY,
        )
        for t in movement_round.tables
    ]
    rows += [
        Match(
            tournament=tournament,
            round=rnd,
            entry_a_id=p,
            bye=True,
            status=Match.Status.BYE,
            winner_id=p,
            flags=["sit_out"],
        )
        for p in movement_round.sitting_out
    ]
    Match.objects.bulk_create(rows)
    tournament_changed(tournament.pk)  # bulk writes send no signal
    return rnd


def round_pair_next(
    *,
    tournament: Tournament,
    by: Actor,
    pins: Sequence[tuple[int, int]] = (),
    forced_bye: int | None = None,
) -> Round:
    """Pair the next round of a Swiss or individual event from the standings so far."""
    require_director(by, tournament.club, NOT_DIRECTOR)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.format not in PAIRED_BY_ROUND:
            raise Conflict(
                "This format's rounds are paired when it starts.", code="not_paired_by_round"
            )
        if tournament.status != Tournament.Status.RUNNING:
            raise Conflict("The tournament is not running.", code="not_running")
        last = tournament.round_set.order_by("-number").first()
        if last.matches.filter(status__in=[Match.Status.READY, Match.Status.WAITING]).exists():
            raise Conflict(
                f"Round {last.number} still has matches without a result.", code="round_unfinished"
            )
        if tournament.rounds and last.number >= tournament.rounds:
            raise Conflict("Every round has been paired.", code="all_rounds_paired")
        last.status = Round.Status.FINISHED
        last.save(update_fields=["status"])
        number = last.number + 1
        try:
            rnd = _pair(tournament, number, pins, forced_bye)
        except FormatError as exc:
            raise Invalid(str(exc), errors={"detail": [str(exc)]}, code=exc.code) from exc
        round_games_start(rnd=rnd, by=by)
        audit(
            tournament,
            "round_paired",
            by,
            after={"round": number, "pins": [list(p) for p in pins], "forced_bye": forced_bye},
        )
    return rnd


def _pair(tournament: Tournament, number: int, pins: Sequence, forced_bye: int | None) -> Round:
    # Plain rows with each match's points added up by the database (two queries): a big
    # Swiss's last rounds read thousands of matches, too many to make objects of.
    data = standings_data.load(tournament)
    rows = standings_data.compute(tournament, data)
    active = {e.pk for e in data.entries if e.active}
    if tournament.format == FORMATS.SWISS:
        ranked = [
            SwissEntry(r.entry, score=r.match_points, byes=r.byes)
            for r in rows
            if r.entry in active
        ]
        previous = [(m.entry_a_id, m.entry_b_id) for m in data.matches]
        paired = pair_swiss_round(ranked, previous, pins=pins, forced_bye=forced_bye)
        tournament.round_set.filter(number=number).delete()
        return _create_round(tournament, number, paired.pairings, running=True)
    if tournament.options.get("movement") == "tiers":
        # Ranked by the standings (the event's tie-breakers); still level: by seed.
        seeds = [e.pk for e in data.entries if e.active]
        score = {r.entry: -r.rank for r in rows}
        sat_out = sit_out_counts(standings_data.played_rounds(data))
        movement_round = tiers_round(seeds, number=number, scores=score, sat_out=sat_out)
    elif tournament.options.get("movement") == "two_tier":
        ranking = [r.entry for r in rows if r.entry in active]
        movement_round = two_tier_round(ranking, standings_data.played_rounds(data), number=number)
    else:
        movement = _movement(tournament, tournament.seeding)
        movement_round = movement.rounds[number - 1]
    return _create_table_round(tournament, movement_round, number)


# ---- director overrides on a round ----------------------------------------------------------


def round_override(
    *, round: Round, by: Actor, action: str, a: int | None = None, b: int | None = None
) -> Round:
    """Swap two entries, pin a pairing, force a bye, or re-pair the round (Swiss):
    each change is flagged on the pairings it touches. Only rounds without results."""
    tournament = round.tournament
    require_director(by, tournament.club, NOT_DIRECTOR)
    if tournament.is_elimination or tournament.is_individual:
        raise Conflict("Overrides apply to round robin and Swiss rounds.", code="no_overrides")
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        matches = list(round.matches.order_by("table", "id"))
        if any(m.status in (Match.Status.DECIDED, Match.Status.WALKOVER) for m in matches):
            raise Conflict("The round already has results.", code="round_has_results")
        # Re-pairing replaces the matches: the games started when the round was paired
        # are voided while no hand is recorded (a game with hands refuses the change).
        round_games_abandon(rnd=round, by=by)
        pairings = [
            Pairing(m.table or 0, m.entry_a_id, m.entry_b_id, frozenset(m.flags)) for m in matches
        ]
        before = [[p.home, p.away, sorted(p.flags)] for p in pairings]
        try:
            if action == "swap":
                pairings = swap_entries(pairings, a, b)
            elif action == "pin":
                pairings = pin_pairing(pairings, a, b)
            elif action == "force_bye":
                pairings = force_bye(pairings, a)
            elif action == "repair" and tournament.format == FORMATS.SWISS:
                round.matches.all().delete()
                round.delete()
                pins = [(a, b)] if a and b else []
                round = _pair(tournament, round.number, pins, None)
                for m in round.matches.all():
                    m.flags = sorted({*m.flags, REPAIRED})
                    m.save(update_fields=["flags"])
                audit(tournament, "round_repaired", by, before={"pairings": before})
                round_games_start(rnd=round, by=by)
                return round
            else:
                raise Invalid("Unknown override.", errors={"action": [f"unknown {action!r}"]})
        except FormatError as exc:
            raise Invalid(str(exc), errors={"detail": [str(exc)]}, code=exc.code) from exc
        round.matches.all().delete()
        games = sorted((p for p in pairings if p.away is not None), key=lambda p: p.table)
        byes = [p for p in pairings if p.away is None]
        renumbered = [
            Pairing(i, p.home, p.away, p.flags) for i, p in enumerate(games + byes, start=1)
        ]
        Match.objects.bulk_create(_match_row(tournament, round, p) for p in renumbered)
        after = [[p.home, p.away, sorted(p.flags)] for p in renumbered]
        round_games_start(rnd=round, by=by)
        audit(
            tournament,
            f"round_{action}",
            by,
            before={"pairings": before},
            after={"pairings": after},
        )
    return round
