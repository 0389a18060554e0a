"""A table's next game on a random or fixed night: who comes in, who sits out."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from django.db import transaction

from play import seating
from play.checkins import locked_open_night
from play.models import Game, Night, TableSeating
from play.night_seating import (
    SeatingSoFar,
    partnership_meetings,
    partnership_sit_outs,
    partnerships_here,
    players_here,
    playing,
    seat_round,
    seating_so_far,
    sit_outs_on_earlier_nights,
    start_table_game,
)
from rookclub.clubs.models import Player
from rookclub.core.errors import Conflict, Invalid
from rookclub.core.roles import Actor


@dataclass
class NewGame:
    game: Game
    came_in: list[Player]
    went_out: list[Player]


def table_new_game(
    *, table: TableSeating, by: Actor, dealer: str = "north", seed: int | None = None
) -> Game:
    """The table's next game (see :func:`table_next_game` for who came in and went out)."""
    return table_next_game(table=table, by=by, dealer=dealer, seed=seed).game


@transaction.atomic
def table_next_game(
    *, table: TableSeating, by: Actor, dealer: str = "north", seed: int | None = None
) -> NewGame:
    """Random or fixed seating: the table's game is over, so it starts another. If
    players are waiting to play (sitting out, or late arrivals), they come in and some
    of the table sit out, fairly; the table is then reseated with the fewest repeated
    partners. Otherwise the same four play on."""
    night = locked_open_night(table.round.night, by, "start another game")
    if night.seating_method == Night.Seating.PROGRESSIVE:
        raise Conflict(
            "On a progressive night the director seats the next round for everyone.",
            code="progressive_night",
        )
    so_far = seating_so_far(night)
    if so_far.tables.get(table.table) != table:
        raise Conflict(f"Table {table.table} has been reseated since.", code="table_reseated")
    if playing(Game.objects.filter(table_seating=table)).exists():
        raise Conflict("This table's game is still in progress.", code="game_in_progress")
    players = players_here(night)
    by_id = {p.pk: p for p in players}
    at_table = [pid for pid in table.player_ids() if pid in by_id]
    waiting = [p.pk for p in players if p.pk not in so_far.seated()]
    if table.fifth_id is not None:
        # A table of five or six plays on as it sits; a change of players waits for the
        # next round, where the director reseats the room.
        if len(at_table) != len(table.player_ids()):
            raise Invalid(
                f"A player of table {table.table} went home; seat the next round instead.",
                errors={"players": ["seat the next round for everyone instead"]},
            )
        return NewGame(start_table_game(night, table, dealer, by), [], [])
    if len(at_table) == 4 and not _can_come_in(night, so_far, waiting):
        return NewGame(start_table_game(night, table, dealer, by), [], [])
    rng = random.Random(seed if seed is not None else table.pk * 7919 + so_far.last_number)
    fewest = min(so_far.spells[p.pk] for p in players)
    earlier = sit_outs_on_earlier_nights(night)
    if night.seating_method == Night.Seating.FIXED:
        here = [p.pk for p in players]
        plan, partners = _reseat_fixed(night, so_far, at_table, here, fewest, rng, earlier)
    else:
        plan, partners = _reseat_singles(so_far, at_table, waiting, fewest, rng, earlier), {}
    if plan is None:
        raise Invalid(
            f"Table {table.table} needs four players and nobody is waiting to come in.",
            errors={"players": ["seat the next round for everyone instead"]},
        )
    new_round = seat_round(
        night,
        so_far.last_number + 1,
        plan,
        by_id,
        by,
        partners=partners,
        table_numbers=[table.table],
        dealer=dealer,
        room_round=max(so_far.room_round, 1),
    )
    seated = new_round.tables.get()
    before, after = table.player_ids(), seated.player_ids()
    came_in = [by_id[p] for p in after if p not in before]
    went_out = [by_id[p] for p in before if p in by_id and p not in after]
    return NewGame(Game.objects.get(table_seating=seated), came_in, went_out)


def _can_come_in(night: Night, so_far: SeatingSoFar, waiting: list[int]) -> bool:
    """Is anyone waiting who could take a seat? On a fixed night a lone player cannot."""
    if night.seating_method != Night.Seating.FIXED:
        return bool(waiting)
    pairs, _ = partnerships_here(so_far, waiting)
    return bool(pairs)


def _reseat_singles(
    so_far: SeatingSoFar,
    at_table: list[int],
    waiting: list[int],
    fewest: int,
    rng: random.Random,
    earlier: Counter,
) -> seating.Seating | None:
    count = len(at_table) + len(waiting) - 4
    if count < 0:
        return None
    spells = Counter({(p,): so_far.spells[p] for p in at_table + waiting})
    out = seating.table_sit_outs(
        [(p,) for p in at_table],
        [(p,) for p in waiting],
        count,
        spells,
        fewest,
        rng,
        earlier=Counter({(p,): earlier[p] for p in at_table + waiting}),
    )
    sitting_out = {u[0] for u in out}
    playing = [p for p in at_table + waiting if p not in sitting_out]
    tables = seating.arrange(playing, rng, partnered=so_far.partnered, opposed=so_far.opposed)
    starting = tuple(p for p in at_table if p in sitting_out)  # waiting on is no new spell
    return seating.Seating(tables, starting)


def _reseat_fixed(
    night: Night,
    so_far: SeatingSoFar,
    at_table: list[int],
    here: list[int],
    fewest: int,
    rng: random.Random,
    earlier: Counter,
) -> tuple[seating.Seating | None, dict[int, int]]:
    pairs, _ = partnerships_here(so_far, here)
    seated = so_far.seated()
    mine = [pair for pair in pairs if set(pair) <= set(at_table)]
    waiting = [pair for pair in pairs if not set(pair) & seated]
    count = len(mine) + len(waiting) - 2
    partners = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    if count < 0:
        return None, partners
    spells = partnership_sit_outs(so_far, pairs)
    out = seating.table_sit_outs(
        mine,
        waiting,
        count,
        spells,
        fewest,
        rng,
        earlier=Counter({pair: earlier[pair[0]] + earlier[pair[1]] for pair in pairs}),
    )
    playing = [pair for pair in mine + waiting if pair not in out]
    tables = seating.arrange_pairs(playing, rng, met=partnership_meetings(night))
    starting = tuple(p for pair in out if pair in mine for p in pair)
    return seating.Seating(tables, starting), partners
