"""Club nights and games -> the plain documents of ``rookclub/printing/documents.py``.

Each builder reads through play's reads (``play.score_sheets``, ``play.night_reads``:
a fixed number of queries) and returns dataclasses; nothing here renders. Registered
as print kinds by ``play/prints.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.utils import formats, timezone

from play.models import Game, HandCorrection, Night, NightRound, TableSeating
from play.night_reads import night_overview, round_table
from play.score_sheets import PrintedReads, game_sheet, night_printed_reads
from rookclub.printing.builders import blank_sheet, house_rule_text, sheet_date, target_text
from rookclub.printing.documents import (
    SEATS,
    SIDE_LABEL,
    CorrectionNote,
    GameSheetDoc,
    HandLine,
    SeatedPlayer,
    SheetHeader,
    TableCard,
    qr_data_uri,
)
from rookclub.printing.kinds import Missing
from scoring.engine import plain, ruleset_from
from scoring.engine.rulesets import Ruleset
from scoring.engine.seat_names import SEAT_SHORT, names_for, side_name


def night_event(night: Night) -> str:
    return f"{night.club.name} \N{EM DASH} club night"


def _round_label(night_round: NightRound, rounds: int) -> str:
    # The room's round: a table reseated for a new game is still in it.
    room = night_round.room_round
    return f"Round {room}" if rounds > 1 or room > 1 else ""


def _seated(seats) -> tuple[SeatedPlayer, ...]:
    # The compass first; the games for two and three sit at seat1 … seat3 instead.
    order = [s for s in SEATS if s in seats] + sorted(s for s in seats if s not in SEATS)
    return tuple(SeatedPlayer(seat, seats[seat].name) for seat in order)


def night_rules(night: Night) -> Ruleset:
    return ruleset_from(night.ruleset_slug, night.ruleset_options or {})


def _table_header(night, rules, label, table: int, seats) -> SheetHeader:
    return SheetHeader(
        event=night_event(night),
        date=sheet_date(night.date),
        round_label=label,
        table=table,
        players=_seated(seats),
        ruleset=rules.name,
        target=target_text(rules),
        house_rules=house_rule_text(rules),
        sides=_sides_text(rules),
    )


def _sides_text(rules: Ruleset) -> str:
    """A table without a compass: its two fixed partnerships, as its card prints them."""
    names = names_for(rules)
    if names.has_compass or not names.has_sides:
        return ""
    return " v ".join(side_name(side) for side, _ in rules.sides)


def round_documents(night_round: NightRound, *, table: int | None = None):
    """(night, rules, label, [TableView]) for a round, or one table of it (only that
    table is read: two queries, three for a table with no game; ``night_round`` comes
    with ``night__club``)."""
    if table is not None:
        found = round_table(night_round=night_round, table=table)
        if found is None:
            raise Missing(f"Round {night_round.number} has no table {table}.")
        view, other_rounds = found
        night = night_round.night
        label = _round_label(night_round, 2 if other_rounds else 1)
        return night, night_rules(night), label, [view]
    overview = night_overview(night=night_round.night)
    view = next(r for r in overview.rounds if r.round.pk == night_round.pk)
    tables = [t for t in view.tables if table is None or t.seating.table == table]
    rules = night_rules(overview.night)
    return overview.night, rules, _round_label(night_round, len(overview.rounds)), tables


def _table_rules(t, night_ruleset: Ruleset) -> Ruleset:
    """The rules a table plays: its game's (a table of five or six plays the night's game
    for five or six), else the night's."""
    if t.game is not None and t.game.ruleset_slug != night_ruleset.slug:
        return ruleset_from(t.game.ruleset_slug, {})
    return night_ruleset


def round_blank_sheets(night_round: NightRound, *, table: int | None = None):
    """One blank score sheet per table of ``night_round`` (or just ``table``)."""
    night, night_ruleset, label, tables = round_documents(night_round, table=table)
    return [
        blank_sheet(
            _table_header(night, rules, label, t.seating.table, t.seats),
            rules,
            first_dealer=t.game.first_dealer if t.game else "north",
        )
        for t in tables
        for rules in (_table_rules(t, night_ruleset),)
    ]


