"""A club night's next round: the whole room reseated once every table's game is over."""

from __future__ import annotations

import random
from collections import Counter

from django.db import transaction

from play import seating
from play.checkins import locked_open_night
from play.models import Game, Night, NightRound
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
    split_off_big_tables,
)
from rookclub.core.errors import Conflict, Invalid
from rookclub.core.roles import Actor


def _round_in_progress(so_far: SeatingSoFar) -> bool:
    current = [t.pk for t in so_far.tables.values()]
    return playing(Game.objects.filter(table_seating__in=current)).exists()


@transaction.atomic
def night_next_round(*, night: Night, by: Actor, seed: int | None = None) -> NightRound:
    """Reseat the whole room once every table's game is over: new partners on a random
    or progressive night, new opponents on a fixed one; who sits out rotates fairly
    and late arrivals come in."""
    night = locked_open_night(night, by, "seat another round")
    so_far = seating_so_far(night)
    if not so_far.tables:
        raise Conflict("Seat the first round first.", code="not_seated")
    if _round_in_progress(so_far):
        raise Conflict("Some tables are still playing this round.", code="round_in_progress")
    players = players_here(night)
    if len(players) < 4:
        raise Invalid("Not enough players.", errors={"players": ["at least four must be here"]})
    by_id = {p.pk: p for p in players}
    here = [p.pk for p in players]
    number = so_far.last_number + 1
    rng = random.Random(seed if seed is not None else night.pk * 7919 + number)
    waiting = set(here) - so_far.seated()
    earlier = sit_outs_on_earlier_nights(night)
    if night.seating_method == Night.Seating.FIXED:
        pairs, loose = partnerships_here(so_far, here)
        spells = partnership_sit_outs(so_far, pairs)
        out = seating.round_sit_outs(
            pairs,
            len(pairs) % 2,
            spells,
            rng,
            waiting=[pair for pair in pairs if set(pair) <= waiting],
            earlier=Counter({pair: earlier[pair[0]] + earlier[pair[1]] for pair in pairs}),
        )
        playing = [pair for pair in pairs if pair not in out]
        tables = seating.arrange_pairs(playing, rng, met=partnership_meetings(night))
        # A player with no partner waits for one; waiting on is no new sit-out.
        newly_loose = tuple(p for p in loose if p not in waiting)
        plan = seating.Seating(tables, tuple(p for pair in out for p in pair) + newly_loose)
        partners = {a: b for a, b in pairs} | {b: a for a, b in pairs}
        return seat_round(
            night, number, plan, by_id, by, partners=partners, room_round=so_far.room_round + 1
        )
    big, here = split_off_big_tables(night, here, so_far.big, rng)
    singles = [(pid,) for pid in here]
    out = seating.round_sit_outs(
        singles,
        len(here) % 4,
        Counter({(p,): so_far.spells[p] for p in here}),
        rng,
        waiting=[(p,) for p in waiting],
        earlier=Counter({(p,): earlier[p] for p in here}),
    )
    sitting_out = {u[0] for u in out}
    rest = [p for p in here if p not in sitting_out]
    tables = seating.arrange(rest, rng, partnered=so_far.partnered, opposed=so_far.opposed)
    plan = seating.Seating(big + tables, tuple(sorted(sitting_out)))
    return seat_round(night, number, plan, by_id, by, room_round=so_far.room_round + 1)
