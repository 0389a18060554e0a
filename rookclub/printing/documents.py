"""What each printed document shows, as plain dataclasses (no Django, no database), so
every document can be rendered and tested without a database."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.engine import SEATS  # clockwise; the deal passes left (docs/rules.md §2)
from scoring.engine.seat_names import SEAT_SHORT, seat_name

SEAT_LETTER = {"north": "N", "east": "E", "south": "S", "west": "W"}
NS, EW = "N\u2013S", "E\u2013W"  # with an en dash, as printed
SIDE_LABEL = {"north_south": NS, "east_west": EW}


@dataclass(frozen=True)
class SeatedPlayer:
    seat: str  # north|east|south|west, or seat1 ... seat6 at a table of two to six
    name: str

    @property
    def letter(self) -> str:
        return SEAT_SHORT.get(self.seat, self.seat[:1].upper())

    @property
    def seat_name(self) -> str:
        return seat_name(self.seat)


@dataclass(frozen=True)
class SheetHeader:
    """Who and where: printed at the top of every sheet and card."""

    event: str  # "Lexington Rook Club — club night"
    date: str = ""  # already formatted for print
    round_label: str = ""  # "Round 3", or "" for a one-seating night
    table: int | None = None
    players: tuple[SeatedPlayer, ...] = ()
    ruleset: str = ""  # "Tournament Rook (Kentucky Discard)"
    target: str = ""  # "first to 300"
    house_rules: str = ""  # what the scorer needs of the house rules: house_rule_text
    #: The fixed sides of a table without a compass ("Seats 1, 3, 5 v Seats 2, 4, 6"); ""
    #: where every player plays for themselves or the table has a compass.
    sides: str = ""

    @property
    def compass(self) -> bool:
        """Whether the table is drawn around a compass: its seats are North to West (a
        card still to be filled in by hand, with nobody seated, is drawn so too)."""
        return all(p.seat in SEAT_LETTER for p in self.players)

    @property
    def around_table(self) -> str:
        """The middle of a table card without a compass: "5 players", and its sides."""
        count = f"{len(self.players)} players"
        return f"{count} · {self.sides}" if self.sides else count

    def player_at(self, seat: str) -> str:
        return next((p.name for p in self.players if p.seat == seat), "")

    @property
    def ref(self) -> str:
        """Short reference for the running header: "Club night · Round 3 · Table 7"."""
        parts = [self.event, self.round_label, f"Table {self.table}" if self.table else ""]
        return " · ".join(p for p in parts if p)

    def _side(self, seats: tuple[str, str]) -> tuple[SeatedPlayer, ...]:
        return tuple(SeatedPlayer(seat, self.player_at(seat)) for seat in seats)

    @property
    def ns_players(self) -> tuple[SeatedPlayer, ...]:
        return self._side(("north", "south"))

    @property
    def ew_players(self) -> tuple[SeatedPlayer, ...]:
        return self._side(("east", "west"))

    @property
    def north_south(self) -> str:
        return " & ".join(n for n in (self.player_at("north"), self.player_at("south")) if n)

    @property
    def east_west(self) -> str:
        return " & ".join(n for n in (self.player_at("east"), self.player_at("west")) if n)


@dataclass(frozen=True)
class BlankRow:
    number: int
    dealer: str  # seat letter
    exchange: str = ""  # the seat change due after this hand ("North and South exchange seats")

    @property
    def exchange_after(self) -> bool:
        return bool(self.exchange)


@dataclass(frozen=True)
class BlankSheet:
    """A score sheet to fill in by hand at one table."""

    header: SheetHeader
    first_dealer: str = "north"
    rows: tuple[BlankRow, ...] = ()

    @property
    def grid_key(self) -> str:
        """Names the static grid this sheet shares with every sheet of the same shape."""
        shape = json.dumps([self.first_dealer, [(r.dealer, r.exchange) for r in self.rows]])
        return "grid-" + hashlib.md5(shape.encode(), usedforsecurity=False).hexdigest()[:16]

    @property
    def grid_url(self) -> str:
        return f"rookclub-stamp:{self.grid_key}"

    FRAME_TABLED, FRAME_UNTABLED = "sheet-frame", "sheet-frame-untabled"

    @property
    def frame_key(self) -> str:
        """Names the static part of the header: the same on every table."""
        return self.FRAME_TABLED if self.header.table else self.FRAME_UNTABLED

    @property
    def head_key(self) -> str:
        """Names this sheet's header drawing (the same table printed twice shares it)."""
        shape = json.dumps([self.first_dealer, dataclasses.asdict(self.header)])
        return "head-" + hashlib.md5(shape.encode(), usedforsecurity=False).hexdigest()[:16]

    @property
    def head_url(self) -> str:
        return f"rookclub-stamp:{self.head_key}"

    @property
    def dealer_order(self) -> tuple[SeatedPlayer, ...]:
        """Seats from the first dealer, clockwise, with the player sitting there."""
        seats = SEATS if self.header.compass else tuple(p.seat for p in self.header.players)
        start = seats.index(self.first_dealer) if self.first_dealer in seats else 0
        order = seats[start:] + seats[:start]
        return tuple(SeatedPlayer(seat, self.header.player_at(seat)) for seat in order)

    @property
    def dealer_order_text(self) -> str:
        order = " → ".join(f"{p.letter} {p.name}".strip() for p in self.dealer_order)
        return f"Dealer order (the deal passes left): {order} → again"


