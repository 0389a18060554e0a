"""Seating a club night's first round, and what every later seating of the night builds on."""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from play import seating
from play.checkins import locked_open_night
from play.models import Game, Night, NightRound, SitOut, TableSeating
from play.services import game_start
from rookclub.clubs.models import Player
from rookclub.core.errors import Conflict, Invalid, NotFound
from rookclub.core.roles import Actor

#: A progressive round is one four-hand game per table (docs/rules.md §6).
PROGRESSIVE_HANDS = 4


def playing(games: QuerySet[Game]) -> QuerySet[Game]:
    """Games still being played: neither finished nor voided by a director."""
    return games.exclude(status=Game.Status.FINISHED).filter(voided_at__isnull=True)


def players_here(night: Night) -> list[Player]:
    """Who is here tonight: checked in and not gone home."""
    rows = night.check_ins.filter(left_at__isnull=True).select_related("player", "player__club")
    return [c.player for c in rows.order_by("checked_in_at", "id")]


def sit_outs_on_earlier_nights(night: Night) -> Counter:
    """Sit-outs of the club's earlier nights this year, so one night's leftovers rotate."""
    rows = SitOut.objects.filter(
        round__night__club_id=night.club_id, round__night__date__year=night.date.year
    ).exclude(round__night=night)
    return Counter(rows.values_list("player_id", flat=True))


@dataclass
class SeatingSoFar:
    """What tonight's seating so far means for the next: each table's current seating,
    who started sitting out how often, who partnered and opposed whom."""

    tables: dict[int, TableSeating]
    spells: Counter
    partnered: Counter
    opposed: Counter
    partners: dict[int, int]  # fixed nights: player id -> partner id
    last_number: int
    #: How often each player has sat at a table of five or six tonight.
    big: Counter = field(default_factory=Counter)
    #: The room's round being played (``NightRound.room_round`` of the latest seating).
    room_round: int = 0

    def seated(self) -> set[int]:
        return {pid for t in self.tables.values() for pid in _ids(t)}


def current_table(night: Night, number: int) -> TableSeating:
    """Table ``number``'s current seating tonight (its latest), or 404."""
    table = (
        TableSeating.objects.filter(round__night=night, table=number)
        .select_related("round__night__club", "north", "east", "south", "west", "fifth", "sixth")
        .order_by("-round__number")
        .first()
    )
    if table is None:
        raise NotFound(f"This club night has no table {number}.")
    return table


def _ids(table: TableSeating) -> tuple[int, ...]:
    return table.player_ids()


def seating_so_far(night: Night) -> SeatingSoFar:
    """Tonight's rounds read once: the tables as now seated, sit-outs, partners and opponents."""
    rounds = list(night.rounds.order_by("number").prefetch_related("tables", "sit_outs"))
    so_far = SeatingSoFar(
        {}, Counter(), Counter(), Counter(), {}, rounds[-1].number if rounds else 0
    )
    so_far.room_round = rounds[-1].room_round if rounds else 0
    for r in rounds:
        for t in r.tables.all():
            so_far.tables[t.table] = t  # a later seating of the same table replaces it
            if t.fifth_id is not None:  # a table of five or six: no fixed partners
                so_far.big.update(_ids(t))
                continue
            partners, opponents = seating.pairs_of(_ids(t))
            so_far.partnered.update(partners)
            so_far.opposed.update(opponents)
            for a, b in partners:
                so_far.partners[a], so_far.partners[b] = b, a
        for s in r.sit_outs.all():
            so_far.spells[s.player_id] += 1
            if s.partner_id:
                so_far.partners[s.player_id] = s.partner_id
                so_far.partners[s.partner_id] = s.player_id
    return so_far