def round_table_cards(
    night_round: NightRound,
    *,
    url_for: Callable[[TableSeating, Game | None], str],
    table: int | None = None,
) -> list[TableCard]:
    """One table card per table: the QR code opens ``url_for(table, its current game)``."""
    night, night_ruleset, label, tables = round_documents(night_round, table=table)
    cards = []
    for t in tables:
        url = url_for(t.seating, t.game)
        rules = _table_rules(t, night_ruleset)
        cards.append(
            TableCard(
                header=_table_header(night, rules, label, t.seating.table, t.seats),
                url=url,
                qr_svg=qr_data_uri(url),
            )
        )
    return cards


def _names(sheet, seat_ids: dict[str, int]) -> dict[str, str]:
    return {seat: sheet.players[pid].name for seat, pid in seat_ids.items() if pid in sheet.players}


def _penalties(row) -> str:
    parts = []
    for irregularity in row.irregularities:
        who = SEAT_SHORT.get(irregularity.seat or "", "")
        # ``points`` is what the offending side lost: print it as the cost it is,
        # with a real minus sign (U+2212), never "+40".
        points = f" \N{MINUS SIGN}{abs(irregularity.points)}" if irregularity.points else ""
        parts.append(f"{irregularity.get_kind_display()} {who}{points}".replace("  ", " "))
    return "; ".join(parts)


def _change(before: dict, after: dict) -> str:
    """What a director's correction changed, in words: "bid 95 -> 100; counters ..."."""
    old, new = before.get("record", {}), after.get("record", {})
    changes = []
    for key in ("bidder", "bid", "trump"):
        if old.get(key) != new.get(key):
            before_value, after_value = old.get(key) or "-", new.get(key) or "-"
            changes.append(f"{key} {before_value} \N{RIGHTWARDS ARROW} {after_value}")
    old_c, new_c = old.get("counters") or {}, new.get("counters") or {}
    for side in ("north_south", "east_west"):
        if old_c.get(side) != new_c.get(side):
            changes.append(
                f"counters {SIDE_LABEL[side]} {old_c.get(side, '-')} "
                f"\N{RIGHTWARDS ARROW} {new_c.get(side, '-')}"
            )
    return "; ".join(changes) or "details of the hand"


