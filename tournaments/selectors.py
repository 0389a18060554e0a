"""Reads for tournament pages and the API, each a fixed number of queries
whatever the number of entries and rounds (tests/tournaments/test_queries.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from django.db.models import Prefetch

from rookclub.clubs.models import Player
from tournaments import brackets, playoff_rows, standings_data
from tournaments.formats import placements, resolve
from tournaments.formats.playoffs import CardDrawn
from tournaments.models import Entry, EntryPlayer, Match, Playoff, Round, Tournament

MATCH_RELATED = ("entry_a", "entry_b", "partner_a", "partner_b", "winner")
SEATS = ("north", "east", "south", "west")


def entry_players(matches: Iterable[Match]) -> dict[int, list[Player]]:
    """Entry id -> its players in the order they were entered, for the entries and
    partners of ``matches`` (one query)."""
    ids = {
        pk
        for m in matches
        for pk in (m.entry_a_id, m.entry_b_id, m.partner_a_id, m.partner_b_id)
        if pk
    }
    players: dict[int, list[Player]] = {}
    rows = EntryPlayer.objects.filter(entry_id__in=ids).select_related("player").order_by("id")
    for row in rows:
        players.setdefault(row.entry_id, []).append(row.player)
    return players


def match_seats(match: Match, players: Mapping[int, list[Player]]) -> dict[str, Player]:
    """Seat -> player (``players`` from :func:`entry_players`): side A north-south,
    side B east-west; in an individual event, one player per entry."""
    a, b = players.get(match.entry_a_id, []), players.get(match.entry_b_id, [])
    if match.partner_a_id or match.partner_b_id:
        a = a[:1] + players.get(match.partner_a_id, [])[:1]
        b = b[:1] + players.get(match.partner_b_id, [])[:1]
    seats = dict(zip(("north", "south"), a, strict=False))
    seats.update(zip(("east", "west"), b, strict=False))
    return {s: seats[s] for s in SEATS if s in seats}


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    entry: Entry
    played: int
    wins: int
    losses: int
    draws: int
    byes: int
    match_points: float
    points_for: int
    points_against: int
    spread: int
    buchholz: float
    sonneborn_berger: float
    tie_breakers: dict[str, Any]  # the values of the tie-breakers used, in precedence order
    decided_by: str | None
    playoff_needed: bool
    tied_with: tuple[int, ...]
    place: int | None = None  # final place earned in a bracket
    played_off: bool = False  # a shared place decided by a playoff


def _bracket_places(tournament: Tournament, matches: Iterable[Any]) -> dict[int, int]:
    """Entry -> the place it has earned in the bracket ({} outside one; no query)."""
    if not (tournament.is_elimination and tournament.seeding):
        return {}
    bracket = brackets.bracket_of(tournament)
    keyed = {m.bracket_key: m for m in matches}
    return placements(bracket, resolve(bracket, brackets.recorded_results(keyed)))


def tournament_standings(*, tournament: Tournament) -> list[StandingsRow]:
    """Standings best first: 2 queries (entries; matches with their points added up)."""
    data = standings_data.load(tournament)
    rows = standings_data.compute(tournament, data)
    entries = {e.pk: e for e in data.entries}
    places = _bracket_places(tournament, data.matches)
    out = []
    for row in rows:
        values = {
            "wins": row.match_points,
            "points": row.points_for,
            "spread": row.spread,
            "head_to_head": row.decided_by == "head_to_head" or None,
            "buchholz": row.buchholz,
            "sonneborn_berger": row.sonneborn_berger,
        }
        out.append(
            StandingsRow(
                **{**asdict(row), "entry": entries[row.entry], "place": places.get(row.entry)},
                tie_breakers={n: values[n] for n in standings_data.precedence(tournament)},
            )
        )
    if places:
        # In a bracket the final place comes first: those still in lead, then 1st, 2nd, ...
        out.sort(key=lambda r: (r.place or 0, r.rank))
        out = [_reranked(r, i) for i, r in enumerate(out, start=1)]
    return out


def winners(*, tournament: Tournament) -> list[Entry]:
    """Once the event is over, the entries placed first: one, or several while a tie
    for first waits for its playoff; none while it runs (2 queries when over)."""
    if tournament.status != Tournament.Status.FINISHED:
        return []
    rows = tournament_standings(tournament=tournament)
    if tournament.is_elimination and tournament.seeding:
        return [r.entry for r in rows if r.place == 1]
    return [r.entry for r in rows if r.rank == 1]


def _reranked(row: StandingsRow, position: int) -> StandingsRow:
    return replace(row, rank=row.place or position)


def tournament_rounds(*, tournament: Tournament) -> list[Round]:
    """Rounds in order with their matches, entries and games: 3 queries."""
    matches = (
        Match.objects.select_related(*MATCH_RELATED)
        .prefetch_related("games")
        .order_by("table", "bracket_key", "id")
    )
    return list(
        Round.objects.filter(tournament=tournament)
        .order_by("number")
        .prefetch_related(Prefetch("matches", queryset=matches))
    )


def current_round(rounds: list[Round]) -> Round | None:
    """The round being played (the latest running one), else the latest paired."""
    running = [r for r in rounds if r.status == Round.Status.RUNNING]
    return (running or rounds or [None])[-1]


@dataclass(frozen=True)
class Progress:
    """Where the event stands, for the dashboard's "Next step"."""

    round: Round | None
    results_in: int
    matches: int

    @property
    def complete(self) -> bool:
        return self.round is not None and self.results_in == self.matches