DEFAULT_EXCHANGE = "one pair of partners exchange seats"


def blank_rows(
    *,
    first_dealer: str = "north",
    hands: int = 16,
    exchange_interval: int = 4,
    exchanges: Mapping[int, str] | None = None,
    seats: Sequence[str] = SEATS,
) -> tuple[BlankRow, ...]:
    """Rows for ``hands`` hands: each dealer (the deal passes left round ``seats``) and the seat
    changes, from ``exchanges`` (hand -> message) or every ``exchange_interval`` hands."""
    start = seats.index(first_dealer) if first_dealer in seats else 0
    if exchanges is None:
        every = exchange_interval or hands + 1
        exchanges = {n: DEFAULT_EXCHANGE for n in range(every, hands, every)}
    return tuple(
        BlankRow(
            number=n,
            dealer=SEAT_SHORT[seats[(start + n - 1) % len(seats)]],
            exchange=exchanges.get(n, "") if n < hands else "",
        )
        for n in range(1, hands + 1)
    )


@dataclass(frozen=True)
class HandLine:
    """One recorded hand on a completed sheet."""

    number: int
    dealer: str = ""
    declarer: str = ""  # "N (Alice)"
    bid: int | None = None
    trump: str = ""
    counters_ns: int | None = None
    counters_ew: int | None = None
    penalties: str = ""  # "table talk N-S -40"
    score_ns: int | None = None
    score_ew: int | None = None
    total_ns: int | None = None
    total_ew: int | None = None
    made: bool | None = None
    void: bool = False
    note: str = ""  # reasons: "set", "redeal", ...
    confirmed: bool = False
    corrected: bool = False
    exchange_after: str = ""  # the seat message after this hand, if any
    #: Games scored by player: each player's points this hand and running total, in
    #: the order of ``GameSheetDoc.players``.
    player_scores: tuple[int, ...] = ()
    player_totals: tuple[int, ...] = ()

    @property
    def player_cells(self) -> list[tuple[int, int]]:
        """(points, running total) per player, for templates."""
        return list(zip(self.player_scores, self.player_totals, strict=True))


@dataclass(frozen=True)
class CorrectionNote:
    hand: int
    when: str
    by: str
    reason: str
    change: str  # "bid 95 -> 100; counters N-S 75 -> 80"


@dataclass(frozen=True)
class GameSheetDoc:
    """The completed score sheet of one game: every hand as recorded."""

    header: SheetHeader
    lines: tuple[HandLine, ...] = ()
    corrections: tuple[CorrectionNote, ...] = ()
    status: str = "in_progress"
    winner: str = ""  # "N-S (Alice & Carol)", or the winning player's name
    total_ns: int = 0
    total_ew: int = 0
    game_ref: str = ""  # "Game 17"
    #: Games scored by player (Beginner, individual scoring): the players' names, one
    #: column each instead of the two sides, and their final totals.
    players: tuple[str, ...] = ()
    player_totals: tuple[int, ...] = ()

    @property
    def player_finals(self) -> list[tuple[str, int]]:
        """(name, final total) per player, for templates."""
        return list(zip(self.players, self.player_totals, strict=True))

    void_reason: str = ""  # set when a director voided the game: why


@dataclass(frozen=True)
class TableCard:
    """A card that stands on the table: big table number, players, QR to score entry."""

    header: SheetHeader
    url: str = ""
    qr_svg: str = ""  # data: URI of the QR code's SVG (see qr_data_uri)
    matchup: str = ""  # tournaments: "Entry 1 (N–S) v Entry 4 (E–W)", in the table's middle


