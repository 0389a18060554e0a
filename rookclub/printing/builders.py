"""Club nights and games -> the plain documents of ``documents.py``.

Each builder reads through the club-night or tournament selectors (a fixed
number of queries) and returns dataclasses; nothing here renders. Tournament
builders (at the end) fill the same dataclasses from tournament rounds.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils import formats

from rookclub.forms import table_text
from rookclub.models import Club, ClubSession, SessionRound, TableSeating
from rookclub.printing.documents import (
    EW,
    NS,
    SEAT_LETTER,
    SEATS,
    SIDE_LABEL,
    BlankSheet,
    BracketDoc,
    BracketMatch,
    BracketRound,
    CorrectionNote,
    GameSheetDoc,
    HandLine,
    SeatedPlayer,
    SheetHeader,
    StandingsColumn,
    StandingsDoc,
    StandingsTable,
    TableCard,
    blank_rows,
    qr_data_uri,
)
from rookclub.selectors import season_standings, session_overview, session_standings
from scoring.engine import ruleset_from
from scoring.engine.rotation import change_message, seating
from scoring.engine.rulesets import Ruleset
from scoring.models import Game, HandCorrection
from scoring.selectors import game_sheet

BLANK_HANDS = 16  # rows on a blank sheet when the game is played to a target


def _date(value) -> str:
    return formats.date_format(value, "D j F Y") if value else ""


def _event(session: ClubSession) -> str:
    return f"{session.club.name} \N{EM DASH} club night"


def _target(rules: Ruleset) -> str:
    if rules.fixed_hands:
        return f"{rules.fixed_hands} hands, higher total wins"
    return f"first to {rules.target}" if rules.target else ""


def _round_label(session_round: SessionRound, rounds: int) -> str:
    return f"Round {session_round.number}" if rounds > 1 or session_round.number > 1 else ""


def _seated(seats) -> tuple[SeatedPlayer, ...]:
    return tuple(SeatedPlayer(seat, seats[seat].name) for seat in SEATS if seat in seats)


def session_rules(session: ClubSession) -> Ruleset:
    return ruleset_from(session.ruleset_slug, session.ruleset_options or {})


def exchange_notes(rules: Ruleset, hands: int) -> dict[int, str]:
    """Hand number -> the seat change due after it, in the engine's own words."""
    if not rules.seat_exchange_interval:
        return {}
    start = {seat: seat for seat in rules.seats}
    notes = {}
    for n in range(rules.seat_exchange_interval, hands, rules.seat_exchange_interval):
        before, after = seating(rules, start, n - 1), seating(rules, start, n)
        message = change_message(rules, before, after)
        if message and rules.partner_rotation == "individual":
            message = "Partners change: the first seat stays, the other three move"
        if message:
            notes[n] = message
    return notes


def blank_sheet(header: SheetHeader, rules: Ruleset, *, first_dealer: str = "north") -> BlankSheet:
    hands = rules.fixed_hands or BLANK_HANDS
    return BlankSheet(
        header=header,
        first_dealer=first_dealer,
        rows=blank_rows(
            first_dealer=first_dealer, hands=hands, exchanges=exchange_notes(rules, hands)
        ),
    )


def _table_header(session, rules, label, table: int, seats) -> SheetHeader:
    return SheetHeader(
        event=_event(session),
        date=_date(session.date),
        round_label=label,
        table=table,
        players=_seated(seats),
        ruleset=rules.name,
        target=_target(rules),
    )


def round_documents(session_round: SessionRound, *, table: int | None = None):
    """(session, rules, label, [TableView]) for a round, or one table of it."""
    overview = session_overview(session=session_round.session)
    view = next(r for r in overview.rounds if r.round.pk == session_round.pk)
    tables = [t for t in view.tables if table is None or t.seating.table == table]
    rules = session_rules(overview.session)
    return overview.session, rules, _round_label(session_round, len(overview.rounds)), tables


