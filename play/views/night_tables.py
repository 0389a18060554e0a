"""The night page's tables, as its templates show them (views/nights.py renders them).
Everything a table card says is put together here in Python, once per table: the
template language costs far more on a night of many tables (docs/performance.md).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Iterable
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from play.night_reads import TableView
from play.seats import table_names
from scoring.engine.seat_names import seat_name


def escape(text: Any) -> str:
    """``text`` escaped for HTML as Django's ``escape()`` does, without its lazy wrapper:
    each result goes into markup that is marked safe whole."""
    return html.escape(str(text))


def address(name: str, *args: int) -> str:
    """A table's link on the night page: Django's ``reverse()``, one per link."""
    return reverse(name, args=args)


Addresses = Callable[..., str]

#: Stand-ins for a route's numbers (ids, table numbers) when it is reversed once: no
#: route's own text holds a number this long.
_MARKS = (987654321, 987654322, 987654323)


class RouteForms:
    """:func:`address` for a page of many tables: each route is reversed once (its
    numbers standing in as :data:`_MARKS`) and each link fills in its own numbers. For
    routes whose arguments are all numbers."""

    def __init__(self) -> None:
        self._forms: dict[tuple[str, int], str] = {}

    def __call__(self, name: str, *args: int) -> str:
        form = self._forms.get((name, len(args)))
        if form is None:
            form = reverse(name, args=_MARKS[: len(args)]).replace("{", "{{").replace("}", "}}")
            for index, mark in enumerate(_MARKS[: len(args)]):
                form = form.replace(str(mark), f"{{{index}}}")
            self._forms[(name, len(args))] = form
        return form.format(*(int(arg) for arg in args))


def round_view(round_view, urls: Addresses) -> dict[str, Any]:
    return {
        "round": round_view.round,
        "number": round_view.round.number,
        "sit_outs": round_view.sit_outs,
        "tables": [table_view(t, urls) for t in round_view.tables],
    }


_SEAT = '<dt>{label}</dt><dd><span class="badge side-{side}">{name}</span></dd>'


def describe(t: dict[str, Any], *, is_open: bool, new_game: bool) -> None:
    """A current table's words: its game's state, its totals, and whether a director
    may start a new game there."""
    # Each value escaped (a player's name is theirs to choose).
    t["seat_list"] = mark_safe(  # every value in it is escaped
        "".join(
            _SEAT.format(label=escape(label), side=escape(side), name=escape(player.name))
            for label, player, side in t.get("seats_now", t["seats"])
        )
    )
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


def seat_rows(game: Any, seats: dict[str, Any]) -> list[tuple[str, Any, str]]:
    """Each seat of a table as its card lists it: the seat's name, its player and the
    fixed side it badges ("" at a table of five, whose partners change hand by hand)."""
    side_of = table_names(game, seats).side_of
    return [(seat_name(seat), player, side_of.get(seat, "")) for seat, player in seats.items()]


def table_view(t: TableView, urls: Addresses) -> dict[str, Any]:
    round_, number = t.seating.round, t.seating.table
    return {
        "seating": t.seating,
        "round": round_,
        "number": number,
        # Written out once: a number in a template is localized at every use.
        "no": str(number),
        "game_url": urls("game-detail", t.game.pk) if t.game is not None else None,
        "new_game_url": urls("table-new-game", t.seating.pk),
        "sheet_url": urls("print-table-sheet", round_.pk, number),
        "card_url": urls("print-table-card", round_.pk, number),
        "seats": seat_rows(t.game, t.seats),
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


#: The check-in list's pieces (as the template wrote them), filled in by checklist_rows.
_HERE = '<input type="checkbox" checked disabled> {name} <span class="checked-in">· here</span>'
_BY_DOOR = ' <span class="by-door muted small">· by phone</span>'
_NOT_HERE = '<input type="checkbox" name="players" value="{pk}"> {name}'
_WENT_HOME = ' <span class="muted">· went home (tick to bring back)</span>'
_BUTTON = (
    '<button type="submit" class="small" name="player" value="{pk}" form="{form}">{label}</button>'
)


def checklist_rows(
    players: Iterable[tuple[int, str]],
    *,
    here: Collection[int],
    played: Collection[int],
    gone: Collection[int],
    by_door: Collection[int],
) -> SafeString:
    """The director's check-in list, one ``<li>`` per club player (``players``: id and
    name): here tonight (and whether by the door link), played tonight (their check-in
    stays: "Gone home"), went home. Only escaped names and ids go into the markup."""
    rows = []
    for pk, raw_name in players:
        name, pk = escape(raw_name), int(pk)
        if pk in here:
            label = _HERE.format(name=name) + (_BY_DOOR if pk in by_door else "")
            if pk in played:
                button = _BUTTON.format(pk=pk, form="gone-home", label="Gone home")
            else:
                button = _BUTTON.format(pk=pk, form="undo-check-in", label="Undo check-in")
        else:
            label = _NOT_HERE.format(pk=pk, name=name) + (_WENT_HOME if pk in gone else "")
            button = ""
        rows.append(f"<li><label>{label}</label>{button}</li>")
    return mark_safe("\n".join(rows))  # every value in it is escaped or a number


#: A table card's pieces, as clubs/_night_live.html wrote them (table_cards fills them in).
_CARD_HEAD = (
    '<article class="card table-card" aria-labelledby="table-{no}">\n'
    '<h3 id="table-{no}">Table {no}\n{state}</h3>\n<dl>{seats}</dl>\n'
)
_CARD_STATE = '<span class="muted small">{state}</span>'
_CARD_GAME = (
    '<p class="muted table-totals">{totals}</p>\n'
    '<p class="small table-progress" id="progress-{no}"><span class="hands">{hands} hand{s}'
    "</span>{unconfirmed}</p>\n"
    '<div class="actions">\n{score}\n{new_game}</div>\n'
)
_CARD_UNCONFIRMED = ' · <strong class="unconfirmed">{n} waiting for confirmation</strong>'
_CARD_SCORE = '<a class="button primary" href="{url}">Score table {no}</a>'
_CARD_SHEET = '<a class="button" href="{url}">Sheet of table {no}</a>'
_CARD_NEW_GAME = (
    '<form method="post" action="{url}">{csrf}\n'
    '<button type="submit">New game at table {no}</button>\n</form>\n'
)
_CARD_LINK = (
    '<div class="table-link">\n'
    '<label for="{field}">Table link (no login needed)</label>\n'
    '<input type="text" id="{field}" value="{link}" readonly>\n'
    '<button type="button" class="copy-link" data-copy="{field}">Copy link</button>\n'
    '<details class="extra">\n<summary>Replace link</summary>\n'
    '<p class="hint">The old link and its printed card stop working at once; '
    "print table {no}'s card again.</p>\n"
    '<form method="post" action="{url}">{csrf}\n'
    '<button type="submit" class="button danger">Replace table {no}\'s link</button>\n'
    "</form>\n</details>\n</div>\n"
)
_CARD_PRINT = (
    '<div class="print-links no-print">\n<span class="muted">Print:</span>\n'
    '<a href="{sheet}" target="_blank" rel="noopener">blank sheet, table {no}</a>\n'
    "{card}</div>\n"
)
_CARD_PRINT_KEY = '<a href="{card}" target="_blank" rel="noopener">table card</a>\n'


def table_cards(
    tables: Iterable[dict[str, Any]],
    *,
    is_open: bool,
    csrf_input: str,
    signed_in: bool,
    keys: bool,
) -> SafeString:
    """The night's table cards (the views :func:`describe` filled in), as
    clubs/_night_live.html wrote them with a ``{% for %}``. Everything is escaped.
    ``keys``: the viewer holds the tables' keys (:func:`rookclub.core.roles.holds_keys`),
    so is offered the table cards."""
    out = []
    for t in tables:
        no = t["no"]
        game = t["game"]
        state = _CARD_STATE.format(state=escape(t["state"])) if game else ""
        out.append(_CARD_HEAD.format(no=no, state=state, seats=t["seat_list"]))
        if game:
            url = escape(t["game_url"])
            score = (_CARD_SCORE if is_open else _CARD_SHEET).format(url=url, no=no)
            new_game = (
                _CARD_NEW_GAME.format(url=escape(t["new_game_url"]), csrf=csrf_input, no=no)
                if t.get("new_game")
                else ""
            )
            unconfirmed = _CARD_UNCONFIRMED.format(n=t["unconfirmed"]) if t["unconfirmed"] else ""
            out.append(
                _CARD_GAME.format(
                    totals=escape(t["totals_text"]),
                    no=no,
                    hands=t["hands"],
                    s="" if t["hands"] == 1 else "s",
                    unconfirmed=unconfirmed,
                    score=score,
                    new_game=new_game,
                )
            )
        if t.get("link_url"):
            out.append(
                _CARD_LINK.format(
                    field=escape(t["link_field"]),
                    link=escape(t["link_url"]),
                    no=no,
                    url=escape(t["replace_url"]),
                    csrf=csrf_input,
                )
            )
        if signed_in:
            out.append(
                _CARD_PRINT.format(
                    sheet=escape(t["sheet_url"]),
                    card=_CARD_PRINT_KEY.format(card=escape(t["card_url"])) if keys else "",
                    no=no,
                )
            )
        out.append("</article>\n")
    return mark_safe("".join(out))  # every value in it is escaped or a number
