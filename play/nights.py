"""Running a club night's tables: seating players, new games at a table, the next
progressive round, and closing the night (which locks its games).

Opening a night and checking players in are the club domain's
(:mod:`rookclub.clubs.services`); here the night meets its games. Seating itself is
pure Python in :mod:`play.seating`.
"""

from __future__ import annotations

import datetime
import random
import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from play import seating
from play.checkins import closed_when, locked_open_night
from play.models import Game, Night, NightEvent, NightRound, SitOut, TableSeating
from play.services import game_start, ruleset_or_invalid
from rookclub.clubs.models import Club, Player
from rookclub.core.errors import Conflict, Invalid, NotFound
from rookclub.core.roles import Actor, require_director, user_or_none
from scoring.engine import PRESETS

#: A progressive round is one four-hand game per table (docs/rules.md §6).
PROGRESSIVE_HANDS = 4


def playing(games: QuerySet[Game]) -> QuerySet[Game]:
    """Games still being played: neither finished nor voided by a director."""
    return games.exclude(status=Game.Status.FINISHED).filter(voided_at__isnull=True)


def _checked_in(night: Night) -> list[Player]:
    """Who is here tonight: checked in and not gone home."""
    rows = night.check_ins.filter(left_at__isnull=True).select_related("player", "player__club")
    return [c.player for c in rows.order_by("checked_in_at", "id")]


def _past_sit_outs(night: Night) -> Counter:
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


def _so_far(night: Night) -> SeatingSoFar:
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


def _pairs_here(so_far: SeatingSoFar, here: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """A fixed night's partnerships among those here; partners of players who went home,
    and late arrivals, are paired in the order they came."""
    present = set(here)
    pairs, loose = [], []
    for pid in here:
        partner = so_far.partners.get(pid)
        if partner in present:
            if pid < partner:
                pairs.append((pid, partner))  # sorted, as _meetings keys them
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
    players = _checked_in(night)
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
            sat_out=_past_sit_outs(night),
        )
        partners = {a: b for a, b in pairs} | {b: a for a, b in pairs}
        return _make_round(night, 1, plan, by_id, by, partners=partners)
    big, ids = _with_big_tables(night, ids, Counter(), random.Random(seed))
    if not ids:
        plan = seating.Seating((), ())
    elif method == Night.Seating.PROGRESSIVE:
        plan = seating.progressive_round(ids, seed=seed)
    else:
        plan = seating.random_draw(ids, seed=seed, sat_out=_past_sit_outs(night))
    plan = seating.Seating(big + plan.tables, plan.sit_outs)
    return _make_round(night, 1, plan, by_id, by)


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


def _start_table_game(night: Night, table: TableSeating, dealer: str, by: Actor) -> Game:
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


def big_tables_text(night: Night) -> str:
    """What the night page says of a night that seats tables of five or six instead of
    sit-outs ("" for any other night): which tables and the game each plays."""
    if not night.tables_of_five_or_six:
        return ""
    games = [
        (size, PRESETS[slug].name)
        for size, slug in (("five", night.game_for_five), ("six", night.game_for_six))
        if slug in PRESETS
    ]
    if not games:
        return ""
    sizes = " or ".join(size for size, _ in games)
    plays = "; ".join(f"a table of {size} plays {name}" for size, name in games)
    return f"Nobody sits out: tables of {sizes} when the numbers need them ({plays})."


def _big_sizes(night: Night, count: int) -> tuple[int, ...] | None:
    """Table sizes with tables of five or six, when the night asks for them and the
    numbers need them; None otherwise (tables of four, sit-outs as before)."""
    if not night.tables_of_five_or_six or night.seating_method == Night.Seating.FIXED:
        return None
    sizes = seating.table_sizes(count, five=bool(night.game_for_five), six=bool(night.game_for_six))
    return sizes if sizes and max(sizes) > 4 else None


def _with_big_tables(
    night: Night, ids: list[int], spells: Counter, rng: random.Random
) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """The tables of five or six this round and who is left for the tables of four."""
    sizes = _big_sizes(night, len(ids))
    if sizes is None:
        return (), ids
    return seating.big_tables(ids, sizes, spells, rng)  # type: ignore[return-value]