def partnerships_here(
    so_far: SeatingSoFar, here: list[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """A fixed night's partnerships among those here; partners of players who went home,
    and late arrivals, are paired in the order they came."""
    present = set(here)
    pairs, loose = [], []
    for pid in here:
        partner = so_far.partners.get(pid)
        if partner in present:
            if pid < partner:
                pairs.append((pid, partner))  # sorted, as partnership_meetings keys them
        else:
            loose.append(pid)
    pairs += [tuple(sorted(pair)) for pair in zip(loose[::2], loose[1::2], strict=False)]
    return pairs, loose[len(loose) - len(loose) % 2 :]


@transaction.atomic
def night_seat(
    *,
    night: Night,
    by: Actor,
    method: str | None = None,
    partnerships: Sequence[tuple[Player, Player]] | None = None,
    seed: int | None = None,
) -> NightRound:
    """Seat the night's first round and start a game at every table."""
    night = locked_open_night(night, by, "seat it")
    if night.rounds.exists():
        raise Conflict("This club night is already seated.", code="already_seated")
    method = method or night.seating_method
    if method not in Night.Seating.values:
        raise Invalid("Unknown seating.", errors={"method": ["random, fixed or progressive"]})
    if method != night.seating_method:
        night.seating_method = method
        night.save(update_fields=["seating_method"])
    players = players_here(night)
    if len(players) < 4:
        raise Invalid("Not enough players.", errors={"players": ["check in at least four players"]})
    seed = seed if seed is not None else secrets.randbelow(2**31)
    by_id = {p.pk: p for p in players}
    ids = sorted(by_id)
    if method == Night.Seating.FIXED:
        pairs = _pairs(partnerships, by_id)
        paired = {pid for pair in pairs for pid in pair}
        plan = seating.fixed_partnerships(
            pairs,
            seed=seed,
            unpaired=[i for i in ids if i not in paired],
            sat_out=sit_outs_on_earlier_nights(night),
        )
        partners = {a: b for a, b in pairs} | {b: a for a, b in pairs}
        return seat_round(night, 1, plan, by_id, by, partners=partners)
    big, ids = split_off_big_tables(night, ids, Counter(), random.Random(seed))
    if not ids:
        plan = seating.Seating((), ())
    elif method == Night.Seating.PROGRESSIVE:
        plan = seating.progressive_round(ids, seed=seed)
    else:
        plan = seating.random_draw(ids, seed=seed, sat_out=sit_outs_on_earlier_nights(night))
    plan = seating.Seating(big + plan.tables, plan.sit_outs)
    return seat_round(night, 1, plan, by_id, by)


def _pairs(
    partnerships: Sequence[tuple[Player, Player]] | None, by_id: dict[int, Player]
) -> list[tuple[int, int]]:
    errors = []
    pairs = []
    seen: set[int] = set()
    for pair in partnerships or []:
        if len(pair) != 2 or pair[0].pk == pair[1].pk:
            errors.append("each partnership is two different players")
            continue
        for p in pair:
            if p.pk not in by_id:
                errors.append(f"{p.name} is not checked in")
            if p.pk in seen:
                errors.append(f"{p.name} is in two partnerships")
            seen.add(p.pk)
        pairs.append((pair[0].pk, pair[1].pk))
    if len(pairs) < 2 and not errors:
        errors.append("give at least two partnerships")
    if errors:
        raise Invalid("Check the partnerships.", errors={"partnerships": errors})
    return pairs


def _game_options(night: Night) -> dict[str, Any]:
    options = dict(night.ruleset_options or {})
    if night.seating_method == Night.Seating.PROGRESSIVE:
        options["fixed_hands"] = PROGRESSIVE_HANDS
    return options


def _table_game(night: Night, size: int) -> tuple[str, dict[str, Any]]:
    """The ruleset and options a table of ``size`` plays: the night's at a table of four,
    its game for five or for six at a bigger one (four hands on a progressive night)."""
    if size == 4:
        return night.ruleset_slug, _game_options(night)
    slug = night.game_for_five if size == 5 else night.game_for_six
    progressive = night.seating_method == Night.Seating.PROGRESSIVE
    return slug, {"fixed_hands": PROGRESSIVE_HANDS} if progressive else {}


def start_table_game(night: Night, table: TableSeating, dealer: str, by: Actor) -> Game:
    """Start the game the table's size plays; seat1 deals at a bigger table without the dealer."""
    seats = table.seats()
    slug, options = _table_game(night, len(seats))
    if len(seats) > 4 and dealer not in seats:
        dealer = "seat1"
    return game_start(
        ruleset=slug,
        options=options,
        seats=seats,
        dealer=dealer,
        night=night,
        table_seating=table,
        created_by=by,
    )


def _big_sizes(night: Night, count: int) -> tuple[int, ...] | None:
    """Table sizes with tables of five or six, when the night asks for them and the
    numbers need them; None otherwise (tables of four, sit-outs as before)."""
    if not night.tables_of_five_or_six or night.seating_method == Night.Seating.FIXED:
        return None
    sizes = seating.table_sizes(count, five=bool(night.game_for_five), six=bool(night.game_for_six))
    return sizes if sizes and max(sizes) > 4 else None


def split_off_big_tables(
    night: Night, ids: list[int], spells: Counter, rng: random.Random
) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """The tables of five or six this round and who is left for the tables of four."""
    sizes = _big_sizes(night, len(ids))
    if sizes is None:
        return (), ids
    return seating.big_tables(ids, sizes, spells, rng)  # type: ignore[return-value]


def seat_round(
    night: Night,
    number: int,
    plan: seating.Seating,
    by_id: dict[int, Player],
    by: Actor,
    *,
    partners: dict[int, int] | None = None,
    table_numbers: Sequence[int] | None = None,
    dealer: str = "north",
    room_round: int = 1,
) -> NightRound:
    """Store a seating and start a game at each of its tables. ``plan.sit_outs`` are
    those who *start* sitting out here; on a fixed night each keeps a note of the
    partner who sits out with them. ``room_round``: the round of the room it belongs to."""
    partners = partners or {}
    round_ = NightRound.objects.create(night=night, number=number, room_round=room_round)
    SitOut.objects.bulk_create(
        SitOut(round=round_, player=by_id[pid], partner=by_id.get(partners.get(pid, 0)))
        for pid in plan.sit_outs
    )
    numbers = table_numbers or range(1, len(plan.tables) + 1)
    for index, ids in zip(numbers, plan.tables, strict=True):
        n, e, s, w, *more = ids
        table = TableSeating.objects.create(
            round=round_,
            table=index,
            north=by_id[n],
            east=by_id[e],
            south=by_id[s],
            west=by_id[w],
            fifth=by_id[more[0]] if more else None,
            sixth=by_id[more[1]] if len(more) > 1 else None,
        )
        start_table_game(night, table, dealer, by)
    return round_


def partnership_sit_outs(so_far: SeatingSoFar, pairs: list[tuple[int, int]]) -> Counter:
    """How often each partnership has sat out tonight: the more of its two players' spells."""
    return Counter({pair: max(so_far.spells[pair[0]], so_far.spells[pair[1]]) for pair in pairs})


def partnership_meetings(night: Night) -> Counter:
    """How often two fixed partnerships have met at a table tonight."""
    return Counter(
        frozenset((tuple(sorted((t.north_id, t.south_id))), tuple(sorted((t.east_id, t.west_id)))))
        for t in TableSeating.objects.filter(round__night=night)
    )