def qr_data_uri(url: str) -> str:
    """The QR code for ``url`` as an SVG data URI (no files, crisp at any size)."""
    import segno

    return segno.make(url, error="m").svg_data_uri(border=2, omitsize=True)


@dataclass(frozen=True)
class StandingsColumn:
    key: str
    label: str
    numeric: bool = True


@dataclass(frozen=True)
class StandingsTable:
    title: str  # "Players", "Partnerships"
    columns: tuple[StandingsColumn, ...]
    rows: tuple[dict[str, Any], ...]  # each row: column key -> value

    @property
    def cells(self) -> list[list[dict[str, Any]]]:
        """Rows as cells in column order, for templates: [{"value", "numeric"}, ...]."""
        return [
            [{"value": row.get(c.key, ""), "numeric": c.numeric} for c in self.columns]
            for row in self.rows
        ]


@dataclass(frozen=True)
class StandingsDoc:
    """Night, season or tournament standings: one or more ranked tables."""

    title: str
    subtitle: str = ""
    tables: tuple[StandingsTable, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class BracketMatch:
    entries: tuple[str, ...]  # usually two; "" for a bye or a slot still to be decided
    winner: str | None = None
    label: str = ""  # "M3", "Table 2"
    score: str = ""  # "310-240"


@dataclass(frozen=True)
class BracketRound:
    name: str  # "Quarter-finals"
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True)
class BracketDoc:
    """Any knockout bracket: rounds left to right, each a list of matches."""

    title: str
    subtitle: str = ""
    rounds: tuple[BracketRound, ...] = ()

    @property
    def slots(self) -> int:
        """Rows of the chart grid: two per first-round match."""
        first = len(self.rounds[0].matches) if self.rounds else 1
        return max(first, 1) * 2

    @property
    def columns(self) -> list[dict[str, Any]]:
        """The chart laid out on a grid (see ``bracket_layout``), for templates."""
        return bracket_layout(self)

    @property
    def density(self) -> str:
        """How tightly the chart is set so that it fits one landscape page."""
        first = len(self.rounds[0].matches) if self.rounds else 0
        return next(name for most, name in _DENSITIES if first <= most)

    @property
    def row_height(self) -> str:
        return _ROW_HEIGHTS[self.density]

    @property
    def pages(self) -> list[BracketDoc]:
        """The chart as pages: itself when it fits, else its two halves (each match beside its
        feeders), then the rounds that do not halve (the final)."""
        first = len(self.rounds[0].matches) if self.rounds else 0
        if first <= MATCHES_PER_PAGE:
            return [self]
        top, bottom, later = [], [], []
        for rnd in self.rounds:
            n = len(rnd.matches)
            if later or n < 2 or n % 2:
                later.append(rnd)
                continue
            top.append(BracketRound(rnd.name, rnd.matches[: n // 2]))
            bottom.append(BracketRound(rnd.name, rnd.matches[n // 2 :]))
        halves = [
            dataclasses.replace(self, title=f"{self.title} \N{EM DASH} {half}", rounds=tuple(rs))
            for half, rs in (("top half", top), ("bottom half", bottom))
        ]
        pages = [page for half in halves for page in half.pages]
        if later:
            final = f"{self.title} \N{EM DASH} final rounds"
            pages.append(dataclasses.replace(self, title=final, rounds=tuple(later)))
        return pages


MATCHES_PER_PAGE = 16  # first-round matches that fit a landscape page, densely set
_DENSITIES = ((4, "roomy"), (8, "compact"), (MATCHES_PER_PAGE, "dense"), (10**9, "dense"))
_ROW_HEIGHTS = {"roomy": "11mm", "compact": "8.6mm", "dense": "4.6mm"}


def bracket_layout(doc: BracketDoc) -> list[dict[str, Any]]:
    """Place each match on a CSS grid: a round of n matches gives each ``slots / n`` rows
    (1-based grid lines; row 1 holds the round names)."""
    columns = []
    for r, rnd in enumerate(doc.rounds):
        span = max(2, doc.slots // max(1, len(rnd.matches)))
        cells = [{"match": m, "row": i * span + 2, "span": span} for i, m in enumerate(rnd.matches)]
        columns.append({"name": rnd.name, "index": r + 1, "cells": cells})
    return columns


def fingerprint(*parts: Any) -> str:
    """A stable hash of documents and parameters: equal data -> equal fingerprint."""
    payload = json.dumps([_plain(p) for p in parts], sort_keys=True, default=str)
    return hashlib.sha256(payload.encode()).hexdigest()


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return [_plain(v) for v in value]
    return value
