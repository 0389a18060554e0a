"""An audit entry's values in words for the audit trail page:
``{"games": [[310, 150]], "winner": 12}`` reads "games 310–150 · winner Spring Pair".
The stored values stay as written; an unknown key shows as "key value"."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tournaments.models import Entry, Match, Tournament

DASH = "\N{EN DASH}"
#: The order keys are told in, whatever order the database keeps them in (PostgreSQL's
#: jsonb sorts keys by length); keys not named here follow in the stored order.
_ORDER = ("entry", "games", "winner", "status")
#: The values that name entries of the event, by their key.
_ENTRY_KEYS = {"entry", "winner", "forced_bye", "into", "with"}
_FORMATS = dict(Tournament.Format.choices)


def _rank(key: str) -> int:
    return _ORDER.index(key) if key in _ORDER else len(_ORDER)


class AuditWords:
    """Words for one event's audit values; ``names``: entry id -> name."""

    def __init__(self, names: Mapping[int, str]) -> None:
        self.names = names

    def entry(self, value: Any) -> str:
        if value is None:
            return "none"
        return self.names.get(value, f"entry {value}")

    def entries(self, values: Any) -> str:
        return ", ".join(self.entry(v) for v in values) if values else "none"

    def describe(self, values: Any, *, match: bool = False) -> str:
        """``values`` (a stored before or after) in words; "" for nothing stored."""
        if values is None:
            return ""
        if not isinstance(values, dict):
            return self._plain(values)
        statuses = dict(Match.Status.choices if match else Entry.Status.choices)
        parts = []
        ordered = sorted(values.items(), key=lambda kv: _rank(kv[0]))
        for key, value in ordered:
            if key == "status":
                text = statuses.get(value, str(value))
            elif key in _ENTRY_KEYS:
                text = self.entry(value)
            else:
                text = _KEYS.get(key, AuditWords._plain)(self, value)
            parts.append(f"{key.replace('_', ' ')} {text}")
        return " \N{MIDDLE DOT} ".join(parts)

    def _games(self, games: Any) -> str:
        scores = [f"{a}{DASH}{b}" for a, b in games or []]
        return ", ".join(scores) if scores else "none"

    def _pairs(self, pairs: Any) -> str:
        return "; ".join(" & ".join(self.entry(e) for e in pair) for pair in pairs) or "none"

    def _pairings(self, pairings: Any) -> str:
        words = []
        for home, away, flags in pairings:
            against = f" v {self.entry(away)}" if away is not None else " has a bye"
            extra = f" ({', '.join(f.replace('_', ' ') for f in flags)})" if flags else ""
            words.append(f"{self.entry(home)}{against}{extra}")
        return "; ".join(words) or "none"

    def _playoffs(self, playoffs: Any) -> str:
        return "; ".join(f"place {place}: {self.entries(ids)}" for place, ids in playoffs.items())

    def _options(self, options: Any) -> str:
        return "; ".join(f"{k.replace('_', ' ')} {self._plain(v)}" for k, v in options.items()) or (
            "none"
        )

    def _format(self, value: Any) -> str:
        return _FORMATS.get(value, str(value))

    def _plain(self, value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if value is None:
            return "none"
        if isinstance(value, dict):
            return ", ".join(f"{k.replace('_', ' ')} {self._plain(v)}" for k, v in value.items())
        if isinstance(value, list):
            return ", ".join(self._plain(v) for v in value) or "none"
        return str(value)


_KEYS: dict[str, Callable[[AuditWords, Any], str]] = {
    "games": AuditWords._games,
    "seeding": AuditWords.entries,
    "pool": AuditWords.entries,
    "pins": AuditWords._pairs,
    "pairs": AuditWords._pairs,
    "pairings": AuditWords._pairings,
    "playoffs": AuditWords._playoffs,
    "options": AuditWords._options,
    "format": AuditWords._format,
}
