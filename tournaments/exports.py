"""The tournaments app's tables in a club's export. Entry ids held in JSON (a bracket's
seeding, an entry's history, the audit trail's entries, winners, games and pairings)
follow their entries on import; other numbers in the audit stay as written."""

from __future__ import annotations

from typing import Any

from play.models import TableLink
from rookclub.clubs.export import Ids, Table, register, register_fix
from tournaments.models import (
    AuditEntry,
    Entry,
    EntryPlayer,
    Match,
    MatchGame,
    Playoff,
    Round,
    Tournament,
)


def _seeding(row: dict[str, Any], ids: Ids) -> None:
    if isinstance(row.get("seeding"), list):
        row["seeding"] = [ids.new("entries", e) for e in row["seeding"]]
    draw = row.get("partner_draw")
    if isinstance(draw, dict):
        row["partner_draw"] = {
            key: [
                [_entry(ids, e) for e in v] if isinstance(v, list) else _entry(ids, v)
                for v in value
            ]
            if isinstance(value, list)
            else value
            for key, value in draw.items()
        }


def _playoff_entries(row: dict[str, Any], ids: Ids) -> None:
    if isinstance(row.get("entries"), list):
        row["entries"] = [_entry(ids, e) for e in row["entries"]]


def _history(row: dict[str, Any], ids: Ids) -> None:
    for item in row.get("history") or []:
        if isinstance(item, dict) and item.get("by") is not None:
            item["by"] = ids.new_or_none("users", item["by"])


def _entry(ids: Ids, value: Any) -> Any:
    return ids.new_or_none("entries", value) if isinstance(value, int) else value


def _audit_ids(data: Any, ids: Ids) -> Any:
    """The ids the audit trail writes (``tournaments/services.py``, ``results.py``)."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for key in ("entry", "winner", "forced_bye"):
        if key in out:
            out[key] = _entry(ids, out[key])
    if isinstance(out.get("game"), int):
        out["game"] = ids.new_or_none("games", out["game"])
    if isinstance(out.get("seeding"), list):
        out["seeding"] = [_entry(ids, e) for e in out["seeding"]]
    for key in ("pairings", "pins"):
        if isinstance(out.get(key), list):
            out[key] = [
                [_entry(ids, v) for v in p[:2]] + list(p[2:]) if isinstance(p, list) else p
                for p in out[key]
            ]
    return out


def _audit(row: dict[str, Any], ids: Ids) -> None:
    row["before"] = _audit_ids(row.get("before"), ids)
    row["after"] = _audit_ids(row.get("after"), ids)


def _link_scope(row: dict[str, Any], ids: Ids) -> None:
    if row.get("kind") == TableLink.Kind.TOURNAMENT:
        row["scope"] = ids.new("rounds", row.get("scope"))


def register_tables() -> None:
    register(
        Table(
            "tournaments",
            Tournament,
            lambda c: c.tournaments.all(),
            200,
            fixes=(_seeding,),
            description="events with their format, ruleset snapshot, options and seeding",
        ),
        Table(
            "entries",
            Entry,
            lambda c: Entry.objects.filter(tournament__club=c),
            210,
            fixes=(_history,),
            description="partnerships (or players) entered, with history",
        ),
        Table(
            "entry_players",
            EntryPlayer,
            lambda c: EntryPlayer.objects.filter(tournament__club=c),
            220,
            description="the players of each entry",
        ),
        Table(
            "rounds",
            Round,
            lambda c: Round.objects.filter(tournament__club=c),
            220,
            description="each round of an event",
        ),
        Table(
            "playoffs",
            Playoff,
            lambda c: Playoff.objects.filter(tournament__club=c),
            225,
            fixes=(_playoff_entries,),
            description="places still tied after the tie-breakers, played off",
        ),
        Table(
            "matches",
            Match,
            lambda c: Match.objects.filter(tournament__club=c),
            230,
            description="pairings, byes and bracket matches with their winners",
        ),
        Table(
            "match_games",
            MatchGame,
            lambda c: MatchGame.objects.filter(match__tournament__club=c),
            400,
            description="each game of a match: its score, and the table game if played",
        ),
        Table(
            "audit_entries",
            AuditEntry,
            lambda c: AuditEntry.objects.filter(tournament__club=c),
            410,
            fixes=(_audit,),
            description="every change a director made: who, when, before, after, why",
        ),
    )
    register_fix("table_links", _link_scope, before_insert=True)
