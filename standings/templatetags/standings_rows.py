"""The rows of a table of standings, put together in Python once per row: they are
shown again after every poll, and the template language costs many times more
(docs/performance.md). The tables' frames stay in their templates. Every name is
escaped (a player's name is theirs to choose).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

# As the templates wrote them, whitespace and all (a row per loop of their ``for``).
_ROW = (
    "\n        <tr>"
    '\n          <td class="num">{rank}</td>'
    '\n          <th scope="row">{names}</th>'
    "\n          {nights}"
    '\n          <td class="num">{games}</td><td class="num">{won}</td>'
    '\n          <td class="num">{unfinished}</td>'
    '\n          <td class="num">{points}</td><td class="num">{declared}</td>'
    '\n          <td class="num">{made}</td><td class="num">{set}</td>'
    '\n          <td class="num">{percent}</td>'
    "\n          {rating}"
    "\n        </tr>\n      "
)
_EMPTY = '\n        <tr><td colspan="12" class="muted">No games yet.</td></tr>\n      '

_WALL_ROW = (
    '\n        <tr><td class="num">{rank}</td>'
    '\n          <td class="name">{names}</td>'
    '\n          <td class="num">{games}</td><td class="num">{won}</td>'
    '<td class="num">{points}</td>'
    '\n          <td class="num">{percent}</td></tr>\n      '
)
_WALL_EMPTY = '\n        <tr><td colspan="6" class="empty">No games yet tonight.</td></tr>\n      '
#: The partnerships' rows, one level further in (inside their ``if``).
_WALL_PAIR_ROW = (
    '\n          <tr><td class="num">{rank}</td>'
    '\n            <td class="name">{names}</td>'
    '\n            <td class="num">{games}</td><td class="num">{won}</td>'
    '<td class="num">{points}</td>'
    '\n            <td class="num">{percent}</td></tr>\n        '
)


def _percent(row: Any) -> str:
    made = row.made_percent
    return "—" if made is None else f"{made}%"


def _names(row: Any, linked: bool, links: dict[int, str]) -> str:
    if not linked:
        return " &amp; ".join(escape(p.name) for p in row.players)
    parts = []
    for p in row.players:
        if p.pk not in links:
            links[p.pk] = escape(reverse("player-detail", args=[p.pk]))
        parts.append(f'<a href="{links[p.pk]}">{escape(p.name)}</a>')
    return " &amp; ".join(parts)


@register.simple_tag
def standings_rows(
    rows: Iterable[Any], linked: bool = False, nights: bool = False, rated: bool = False
) -> SafeString:
    """The ``<tr>`` of each row of ``rows`` (:class:`standings.standings.StandingRow`):
    rank, names (links to each player's page when ``linked``: members only), the nights
    (``nights``), the figures, and the rating (``rated``); "No games yet." when none."""
    links: dict[int, str] = {}
    out = [
        _ROW.format(
            rank=row.rank or n,
            names=_names(row, linked, links),
            nights=f'<td class="num">{row.night_count}</td>' if nights else "",
            games=row.games,
            won=row.won,
            unfinished=row.unfinished,
            points=row.points,
            declared=row.hands_declared,
            made=row.made,
            set=row.sets,
            percent=_percent(row),
            rating=f'<td class="num">{"—" if row.rating is None else row.rating}</td>'
            if rated
            else "",
        )
        for n, row in enumerate(rows, 1)
    ]
    return mark_safe("".join(out) or _EMPTY)  # every name in it is escaped


@register.simple_tag
def projector_rows(rows: Iterable[Any], partnerships: bool = False) -> SafeString:
    """The projector's rows (rank, names, games, won, points, made %) of ``rows``: the
    players ("No games yet tonight." when none), or the ``partnerships``."""
    out = [
        (_WALL_PAIR_ROW if partnerships else _WALL_ROW).format(
            rank=row.rank or n,
            names=" &amp; ".join(escape(p.name) for p in row.players),
            games=row.games,
            won=row.won,
            points=row.points,
            percent=_percent(row),
        )
        for n, row in enumerate(rows, 1)
    ]
    return mark_safe("".join(out) or ("" if partnerships else _WALL_EMPTY))  # names escaped
