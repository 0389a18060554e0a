"""Load a tournament's entries and results in a fixed number of queries and turn
them into the plain objects ``tournaments.formats`` works on.

Shared by the selectors (pages, API) and the pairing services (Swiss and
two-tier rounds are paired from the standings).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import F, Prefetch

from tournaments.formats import MatchResult, StandingRow, standings
from tournaments.formats.movements import MovementRound, Table
from tournaments.formats.standings import DEFAULT_PRECEDENCE, SWISS_PRECEDENCE
from tournaments.models import Entry, Match, MatchGame, Tournament

PLAYED = (Match.Status.DECIDED, Match.Status.WALKOVER)


@dataclass
class Data:
    entries: list[Entry]
    matches: list[Match]  # every match, round joined, games prefetched


def load(tournament: Tournament) -> Data:
    """Three queries whatever the size: entries, matches (with rounds), games."""
    entries = _entries(tournament)
    matches = list(
        Match.objects.filter(tournament=tournament)
        .select_related("round")
        # A plain list per match (``to_attr``): a prefetched ``games`` manager builds a
        # queryset for every match, which was most of a 1,024-entry Swiss's pairing
        # time at round 10 (4,608 matches; issue #17).
        .prefetch_related(Prefetch("games", MatchGame.objects.all(), to_attr=GAMES))
        .order_by("round__number", "table", "id")
    )
    return Data(entries, matches)


def _entries(tournament: Tournament) -> list[Entry]:
    return list(
        Entry.objects.filter(tournament=tournament).order_by(F("seed").asc(nulls_last=True), "id")
    )


def precedence(tournament: Tournament) -> tuple[str, ...]:
    chosen = (tournament.options or {}).get("tie_breakers")
    if chosen:
        return tuple(chosen)
    return SWISS_PRECEDENCE if tournament.format == Tournament.Format.SWISS else DEFAULT_PRECEDENCE


#: Where :func:`load` puts each match's games (a list); other callers prefetch ``games``.
GAMES = "loaded_games"


def points(match: Match) -> tuple[int, int]:
    loaded = getattr(match, GAMES, None)
    games = [g for g in (match.games.all() if loaded is None else loaded) if g.scored]
    return sum(g.score_a for g in games), sum(g.score_b for g in games)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """What the standings read of a match: a plain row, no model object."""

    round_number: int
    status: str
    entry_a_id: int | None
    entry_b_id: int | None
    partner_a_id: int | None
    partner_b_id: int | None
    winner_id: int | None
    points: tuple[int, int]  # each side's total over its scored games

    @classmethod
    def of(cls, m: Match) -> MatchRecord:
        return cls(m.round.number, m.status, m.entry_a_id, m.entry_b_id, m.partner_a_id,
                   m.partner_b_id, m.winner_id, points(m))  # fmt: skip


def results(tournament: Tournament, matches: Iterable[Match | MatchRecord]) -> list[MatchResult]:
    out: list[MatchResult] = []
    for match in matches:
        m = match if isinstance(match, MatchRecord) else MatchRecord.of(match)
        number = m.round_number
        if m.status == Match.Status.BYE:
            # In a bracket a bye only moves the entry on; elsewhere it counts as a win.
            if m.entry_a_id and not tournament.is_elimination:
                out.append(MatchResult(m.entry_a_id, None, round=number))
            continue
        if m.status not in PLAYED or m.entry_a_id is None or m.entry_b_id is None:
            continue
        a, b = m.points
        out.append(MatchResult(m.entry_a_id, m.entry_b_id, a, b, m.winner_id, number))
        if m.partner_a_id and m.partner_b_id:
            # Individual events: each partner scores what the pair scored.
            winner = None
            if m.winner_id is not None:
                winner = m.partner_a_id if m.winner_id == m.entry_a_id else m.partner_b_id
            out.append(MatchResult(m.partner_a_id, m.partner_b_id, a, b, winner, number))
    return out


@dataclass
class PairingData:
    entries: list[Entry]
    matches: list[MatchRecord]  # every match so far, in round order

    @property
    def pairs(self) -> list[tuple[int | None, int | None]]:
        """Every pairing so far as (home, away), away None for a bye."""
        return [(m.entry_a_id, m.entry_b_id) for m in self.matches]


def load_for_pairing(tournament: Tournament) -> PairingData:
    """What pairing the next Swiss round reads, as plain rows (three queries).

    :func:`load` builds a model object for every match, its round and each game: at a
    1,024-entry Swiss's round 10 that was 14,000 objects and over a second (issue #17).
    The standings computed from these rows are the same (:func:`compute_rows`).
    """
    entries = _entries(tournament)
    totals: dict[int, list[int]] = {}
    for match_id, a, b in MatchGame.objects.filter(
        match__tournament=tournament, score_a__isnull=False, score_b__isnull=False
    ).values_list("match_id", "score_a", "score_b"):
        sums = totals.setdefault(match_id, [0, 0])
        sums[0] += a
        sums[1] += b
    rows = (
        Match.objects.filter(tournament=tournament)
        .order_by("round__number", "table", "id")
        .values_list("id", "round__number", "status", "entry_a_id", "entry_b_id",
                     "partner_a_id", "partner_b_id", "winner_id")
    )  # fmt: skip
    matches = [
        MatchRecord(number, status, a, b, pa, pb, winner, tuple(totals.get(pk, (0, 0))))
        for pk, number, status, a, b, pa, pb, winner in rows
    ]
    return PairingData(entries, matches)


def compute(tournament: Tournament, data: Data | PairingData) -> list[StandingRow]:
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
