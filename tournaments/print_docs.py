"""Tournament rounds, standings and brackets -> the plain documents of
``rookclub/printing/documents.py``. Registered as print kinds by ``tournaments/prints.py``."""

from __future__ import annotations

from collections.abc import Callable

from rookclub.printing.builders import blank_sheet, house_rule_text, sheet_date, target_text
from rookclub.printing.documents import (
    EW,
    NS,
    SEATS,
    BlankSheet,
    BracketDoc,
    BracketMatch,
    BracketRound,
    SeatedPlayer,
    SheetHeader,
    StandingsColumn,
    StandingsDoc,
    StandingsTable,
    TableCard,
    qr_data_uri,
)
from scoring.engine import ruleset_from
from scoring.engine.rulesets import Ruleset
from tournaments.models import Match
from tournaments.selectors import entry_players, tournament_bracket, tournament_standings


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


def _match_seats(match, players: dict[int, list]) -> tuple[SeatedPlayer, ...]:
    """Side A sits north-south, side B east-west (as tournaments.match_games seats a game)."""

    def names_of(entry) -> list[str]:
        return [p.name for p in players.get(entry.pk, [])] or [entry.name]

    def side(entry, partner) -> list[str]:
        names = names_of(entry)
        if partner is not None:
            names = names[:1] + names_of(partner)[:1]
        return [*names, "", ""][:2]

    north, south = side(match.entry_a, match.partner_a)
    east, west = side(match.entry_b, match.partner_b)
    seats = {"north": north, "east": east, "south": south, "west": west}
    return tuple(SeatedPlayer(seat, seats[seat]) for seat in SEATS if seats[seat])


def tournament_round_matches(tournament_round, *, table: int | None = None) -> list:
    """The matches of a tournament round played at a table (no byes, none waiting),
    or just the one at ``table``, in table order, with their entries (1 query)."""
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
    players = entry_players(matches)
    rules = tournament_rules(tournament)
    best_of = tournament.games_per_match
    target = target_text(rules)
    if best_of > 1:
        target = f"{target} · best of {best_of} games" if target else f"best of {best_of} games"
    headers = [
        SheetHeader(
            event=_tournament_event(tournament),
            date=sheet_date(tournament_round.started_at),
            round_label=f"Round {tournament_round.number}"
            + (f" \N{MIDDLE DOT} {m.bracket_key}" if m.bracket_key else ""),
            table=m.table,
            players=_match_seats(m, players),
            ruleset=rules.name,
            target=target,
            house_rules=house_rule_text(rules),
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
    """One table card per match at a table of a tournament round (byes have none), its QR code
    opening ``url_for(table number)``, the table's page (2 queries)."""
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
        elif row.played_off:
            name += " (by playoff)"
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
