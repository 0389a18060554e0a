"""The night page's tables, as its templates show them (views/nights.py renders them).

Everything a table card says is put together here in Python, once per table: a
64-table night evaluates each of these 64 times, and the template language is the
slow place to do it (issue #17).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.html import format_html_join

from scoring import selectors as scoring_selectors
from scoring.forms import SEAT_LABELS
from scoring.permissions import SIDE_OF


class Addresses:
    """The night page's per-table addresses, each name reversed once and then filled in.

    A 64-table night links every table five times: through ``{% url %}`` (reverse()
    each time) that was a fifth of the page's time. The placeholders are digits, as
    the routes' ``<int:...>`` converters want; a route's other parts are unchanged.
    """

    def __init__(self) -> None:
        self._patterns: dict[str, str] = {}

    def __call__(self, name: str, *args: int) -> str:
        pattern = self._patterns.get(name)
        if pattern is None:
            marks = [f"9{i}7531902468" for i in range(len(args))]
            pattern = reverse(name, args=marks).replace("{", "{{").replace("}", "}}")
            for i, mark in enumerate(marks):
                pattern = pattern.replace(mark, f"{{{i}}}")
            self._patterns[name] = pattern
        return pattern.format(*(int(a) for a in args))


def round_view(round_view, urls: Addresses) -> dict[str, Any]:
    return {
        "round": round_view.round,
        "number": round_view.round.number,
        "sit_outs": round_view.sit_outs,
        "tables": [table_view(t, urls) for t in round_view.tables],
    }


def describe(t: dict[str, Any], *, is_open: bool, new_game: bool) -> None:
    """A current table's words, put together here rather than in the template (which
    evaluates each condition again at each of 64 tables): its game's state, its totals,
    and whether a director may start a new game there."""
    # Escaped by format_html_join (a player's name is theirs to choose).
    t["seat_list"] = format_html_join(
        "", '<dt>{}</dt><dd><span class="badge side-{}">{}</span></dd>',
        ((label, side, player.name) for label, player, side in t.get("seats_now", t["seats"])),
    )  # fmt: skip
    game = t["game"]
    if game is None:
        return
    if game.is_void:
        t["state"] = "void"
    elif game.is_finished:
        t["state"] = "finished"
    else:
        t["state"] = game.get_status_display().lower() if is_open else "unfinished"
    if t["player_totals"]:
        totals = " · ".join(f"{name} {total}" for name, total in t["player_totals"])
    else:
        sides = game.totals or {}
        totals = f"NS {sides.get('north_south') or 0} · EW {sides.get('east_west') or 0}"
    if t["games_played"] > 1:
        totals += f" · game {t['games_played']}"
    t["totals_text"] = totals
    t["new_game"] = new_game and (game.is_finished or game.is_void)


def table_view(t: scoring_selectors.TableView, urls: Addresses) -> dict[str, Any]:
    round_, number = t.seating.round, t.seating.table
    return {
        "seating": t.seating,
        "round": round_,
        "number": number,
        # Written out once: a number in a template is localized at every use (64 x 8).
        "no": str(number),
        "game_url": urls("game-detail", t.game.pk) if t.game is not None else None,
        "new_game_url": urls("table-new-game", t.seating.pk),
        "sheet_url": urls("print-table-sheet", round_.pk, number),
        "card_url": urls("print-table-card", round_.pk, number),
        "seats": [(SEAT_LABELS[seat], player, SIDE_OF[seat]) for seat, player in t.seats.items()],
        "game": t.game,
        "games_played": len(t.games),
        # A game scored by player (Beginner, individual scoring): each player's total.
        "player_totals": [
            (player.name, int(t.game.player_totals.get(str(player.pk), 0)))
            for player in t.seats.values()
        ]
        if t.game is not None and t.game.scores_players
        else [],
    }