def _make_round(
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
        _start_table_game(night, table, dealer, by)
    return round_


def _round_in_progress(so_far: SeatingSoFar) -> bool:
    current = [t.pk for t in so_far.tables.values()]
    return playing(Game.objects.filter(table_seating__in=current)).exists()


@transaction.atomic
def night_next_round(*, night: Night, by: Actor, seed: int | None = None) -> NightRound:
    """Reseat the whole room once every table's game is over: new partners on a random
    or progressive night, new opponents on a fixed one; who sits out rotates fairly
    and late arrivals come in."""
    night = locked_open_night(night, by, "seat another round")
    so_far = _so_far(night)
    if not so_far.tables:
        raise Conflict("Seat the first round first.", code="not_seated")
    if _round_in_progress(so_far):
        raise Conflict("Some tables are still playing this round.", code="round_in_progress")
    players = _checked_in(night)
    if len(players) < 4:
        raise Invalid("Not enough players.", errors={"players": ["at least four must be here"]})
    by_id = {p.pk: p for p in players}
    here = [p.pk for p in players]
    number = so_far.last_number + 1
    rng = random.Random(seed if seed is not None else night.pk * 7919 + number)
    waiting = set(here) - so_far.seated()
    earlier = _past_sit_outs(night)
    if night.seating_method == Night.Seating.FIXED:
        pairs, loose = _pairs_here(so_far, here)
        spells = _pair_spells(so_far, pairs)
        out = seating.round_sit_outs(
            pairs,
            len(pairs) % 2,
            spells,
            rng,
            waiting=[pair for pair in pairs if set(pair) <= waiting],
            earlier=Counter({pair: earlier[pair[0]] + earlier[pair[1]] for pair in pairs}),
        )
        playing = [pair for pair in pairs if pair not in out]
        tables = seating.arrange_pairs(playing, rng, met=_meetings(night))
        # A player with no partner waits for one; waiting on is no new sit-out.
        newly_loose = tuple(p for p in loose if p not in waiting)
        plan = seating.Seating(tables, tuple(p for pair in out for p in pair) + newly_loose)
        partners = {a: b for a, b in pairs} | {b: a for a, b in pairs}
        return _make_round(
            night, number, plan, by_id, by, partners=partners, room_round=so_far.room_round + 1
        )
    big, here = _with_big_tables(night, here, so_far.big, rng)
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
    return _make_round(night, number, plan, by_id, by, room_round=so_far.room_round + 1)


def _pair_spells(so_far: SeatingSoFar, pairs: list[tuple[int, int]]) -> Counter:
    return Counter({pair: max(so_far.spells[pair[0]], so_far.spells[pair[1]]) for pair in pairs})


def _meetings(night: Night) -> Counter:
    """How often two fixed partnerships have met at a table tonight."""
    return Counter(
        frozenset((tuple(sorted((t.north_id, t.south_id))), tuple(sorted((t.east_id, t.west_id)))))
        for t in TableSeating.objects.filter(round__night=night)
    )


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
    so_far = _so_far(night)
    if so_far.tables.get(table.table) != table:
        raise Conflict(f"Table {table.table} has been reseated since.", code="table_reseated")
    if playing(Game.objects.filter(table_seating=table)).exists():
        raise Conflict("This table's game is still in progress.", code="game_in_progress")
    players = _checked_in(night)
    by_id = {p.pk: p for p in players}
    at_table = [pid for pid in _ids(table) if pid in by_id]
    waiting = [p.pk for p in players if p.pk not in so_far.seated()]
    if table.fifth_id is not None:
        # A table of five or six plays on as it sits; a change of players waits for the
        # next round, where the director reseats the room.
        if len(at_table) != len(_ids(table)):
            raise Invalid(
                f"A player of table {table.table} went home; seat the next round instead.",
                errors={"players": ["seat the next round for everyone instead"]},
            )
        return NewGame(_start_table_game(night, table, dealer, by), [], [])
    if len(at_table) == 4 and not _can_come_in(night, so_far, waiting):
        return NewGame(_start_table_game(night, table, dealer, by), [], [])
    rng = random.Random(seed if seed is not None else table.pk * 7919 + so_far.last_number)
    fewest = min(so_far.spells[p.pk] for p in players)
    earlier = _past_sit_outs(night)
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
    new_round = _make_round(
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
    came_in = [by_id[p] for p in _ids(seated) if p not in set(_ids(table))]
    went_out = [by_id[p] for p in _ids(table) if p in by_id and p not in set(_ids(seated))]
    return NewGame(Game.objects.get(table_seating=seated), came_in, went_out)


def _can_come_in(night: Night, so_far: SeatingSoFar, waiting: list[int]) -> bool:
    """Is anyone waiting who could take a seat? On a fixed night a lone player cannot."""
    if night.seating_method != Night.Seating.FIXED:
        return bool(waiting)
    pairs, _ = _pairs_here(so_far, waiting)
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
    pairs, _ = _pairs_here(so_far, here)
    seated = so_far.seated()
    mine = [pair for pair in pairs if set(pair) <= set(at_table)]
    waiting = [pair for pair in pairs if not set(pair) & seated]
    count = len(mine) + len(waiting) - 2
    partners = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    if count < 0:
        return None, partners
    spells = _pair_spells(so_far, pairs)
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
    tables = seating.arrange_pairs(playing, rng, met=_meetings(night))
    starting = tuple(p for pair in out if pair in mine for p in pair)
    return seating.Seating(tables, starting), partners


@transaction.atomic
def night_close(*, night: Night, by: Actor) -> Night:
    """A director closes the night: no more hands, games or check-ins until it is reopened.
    Games in progress stay unfinished (their points count, nobody wins them); hands can
    still be confirmed and corrected. Every in-progress game is locked first, so a hand
    being recorded at that moment is either stored before the night closes or refused.
    """

    require_director(by, night.club)
    locked = Night.objects.select_for_update().get(pk=night.pk)
    if not locked.is_open:
        raise Conflict(
            f"This club night was already closed{closed_when(locked)}.", code="session_closed"
        )
    games = Game.objects.select_for_update().filter(night=locked)
    unfinished = sorted(playing(games).values_list("pk", flat=True))
    locked.status = Night.Status.CLOSED
    locked.closed_at = timezone.now()
    locked.save(update_fields=["status", "closed_at"])
    NightEvent.objects.create(
        night=locked,
        action=NightEvent.Action.CLOSED,
        by=user_or_none(by),
        details={"unfinished_games": unfinished},
    )
    return locked


@transaction.atomic
def night_open(
    *,
    club: Club,
    date: datetime.date,
    opened_by: Actor,
    seating_method: str = Night.Seating.RANDOM,
    ruleset: str = "tournament",
    options: dict[str, Any] | None = None,
    tables_of_five_or_six: bool = False,
    game_for_five: str = "five-player",
    game_for_six: str = "six-player",
    door_new_players: bool = False,
) -> Night:
    """A director opens a club night. ``tables_of_five_or_six``: players who would sit
    out are seated at tables of five or six instead, playing ``game_for_five`` and
    ``game_for_six`` ("" for none), on a random or progressive night.
    ``door_new_players``: its door link may add newcomers."""
    require_director(opened_by, club)
    if seating_method not in Night.Seating.values:
        raise Invalid(
            "Unknown seating.",
            errors={"seating_method": [f"one of {', '.join(Night.Seating.values)}"]},
        )

    ruleset_or_invalid(ruleset, options)  # refuse a ruleset that cannot be played now
    if tables_of_five_or_six:
        _check_big_games(seating_method, game_for_five, game_for_six)
    return Night.objects.create(
        club=club,
        date=date,
        opened_by=opened_by,
        seating_method=seating_method,
        ruleset_slug=ruleset,
        ruleset_options=options or {},
        tables_of_five_or_six=tables_of_five_or_six,
        game_for_five=game_for_five or "",
        game_for_six=game_for_six or "",
        door_new_players=bool(door_new_players),
    )


def _check_big_games(method: str, five: str, six: str) -> None:
    errors: dict[str, list[str]] = {}
    if method == Night.Seating.FIXED:
        errors["tables_of_five_or_six"] = [
            "fixed partnerships play at tables of four; choose random or progressive seating"
        ]
    for name, slug, players in (("game_for_five", five, 5), ("game_for_six", six, 6)):
        if not slug:
            continue
        rules = PRESETS.get(slug) if isinstance(slug, str) else None
        if rules is None or len(rules.player_seats) != players:
            games = ", ".join(s for s, r in PRESETS.items() if len(r.player_seats) == players)
            errors[name] = [f"a game for {players} players: one of {games}"]
    if not five and not six:
        errors["game_for_five"] = ["choose a game for five or a game for six"]
    if errors:
        raise Invalid("Check the tables of five or six.", errors=errors)