def progress(rounds: list[Round]) -> list[Progress]:
    """Each round being played with how many of its matches have a result (byes and forfeits
    count), earliest first; else the latest round (a bracket pairs later rounds early)."""
    running = [r for r in rounds if r.status == Round.Status.RUNNING]
    return [round_progress(r) for r in running or rounds[-1:]] or [Progress(None, 0, 0)]


def round_progress(latest: Round | None) -> Progress:
    """One round with how many of its matches have a result (prefetched matches)."""
    if latest is None:
        return Progress(None, 0, 0)
    counted = [m for m in latest.matches.all() if m.status != Match.Status.NOT_NEEDED]
    done = [
        m
        for m in counted
        if m.status in (Match.Status.DECIDED, Match.Status.BYE, Match.Status.WALKOVER)
    ]
    return Progress(latest, len(done), len(counted))


def seated_matches(round_: Round | None) -> list[Match]:
    """A round's pairings as the room sees them: by table, byes last."""
    if round_ is None:
        return []
    shown = [m for m in round_.matches.all() if m.status not in ("not_needed", "waiting")]
    return sorted(shown, key=lambda m: (m.bye, m.table or 0, m.pk))


def tournament_bracket(*, tournament: Tournament) -> dict[str, Any]:
    """Every bracket match with where its winner and loser go, plus places: 2 queries."""
    matches = list(
        Match.objects.filter(tournament=tournament)
        .select_related(*MATCH_RELATED, "round")
        .prefetch_related("games")
        .order_by("round__number", "section", "position")
    )
    places = _bracket_places(tournament, matches)
    sections: dict[str, dict[int, list[Match]]] = {}
    for m in matches:
        sections.setdefault(m.section, {}).setdefault(m.bracket_round or 0, []).append(m)
    return {"matches": matches, "placements": places, "sections": sections}


@dataclass(frozen=True)
class PartnerDraw:
    """Drawn partners as the dashboard shows them: the pins, the sign-ups still free
    to pin, and once started the pairs drawn (each with whether it was pinned)."""

    pins: list[tuple[Entry, Entry]]
    free: list[Entry]
    pairs: list[tuple[Entry, Entry, bool]]


def partner_draw(*, tournament: Tournament, entries: list[Entry]) -> PartnerDraw | None:
    """From the entries the page has read (no query); None for fixed partners."""
    if not tournament.partners_drawn:
        return None
    by_pk = {e.pk: e for e in entries}
    draw = tournament.partner_draw or {}
    pins = [tuple(p) for p in draw.get("pins", []) if all(e in by_pk for e in p)]
    pinned = {e for p in pins for e in p}
    free = [e for e in entries if e.active and e.pk not in pinned]
    pairs = [
        (by_pk[a], by_pk[b], (a, b) in pins)
        for a, b in draw.get("pairs", [])
        if a in by_pk and b in by_pk
    ]
    return PartnerDraw([(by_pk[a], by_pk[b]) for a, b in pins], free, pairs)


@dataclass(frozen=True)
class PlayoffView:
    """A playoff as pages and the API show it: the card draw for a bye (three tied),
    its matches, and once decided the tied entries' order."""

    playoff: Playoff
    draw: tuple[CardDrawn, ...]
    bye: int | None
    matches: list[Match]
    order: list[int] | None


def tournament_playoffs(*, tournament: Tournament) -> list[PlayoffView]:
    """Every playoff with its matches, entries and games: 3 queries."""
    matches = (
        Match.objects.select_related(*MATCH_RELATED)
        .prefetch_related("games")
        .order_by("round__number", "table", "id")
    )
    playoffs = Playoff.objects.filter(tournament=tournament).prefetch_related(
        Prefetch("matches", queryset=matches)
    )
    out = []
    for playoff in playoffs.order_by("place"):
        plan = playoff_rows.plan_of(playoff)
        rows = list(playoff.matches.all())
        winners = {
            playoff_rows.match_id(playoff, m.bracket_key): m.winner_id
            for m in rows
            if m.winner_id and m.status in (Match.Status.DECIDED, Match.Status.WALKOVER)
        }
        order = playoff_rows.playoff_result_order(playoff, winners)
        out.append(PlayoffView(playoff, plan.draw, plan.bye, rows, order))
    return out