def round_blank_sheets(session_round: SessionRound, *, table: int | None = None):
    """One blank score sheet per table of ``session_round`` (or just ``table``)."""
    session, rules, label, tables = round_documents(session_round, table=table)
    return [
        blank_sheet(
            _table_header(session, rules, label, t.seating.table, t.seats),
            rules,
            first_dealer=t.game.first_dealer if t.game else "north",
        )
        for t in tables
    ]


def round_table_cards(
    session_round: SessionRound,
    *,
    url_for: Callable[[TableSeating, Game | None], str],
    table: int | None = None,
) -> list[TableCard]:
    """One table card per table: the QR code opens ``url_for(table, its current game)``."""
    session, rules, label, tables = round_documents(session_round, table=table)
    cards = []
    for t in tables:
        url = url_for(t.seating, t.game)
        cards.append(
            TableCard(
                header=_table_header(session, rules, label, t.seating.table, t.seats),
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
        who = SEAT_LETTER.get(irregularity.seat or "", "")
        points = f" {irregularity.points:+d}" if irregularity.points else ""
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


def game_sheet_doc(game: Game) -> GameSheetDoc:
    """The completed score sheet: every hand as recorded, corrections marked (5 queries)."""
    sheet = game_sheet(game=game)
    game = sheet.game
    rules = Ruleset.from_dict(game.ruleset)
    first_seats = {s.seat: s.player for s in game.seats.all()}
    session = game.session
    table = game.table_seating.table if game.table_seating_id else None
    label = ""
    if game.table_seating_id:
        label = f"Round {game.table_seating.round.number}"
    header = SheetHeader(
        event=_event(session) if session else f"{game.club.name} \N{EM DASH} game",
        date=_date(session.date if session else game.created_at),
        round_label=label,
        table=table,
        players=_seated(first_seats),
        ruleset=rules.name,
        target=_target(rules),
    )
    lines = []
    for row in sheet.rows:
        seats = _names(sheet, row.hand.seats or {})
        declarer = ""
        if row.declarer:
            name = row.declarer_player.name if row.declarer_player else seats.get(row.declarer, "")
            declarer = f"{SEAT_LETTER.get(row.declarer, '')} {name}".strip()
        lines.append(
            HandLine(
                number=row.number,
                dealer=SEAT_LETTER.get(row.dealer, row.dealer),
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
                note=table_text("; ".join(row.reasons)),
                confirmed=row.confirmed,
                corrected=row.corrected,
            )
        )
    corrections = [
        CorrectionNote(
            hand=c.hand.number,
            when=formats.date_format(c.corrected_at, "j M Y H:i"),
            by=(c.corrected_by.get_username() if c.corrected_by else ""),
            reason=c.reason,
            change=_change(c.before, c.after),
        )
        for c in HandCorrection.objects.filter(hand__game=game)
        .select_related("hand", "corrected_by")
        .order_by("hand__number", "corrected_at")
    ]
    winner = ""
    if sheet.winner:
        side = ("north", "south") if sheet.winner == "north_south" else ("east", "west")
        names = " & ".join(first_seats[s].name for s in side if s in first_seats)
        winner = f"{SIDE_LABEL.get(sheet.winner, sheet.winner)} ({names})"
    return GameSheetDoc(
        header=header,
        lines=tuple(lines),
        corrections=tuple(corrections),
        status=sheet.status,
        winner=winner,
        total_ns=sheet.totals.get("north_south", 0),
        total_ew=sheet.totals.get("east_west", 0),
        game_ref=f"Game {game.pk}",
    )


STANDING_COLUMNS = (
    StandingsColumn("rank", "#"),
    StandingsColumn("name", "Player", numeric=False),
    StandingsColumn("games", "Games"),
    StandingsColumn("won", "Won"),
    StandingsColumn("points", "Points"),
    StandingsColumn("declared", "Bids"),
    StandingsColumn("made", "Made"),
    StandingsColumn("sets", "Set"),
    StandingsColumn("made_percent", "Made %"),
)


def _standing_rows(rows, *, nights: bool = False) -> tuple[dict, ...]:
    return tuple(
        {
            "rank": i,
            "name": r.name,
            "games": r.games,
            "won": r.won,
            "points": r.points,
            "declared": r.hands_declared,
            "made": r.made,
            "sets": r.sets,
            "made_percent": "" if r.made_percent is None else f"{r.made_percent}%",
            **({"nights": r.night_count} if nights else {}),
        }
        for i, r in enumerate(rows, start=1)
    )


def _standings_tables(standings, *, nights: bool = False) -> tuple[StandingsTable, ...]:
    columns = STANDING_COLUMNS
    if nights:
        columns = (*columns[:2], StandingsColumn("nights", "Nights"), *columns[2:])
    pair_columns = tuple(
        StandingsColumn(c.key, "Partnership", numeric=False) if c.key == "name" else c
        for c in STANDING_COLUMNS
    )
    return (
        StandingsTable("Players", columns, _standing_rows(standings.players, nights=nights)),
        StandingsTable("Partnerships", pair_columns, _standing_rows(standings.partnerships)),
    )


def session_standings_doc(session: ClubSession) -> StandingsDoc:
    standings = session_standings(session=session)
    return StandingsDoc(
        title="Standings",
        subtitle=f"{_event(session)} \N{MIDDLE DOT} {_date(session.date)}",
        tables=_standings_tables(standings),
        note=f"{standings.games} games. Ranked by games won, then points.",
    )


def season_standings_doc(club: Club, year: int | None = None) -> StandingsDoc:
    standings = season_standings(club=club, year=year)
    return StandingsDoc(
        title="Season standings",
        subtitle=f"{club.name} \N{MIDDLE DOT} {year if year else 'all seasons'}",
        tables=_standings_tables(standings, nights=True),
        note=f"{standings.games} games on club nights. Ranked by games won, then points.",
    )


# ---- tournaments --------------------------------------------------------------------------


def tournament_rules(tournament) -> Ruleset:
    """The rules the event was created with (its stored snapshot), else its preset."""
    if tournament.ruleset:
        return Ruleset.from_dict(tournament.ruleset)
    options = (tournament.options or {}).get("ruleset_options") or {}
    return ruleset_from(tournament.ruleset_slug, options)


def _tournament_event(tournament) -> str:
    return f"{tournament.name} \N{EM DASH} {tournament.club.name}"


def playable_match(match) -> bool:
    """A match played at a table: two sides, not a bye, not waiting or unneeded."""
    return bool(
        match.entry_a_id
        and match.entry_b_id
        and not match.bye
        and match.status not in ("waiting", "not_needed")
    )


def _entry_players(matches) -> dict[int, list]:
    """Entry id -> its players in the order they were entered (one query)."""
    from tournaments.models import EntryPlayer

    ids = {
        pk
        for m in matches
        for pk in (m.entry_a_id, m.entry_b_id, m.partner_a_id, m.partner_b_id)
        if pk
    }
    players: dict[int, list] = {}
    links = EntryPlayer.objects.filter(entry_id__in=ids).select_related("player").order_by("id")
    for link in links:
        players.setdefault(link.entry_id, []).append(link.player.name)
    return players


def _match_seats(match, players: dict[int, list]) -> tuple[SeatedPlayer, ...]:
    """Side A sits north-south, side B east-west (as tournaments.results seats a game)."""

    def side(entry, partner) -> list[str]:
        names = list(players.get(entry.pk, [])) or [entry.name]
        if partner is not None:
            names = names[:1] + (players.get(partner.pk, [])[:1] or [partner.name])
        return [*names, "", ""][:2]

    north, south = side(match.entry_a, match.partner_a)
    east, west = side(match.entry_b, match.partner_b)
    seats = {"north": north, "east": east, "south": south, "west": west}
    return tuple(SeatedPlayer(seat, seats[seat]) for seat in SEATS if seats[seat])


def tournament_round_matches(tournament_round, *, table: int | None = None) -> list:
    """The matches of a tournament round played at a table (no byes, none waiting),
    or just the one at ``table``, in table order, with their entries (1 query)."""
    from tournaments.models import Match

    matches = [
        m
        for m in Match.objects.filter(round=tournament_round)
        .select_related("entry_a", "entry_b", "partner_a", "partner_b")
        .order_by("table", "bracket_key", "id")
        if playable_match(m) and (table is None or m.table == table)
    ]
    matches.sort(key=lambda m: (m.table is None, m.table or 0))
    return matches


def _match_headers(tournament_round, matches) -> tuple[Ruleset, list[SheetHeader]]:
    """The rules and one sheet/card header per match: event, round, table, players by seat
    (1 query for the players)."""
    tournament = tournament_round.tournament
    players = _entry_players(matches)
    rules = tournament_rules(tournament)
    best_of = tournament.games_per_match
    target = _target(rules)
    if best_of > 1:
        target = f"{target} · best of {best_of} games" if target else f"best of {best_of} games"
    headers = [
        SheetHeader(
            event=_tournament_event(tournament),
            date=_date(tournament_round.started_at),
            round_label=f"Round {tournament_round.number}"
            + (f" \N{MIDDLE DOT} {m.bracket_key}" if m.bracket_key else ""),
            table=m.table,
            players=_match_seats(m, players),
            ruleset=rules.name,
            target=target,
        )
        for m in matches
    ]
    return rules, headers


def tournament_round_sheets(tournament_round, *, table: int | None = None) -> list[BlankSheet]:
    """One blank score sheet per match of a tournament round (or the match at ``table``),
    in table order, pre-filled with the event, round, table and players by seat (3 queries)."""
    matches = tournament_round_matches(tournament_round, table=table)
    rules, headers = _match_headers(tournament_round, matches)
    return [blank_sheet(header, rules) for header in headers]


def _matchup(match) -> str:
    """Who plays whom, e.g. ``Entry 1 (N–S) v Entry 4 (E–W)``; empty in an individual
    event, where the entries are the four players already named around the table."""
    if match.partner_a_id or match.partner_b_id:
        return ""
    return f"{match.entry_a.name} ({NS}) v {match.entry_b.name} ({EW})"


def tournament_table_cards(
    tournament_round, *, url_for: Callable[[int], str], table: int | None = None
) -> list[TableCard]:
    """One table card per match at a table of a tournament round (byes have none): the
    QR code opens ``url_for(table number)``, the table's page, which leads to whatever
    game is being played there (2 queries)."""
    matches = [
        m for m in tournament_round_matches(tournament_round, table=table) if m.table is not None
    ]
    _, headers = _match_headers(tournament_round, matches)
    cards = []
    for match, header in zip(matches, headers, strict=True):
        url = url_for(match.table)
        cards.append(
            TableCard(header=header, url=url, qr_svg=qr_data_uri(url), matchup=_matchup(match))
        )
    return cards


TOURNAMENT_COLUMNS = (
    StandingsColumn("rank", "#"),
    StandingsColumn("name", "Entry", numeric=False),
    StandingsColumn("played", "Played"),
    StandingsColumn("wins", "W"),
    StandingsColumn("losses", "L"),
    StandingsColumn("draws", "D"),
    StandingsColumn("match_points", "Match pts"),
    StandingsColumn("points_for", "Points"),
    StandingsColumn("points_against", "Against"),
    StandingsColumn("spread", "Spread"),
)
SWISS_COLUMNS = (
    StandingsColumn("buchholz", "Buchholz"),
    StandingsColumn("sonneborn_berger", "S-B"),
)
TIE_BREAKER_NAMES = {
    "wins": "match points",
    "points": "points scored",
    "spread": "spread",
    "head_to_head": "head to head",
    "buchholz": "Buchholz",
    "sonneborn_berger": "Sonneborn-Berger",
}


def _number(value) -> str | int | float:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def tournament_standings_doc(tournament) -> StandingsDoc:
    from tournaments.selectors import tournament_standings

    rows = tournament_standings(tournament=tournament)
    swiss = tournament.format == "swiss"
    columns = TOURNAMENT_COLUMNS + (SWISS_COLUMNS if swiss else ())
    table_rows = []
    for row in rows:
        name = row.entry.name
        if row.entry.status == "withdrawn":
            name += " (withdrawn)"
        elif row.playoff_needed and not row.place and not tournament.is_elimination:
            name += " (playoff)"
        values = {c.key: _number(getattr(row, c.key, "")) for c in columns if c.key != "name"}
        table_rows.append({**values, "name": name})
    if rows:
        breakers = ", ".join(TIE_BREAKER_NAMES.get(k, k) for k in rows[0].tie_breakers)
        note = f"Ranked by {breakers}." if breakers else ""
    else:
        note = "No entries yet."
    if tournament.is_elimination:
        note = "Final places from the bracket first. " + note
    return StandingsDoc(
        title="Standings",
        subtitle=f"{_tournament_event(tournament)} \N{MIDDLE DOT} "
        f"{tournament.get_format_display()}",
        tables=(StandingsTable("Entries", columns, tuple(table_rows)),),
        note=note.strip(),
    )


SECTION_NAMES = {
    "winners": "Winners bracket",
    "losers": "Losers bracket",
    "third_place": "Third place",
    "grand_final": "Grand final",
    "reset": "Grand final reset",
}


def _round_names(count: int) -> list[str]:
    named = {1: "Final", 2: "Semi-finals", 3: "Quarter-finals"}
    return [named.get(count - i, f"Round {i + 1}") for i in range(count)]


def _bracket_match(match) -> BracketMatch:
    def side(entry) -> str:
        if entry is None:
            return "bye" if match.bye else ""
        return f"{entry.seed}. {entry.name}" if entry.seed else entry.name

    games = [g for g in match.games.all() if g.scored]
    score = ", ".join(f"{g.score_a}\N{EN DASH}{g.score_b}" for g in games)
    at_table = match.table and match.status in ("ready", "decided", "walkover")
    label = match.bracket_key + (f" \N{MIDDLE DOT} table {match.table}" if at_table else "")
    winner = side(match.winner) if match.winner_id else None
    return BracketMatch((side(match.entry_a), side(match.entry_b)), winner, label, score)


def tournament_bracket_docs(tournament) -> list[BracketDoc]:
    """The bracket as charts: the winners' side with its finals; the losers' side (if any)."""
    from tournaments.selectors import tournament_bracket

    sections = tournament_bracket(tournament=tournament)["sections"]

    def rounds_of(name: str) -> list[list]:
        found = sections.get(name, {})
        return [[m for m in found[n] if m.status != "not_needed"] for n in sorted(found)]

    double = tournament.format == "double_elimination"
    winners = [r for r in rounds_of("winners") if r]
    names = _round_names(len(winners))
    if double:
        names = [f"Winners {n[0].lower()}{n[1:]}" if n == "Final" else n for n in names]
    main = [
        BracketRound(name, tuple(_bracket_match(m) for m in ms))
        for name, ms in zip(names, winners, strict=True)
    ]
    for extra in ("grand_final", "reset", "third_place"):
        for matches in rounds_of(extra):
            if matches:
                main.append(
                    BracketRound(SECTION_NAMES[extra], tuple(_bracket_match(m) for m in matches))
                )
    subtitle = f"{_tournament_event(tournament)} \N{MIDDLE DOT} {tournament.get_format_display()}"
    docs = [BracketDoc("Bracket" if not double else "Winners bracket", subtitle, tuple(main))]
    if double:
        losers = [r for r in rounds_of("losers") if r]
        rounds = tuple(
            BracketRound(f"Losers round {i}", tuple(_bracket_match(m) for m in ms))
            for i, ms in enumerate(losers, start=1)
        )
        if rounds:
            docs.append(BracketDoc("Losers bracket", subtitle, rounds))
    return docs
