"""Load a tournament's entries and results in a fixed number of queries and turn
them into the plain objects ``tournaments.formats`` works on.

Shared by the selectors (pages, API) and the pairing services (Swiss and
two-tier rounds are paired from the standings).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F

from tournaments.formats import MatchResult, StandingRow, standings
from tournaments.formats.movements import MovementRound, Table
from tournaments.formats.standings import DEFAULT_PRECEDENCE, SWISS_PRECEDENCE
from tournaments.models import Entry, Match, Tournament

PLAYED = (Match.Status.DECIDED, Match.Status.WALKOVER)


@dataclass
class Data:
    entries: list[Entry]
    matches: list[Match]  # every match, round joined, games prefetched


def load(tournament: Tournament) -> Data:
    """Three queries whatever the size: entries, matches (with rounds), games."""
    entries = list(
        Entry.objects.filter(tournament=tournament).order_by(F("seed").asc(nulls_last=True), "id")
    )
    matches = list(
        Match.objects.filter(tournament=tournament)
        .select_related("round")
        .prefetch_related("games")
        .order_by("round__number", "table", "id")
    )
    return Data(entries, matches)


def precedence(tournament: Tournament) -> tuple[str, ...]:
    chosen = (tournament.options or {}).get("tie_breakers")
    if chosen:
        return tuple(chosen)
    return SWISS_PRECEDENCE if tournament.format == Tournament.Format.SWISS else DEFAULT_PRECEDENCE


def points(match: Match) -> tuple[int, int]:
    games = [g for g in match.games.all() if g.scored]
    return sum(g.score_a for g in games), sum(g.score_b for g in games)


def results(tournament: Tournament, matches: list[Match]) -> list[MatchResult]:
    out: list[MatchResult] = []
    for m in matches:
        number = m.round.number
        if m.status == Match.Status.BYE:
            # In a bracket a bye only moves the entry on; elsewhere it counts as a win.
            if m.entry_a_id and not tournament.is_elimination:
                out.append(MatchResult(m.entry_a_id, None, round=number))
            continue
        if m.status not in PLAYED or m.entry_a_id is None or m.entry_b_id is None:
            continue
        a, b = points(m)
        out.append(MatchResult(m.entry_a_id, m.entry_b_id, a, b, m.winner_id, number))
        if m.partner_a_id and m.partner_b_id:
            # Individual events: each partner scores what the pair scored.
            winner = None
            if m.winner_id is not None:
                winner = m.partner_a_id if m.winner_id == m.entry_a_id else m.partner_b_id
            out.append(MatchResult(m.partner_a_id, m.partner_b_id, a, b, winner, number))
    return out


def compute(tournament: Tournament, data: Data) -> list[StandingRow]:
    return standings(
        [e.pk for e in data.entries],
        results(tournament, data.matches),
        precedence=precedence(tournament),
        bye_points=(tournament.options or {}).get("bye_points", 0),
    )


def played_rounds(data: Data) -> list[MovementRound]:
    """The seatings of an individual event so far, for two-tier re-pairing."""
    by_round: dict[int, list[Match]] = {}
    for m in data.matches:
        by_round.setdefault(m.round.number, []).append(m)
    rounds = []
    for number, matches in sorted(by_round.items()):
        tables = tuple(
            Table(m.table or 0, (m.entry_a_id, m.partner_a_id), (m.entry_b_id, m.partner_b_id))
            for m in matches
            if not m.bye and m.partner_a_id
        )
        out = tuple(m.entry_a_id for m in matches if m.bye)
        rounds.append(MovementRound(number, tables, out))
    return rounds
