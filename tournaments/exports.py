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
    """The ids the audit trail writes (``services.py``, ``entries.py``, ``rounds.py``,
    ``results.py``, ``match_games.py``)."""
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


DESCRIPTIONS = {
    "tournaments": "events with their format, ruleset snapshot, options and seeding",
    "entries": "partnerships (or players) entered, with history",
    "entry_players": "the players of each entry",
    "rounds": "each round of an event",
    "playoffs": "places still tied after the tie-breakers, played off",
    "matches": "pairings, byes and bracket matches with their winners",
    "match_games": "each game of a match: its score, and the table game if played",
    "audit_entries": "every change a director made: who, when, before, after, why",
}


def _table(name: str, model: type, club_path: str, order: int, *fixes: Any) -> Table:
    """The club's rows of ``model``, reached from a row by ``club_path``."""

    def rows(club: Any) -> Any:
        return model.objects.filter(**{club_path: club})

    return Table(name, model, rows, order, fixes=fixes, description=DESCRIPTIONS[name])


def register_tables() -> None:
    register(
        _table("tournaments", Tournament, "club", 200, _seeding),
        _table("entries", Entry, "tournament__club", 210, _history),
        _table("entry_players", EntryPlayer, "tournament__club", 220),
        _table("rounds", Round, "tournament__club", 220),
        _table("playoffs", Playoff, "tournament__club", 225, _playoff_entries),
        _table("matches", Match, "tournament__club", 230),
        _table("match_games", MatchGame, "match__tournament__club", 400),
        _table("audit_entries", AuditEntry, "tournament__club", 410, _audit),
    )
    register_fix("table_links", _link_scope, before_insert=True)
