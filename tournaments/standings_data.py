"""Load a tournament's entries and results in a fixed number of queries, as the plain
objects ``tournaments.formats`` works on. The database adds up each match's games
(:class:`MatchRow`), so no game is loaded."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from django.db.models import F, Q, Sum, Value
from django.db.models.functions import Coalesce

from tournaments import playoff_rows
from tournaments.formats import MatchResult, StandingRow, standings
from tournaments.formats.movements import MovementRound, Table
from tournaments.formats.standings import DEFAULT_PRECEDENCE, SWISS_PRECEDENCE
from tournaments.models import Entry, Match, Playoff, Tournament

PLAYED = (Match.Status.DECIDED, Match.Status.WALKOVER)


@dataclass(frozen=True, slots=True)
class MatchRow:
    """A match as standings and pairings read it: its games' points added up."""

    pk: int
    round_number: int
    table: int | None
    bracket_key: str
    status: str
    bye: bool
    entry_a_id: int | None
    entry_b_id: int | None
    partner_a_id: int | None
    partner_b_id: int | None
    winner_id: int | None
    points_a: int  # over the match's scored games
    points_b: int
    playoff_id: int | None = None  # a playoff game: it only orders tied entries
    playoff_place: int | None = None  # its playoff's row, read in the same query
    playoff_entries: list | None = None
    playoff_draw_seed: str | None = None


#: MatchRow's fields as ``values_list`` reads them: its playoff's row across the relation.
ROW_FIELDS = tuple(
    f.name if f.name == "playoff_id" else f.name.replace("playoff_", "playoff__")
    for f in fields(MatchRow)
)


@dataclass
class Data:
    entries: list[Entry]
    matches: list[MatchRow]  # every match, in round and table order
    playoffs: list[Playoff] = field(default_factory=list)


def match_rows(tournament: Tournament) -> list[MatchRow]:
    """One query: every match with its round's number and its scored games' points."""
    scored = Q(games__score_a__isnull=False, games__score_b__isnull=False)
    rows = (
        Match.objects.filter(tournament=tournament)
        .annotate(
            round_number=F("round__number"),
            points_a=Coalesce(Sum("games__score_a", filter=scored), Value(0)),
            points_b=Coalesce(Sum("games__score_b", filter=scored), Value(0)),
        )
        .order_by("round__number", "table", "id")
        .values_list(*ROW_FIELDS)
    )
    return [MatchRow(*row) for row in rows]


def load(tournament: Tournament) -> Data:
    """Two queries whatever the size: entries, and matches with their points (and
    their playoffs' rows)."""
    # A sign-up whose player joined a drawn partner's entry plays nothing of its own.
    entries = list(
        Entry.objects.filter(tournament=tournament)
        .exclude(status=Entry.Status.PAIRED)
        .order_by(F("seed").asc(nulls_last=True), "id")
    )
    matches = match_rows(tournament)
    return Data(entries, matches, playoffs_of(tournament, matches))


def playoffs_of(tournament: Tournament, matches: list[MatchRow]) -> list[Playoff]:
    """The event's playoffs as their matches' rows carry them (no query)."""
    seen: dict[int, Playoff] = {}
    for m in matches:
        if m.playoff_id is not None and m.playoff_id not in seen:
            seen[m.playoff_id] = Playoff(
                pk=m.playoff_id,
                tournament=tournament,
                place=m.playoff_place,
                entries=m.playoff_entries,
                draw_seed=m.playoff_draw_seed,
            )
    return sorted(seen.values(), key=lambda p: p.place)


def precedence(tournament: Tournament) -> tuple[str, ...]:
    chosen = (tournament.options or {}).get("tie_breakers")
    if chosen:
        return tuple(chosen)
    return SWISS_PRECEDENCE if tournament.format == Tournament.Format.SWISS else DEFAULT_PRECEDENCE


def points(match: Match) -> tuple[int, int]:
    """Total points each side scored in the match (its prefetched games)."""
    games = [g for g in match.games.all() if g.scored]
    return sum(g.score_a for g in games), sum(g.score_b for g in games)


def results(tournament: Tournament, matches: list[MatchRow]) -> list[MatchResult]:
    out: list[MatchResult] = []
    for m in matches:
        number = m.round_number
        if m.playoff_id is not None:
            continue  # orders tied entries only (compute); never a win or points
        if m.status == Match.Status.BYE:
            # In a bracket a bye only moves the entry on; elsewhere it counts as a win.
            if m.entry_a_id and not tournament.is_elimination:
                out.append(MatchResult(m.entry_a_id, None, round=number))
            continue
        if m.status not in PLAYED or m.entry_a_id is None or m.entry_b_id is None:
            continue
        a, b = m.points_a, m.points_b
        out.append(MatchResult(m.entry_a_id, m.entry_b_id, a, b, m.winner_id, number))
        if m.partner_a_id and m.partner_b_id:
            # Individual events: each partner scores what the pair scored.
            winner = None
            if m.winner_id is not None:
                winner = m.partner_a_id if m.winner_id == m.entry_a_id else m.partner_b_id
            out.append(MatchResult(m.partner_a_id, m.partner_b_id, a, b, winner, number))
    return out


def compute(tournament: Tournament, data: Data) -> list[StandingRow]:
    rows = standings(
        [e.pk for e in data.entries],
        results(tournament, data.matches),
        precedence=precedence(tournament),
        bye_points=(tournament.options or {}).get("bye_points", 0),
    )
    for playoff in data.playoffs:
        rows = _played_off(rows, playoff, data.matches)
    return rows


def _played_off(
    rows: list[StandingRow], playoff: Playoff, matches: list[MatchRow]
) -> list[StandingRow]:
    """The entries a decided playoff was for, in its order: each its own rank, the
    playoff flag gone. A playoff whose entries no longer share its place (a result
    corrected since) or that is still being played changes nothing."""
    tied = [r for r in rows if r.rank == playoff.place and r.playoff_needed]
    if sorted(r.entry for r in tied) != sorted(playoff.entries):
        return rows
    winners = {
        playoff_rows.match_id(playoff, m.bracket_key): m.winner_id
        for m in matches
        if m.playoff_id == playoff.pk and m.status in PLAYED and m.winner_id
    }
    order = playoff_rows.playoff_result_order(playoff, winners)
    if order is None:
        return rows
    by_entry = {r.entry: r for r in tied}
    decided = [
        replace(
            by_entry[entry],
            rank=playoff.place + i,
            playoff_needed=False,
            tied_with=(),
            decided_by="playoff" if i else by_entry[entry].decided_by,
            played_off=True,
        )
        for i, entry in enumerate(order)
    ]
    start = rows.index(tied[0])
    return rows[:start] + decided + rows[start + len(tied) :]


def played_rounds(data: Data) -> list[MovementRound]:
    """The seatings of an individual event so far, for two-tier re-pairing."""
    by_round: dict[int, list[MatchRow]] = {}
    for m in data.matches:
        by_round.setdefault(m.round_number, []).append(m)
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