def game_sheet_doc(
    game: Game,
    *,
    read: bool = True,
    reads: PrintedReads | None = None,
    corrections: list[HandCorrection] | None = None,
) -> GameSheetDoc:
    """The completed score sheet: every hand as recorded, corrections marked (4 queries
    when ``game`` comes with ``table_seating__round``, one more when a hand was
    corrected; 3 with ``read=False``, for a game just read with ``SHEET_RELATED``, as the
    print kinds do: ``game_sheet(printed=True)``'s two queries).
    A game scored by player has a column per player instead of the two sides.
    ``reads`` and ``corrections``: the game's part of a night's reads
    (``night_game_sheet_docs``): no query."""
    seating = game.table_seating if game.table_seating_id else None
    sheet = game_sheet(game=game, read=read, printed=True, reads=reads)
    game = sheet.game
    rules = Ruleset.from_dict(game.ruleset)
    first_seats = sheet.first_seats
    night = game.night
    table = seating.table if seating else None
    label = f"Round {seating.round.room_round}" if seating else ""
    club = game.club  # the night's club, already read with the game
    header = SheetHeader(
        event=f"{club.name} \N{EM DASH} club night" if night else f"{club.name} \N{EM DASH} game",
        date=sheet_date(night.date if night else game.created_at),
        round_label=label,
        table=table,
        players=_seated(first_seats),
        ruleset=rules.name,
        target=target_text(rules),
        house_rules=house_rule_text(rules),
    )
    lines = []
    for row in sheet.rows:
        seats = _names(sheet, row.hand.seats or {})
        declarer = ""
        if row.declarer:
            name = row.declarer_player.name if row.declarer_player else seats.get(row.declarer, "")
            declarer = f"{SEAT_SHORT.get(row.declarer, '')} {name}".strip()
        lines.append(
            HandLine(
                number=row.number,
                dealer=SEAT_SHORT.get(row.dealer, row.dealer),
                declarer=declarer,
                bid=row.bid,
                trump=row.trump,
                counters_ns=row.counters.get("north_south"),
                counters_ew=row.counters.get("east_west"),
                penalties=_penalties(row),
                score_ns=row.score["north_south"],
                score_ew=row.score["east_west"],
                total_ns=row.totals["north_south"],
                total_ew=row.totals["east_west"],
                made=row.made,
                void=row.void,
                note=plain("; ".join(row.reasons)),
                confirmed=row.confirmed,
                corrected=row.corrected,
                player_scores=tuple(points for _, points, _ in row.player_cells)
                if sheet.scores_players
                else (),
                player_totals=tuple(total for _, _, total in row.player_cells)
                if sheet.scores_players
                else (),
            )
        )
    corrections = (
        [
            CorrectionNote(
                hand=c.hand.number,
                when=formats.date_format(timezone.localtime(c.corrected_at), "j M Y H:i"),
                by=(c.corrected_by.get_username() if c.corrected_by else ""),
                reason=c.reason,
                change=_change(c.before, c.after),
            )
            for c in (
                corrections
                if corrections is not None
                else HandCorrection.objects.filter(hand__game=game)
                .select_related("hand", "corrected_by")
                .order_by("hand__number", "corrected_at")
            )
        ]
        if any(row.corrected for row in sheet.rows)
        else []
    )  # most games have none: no query
    winner = ""
    if sheet.winner:
        side = ("north", "south") if sheet.winner == "north_south" else ("east", "west")
        names = " & ".join(first_seats[s].name for s in side if s in first_seats)
        winner = f"{SIDE_LABEL.get(sheet.winner, sheet.winner)} ({names})"
    elif sheet.winners:
        winner = " & ".join(sheet.players[pid].name for pid in sheet.winners)
    by_player = sheet.scores_players
    return GameSheetDoc(
        header=header,
        lines=tuple(lines),
        corrections=tuple(corrections),
        status=sheet.status,
        winner=winner,
        total_ns=sheet.totals.get("north_south", 0),
        total_ew=sheet.totals.get("east_west", 0),
        game_ref=f"Game {game.pk}",
        players=tuple(p.name for p in sheet.player_order) if by_player else (),
        player_totals=tuple(sheet.player_totals.get(p.pk, 0) for p in sheet.player_order)
        if by_player
        else (),
        void_reason=game.void_reason if game.is_void else "",
    )


def night_game_sheet_docs(night: Night, games: Iterable[Game]) -> list[GameSheetDoc]:
    """The completed sheets of ``games``, a club night's (each read with
    ``table_seating__round``), in their order: every game's seats and hands in two
    statements, their corrections in one more when a hand was corrected, whatever the
    number of tables (``game_sheet_doc`` game by game read two or three a table)."""
    reads = night_printed_reads(night_id=night.pk)
    corrected = any(h.corrected for _, hands, _ in reads.values() for h in hands)
    notes: dict[int, list[HandCorrection]] = {}
    if corrected:
        for c in (
            HandCorrection.objects.filter(hand__game__night_id=night.pk)
            .select_related("hand", "corrected_by")
            .order_by("hand__game_id", "hand__number", "corrected_at")
        ):
            notes.setdefault(c.hand.game_id, []).append(c)
    return [
        game_sheet_doc(
            game,
            read=False,
            reads=reads.get(game.pk, ([], [], {})),
            corrections=notes.get(game.pk, []),
        )
        for game in games
    ]


@dataclass(frozen=True)
class DoorPoster:
    """A night's door poster: the club, the night, a large QR code to its door link."""

    club: str
    date: str
    url: str
    qr_svg: str


def door_poster_doc(night: Night, url: str) -> DoorPoster:
    return DoorPoster(
        club=night.club.name,
        date=f"{night.date:%A %-d %B %Y}",
        url=url,
        qr_svg=qr_data_uri(url),
    )
