"""A ruleset is data: every choice docs/rules.md lists is a parameter of ``Ruleset``, a
frozen dataclass that refuses an unplayable one on construction and caches what follows
from it. Seats are listed clockwise; play, bidding and the deal pass to the next seat."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cached_property
from itertools import accumulate
from types import MappingProxyType
from typing import Any

from .cards import BIRD, COLOURS, NO_TRUMP, RED_ONE, Card, build_deck
from .errors import Problems, RulesetError
from .messages import cite
from .options import CHOICES, apply_options, is_int
from .variants import DEFAULT_SLUG, VARIANTS

NORTH, EAST, SOUTH, WEST = "north", "east", "south", "west"
FOUR_SEATS: tuple[str, ...] = (NORTH, EAST, SOUTH, WEST)
NORTH_SOUTH, EAST_WEST = "north_south", "east_west"
FOUR_SIDES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (NORTH_SOUTH, (NORTH, SOUTH)),
    (EAST_WEST, (EAST, WEST)),
)
#: Side names in games where the declarer calls a partner (High Card Partner).
DECLARERS, DEFENDERS = "declarers", "defenders"
#: The code of a ruleset whose parameters are each fine but cannot be played together.
HOUSE_RULES = "house_rules"


@dataclass(frozen=True)
class Ruleset:
    slug: str
    name: str
    # -- the table: seats clockwise; a dummy is dealt a hand but is nobody's seat
    seats: tuple[str, ...] = FOUR_SEATS
    dummy_seats: tuple[str, ...] = ()
    #: fixed sides | each seat for itself | the declarer calls a partner | the declarer
    #: alone against every other seat combined (the 2011 games for 2 and 3)
    partnership: str = "fixed"
    sides: tuple[tuple[str, tuple[str, ...]], ...] = FOUR_SIDES  # only for "fixed"
    dummy_position: str = "fixed"  # or "dealer_right": the dummy sits at the dealer's right
    dummy_blind: bool = False  # the dummy's top card is played unseen: it cannot renege
    # -- the deck and its counters (docs/rules.md §1)
    ranks: tuple[int, ...] = tuple(range(5, 15))
    bird: bool = True
    red_one: bool = False
    counter_values: tuple[tuple[int, int], ...] = ((5, 5), (10, 10), (14, 10))
    bird_points: int = 20
    red_one_points: int = 30
    ones_high: bool = False  # Buckeye: the 1 outranks the 14
    bird_rank: str = "high"
    # -- deal and nest (docs/rules.md §2)
    nest_size: int = 5
    hand_size: int | None = None  # None: deal the whole deck; less leaves a draw pile
    cards_out: int = 0  # cards set aside unseen, out of play (2011 games for 2 and 3)
    nest_exchange: int | None = None  # most cards of the hand swapped with the nest; None: all
    nest_capture: str = "last_trick"
    nest_counts_as_trick: bool = False  # Dixie
    counters_in_nest: bool = True  # Tennessee forbids burying counters
    trump_from_nest: bool = False  # Beginner: the top nest card names trump
    # The declarer's calls in the encyclopedia article: "no trump"; "low", low cards beat
    # high ones; "circus", the left opponent names trump.
    no_trump: bool = False
    low_card: bool = False
    circus: bool = False
    # -- bidding (docs/rules.md §2)
    bidding: bool = True
    min_bid: int = 70
    max_bid: int | None = None  # None: the points at stake in a hand
    bid_step: int = 5
    all_pass: str = "redeal"
    first_lead: str = "left_of_dealer"
    # -- scoring a hand (docs/rules.md §3)
    points_per_trick: int = 0
    most_tricks_bonus: int = 0
    most_tricks_tie: str = "none"
    all_tricks_bonus: int = 0
    nest_bonus: int = 0
    set_declarer: str = "minus_bid"
    set_opponents_multiplier: int = 1
    # -- irregularities (docs/rules.md §5)
    table_talk_penalty: int = 40
    improper_discard_penalty: int = 40
    improper_discard: str = "penalty"
    misdeal_penalty: int = 40
    penalty_scope: str = "side"  # "player": only the offender loses it when players score apart
    #: A renege found later: None sets the offenders back the bid; a number N scores -N
    #: for the offenders and +N for every other side, and nothing else (a house rule).
    renege_points: int | None = None
    # -- the game (docs/rules.md §4, §6)
    target: int | None = 300
    fixed_hands: int | None = None
    seat_exchange_interval: int = 4  # 0: never
    partner_rotation: str = "fixed"
    #: Players tied at the top past the target or the fixed hands: "play_on" (docs/rules.md
    #: §4), "shared_win" (the 2011 game for three) or "tie", nobody winning (a round clock).
    tie_at_target: str = "play_on"

    def __post_init__(self) -> None:
        problems = validate(self)
        # Each parameter well typed and in its bounds, but not playable together: the
        # refusal of house rules no schema of single options can state.
        code = HOUSE_RULES if problems and not _parameter_problems(self) else None
        problems.raise_if_any(RulesetError, code)

    # ---- derived facts, computed once ------------------------------------------------

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        return build_deck(self.ranks, self.bird, self.red_one)

    @cached_property
    def deck_set(self) -> frozenset[Card]:
        return frozenset(self.deck)

    @cached_property
    def card_points(self) -> dict[Card, int]:
        values = dict(self.counter_values)
        points = {card: values.get(card.rank, 0) for card in self.deck}
        if self.bird:
            points[BIRD] = self.bird_points
        if self.red_one:
            points[RED_ONE] = self.red_one_points
        return points

    @cached_property
    def total_counters(self) -> int:
        """Counter points in the deck: 120 with the Bird, 100 without (docs/rules.md §1)."""
        return sum(self.card_points.values())

    @cached_property
    def granularity(self) -> int:
        """Every side's counters are a multiple of this (5 in all games but Beginner)."""
        return math.gcd(*(p for p in self.card_points.values() if p)) or 1

    @cached_property
    def cards_per_hand(self) -> int:
        return self.cards_dealt // len(self.seats) if self.hand_size is None else self.hand_size

    @cached_property
    def cards_dealt(self) -> int:
        """Cards dealt to the hands and the draw pile: all but the nest and those out."""
        return len(self.deck) - self.nest_size - self.cards_out

    @cached_property
    def draw_pile(self) -> int:
        return self.cards_dealt - self.cards_per_hand * len(self.seats)

    @cached_property
    def tricks_played(self) -> int:
        return self.cards_dealt // len(self.seats)

    @cached_property
    def cards_leaving_play(self) -> int:
        """Cards whose counters no side can take: those set aside unseen, and a nest
        nobody captures when counters may be buried in it (game for two, Beginner)."""
        nest = self.nest_size if self.nest_capture == "nobody" and self.counters_in_nest else 0
        return self.cards_out + nest

    @cached_property
    def richest_points(self) -> tuple[int, ...]:
        """``richest_points[n]``: the most counter points any ``n`` cards of the deck hold."""
        return (0, *accumulate(sorted(self.card_points.values(), reverse=True)))

    def most_counters(self, cards: int) -> int:
        """The most counter points ``cards`` cards can hold."""
        return self.richest_points[max(0, min(cards, len(self.deck)))]

    @cached_property
    def least_counters_in_play(self) -> int:
        """The counters left in play when the cards leaving play are the richest possible."""
        return self.total_counters - self.most_counters(self.cards_leaving_play)

    def holdings_for_tricks(self, tricks: int) -> tuple[tuple[int, bool], ...]:
        """What a side recording ``tricks`` tricks can hold: each way as (cards won in tricks,
        whether it holds the nest). The nest goes with the last trick; where it counts as a
        trick (Dixie) it is one of the recorded ones."""
        nest_taken = self.nest_capture == "last_trick" and self.nest_size > 0
        per_trick, played = len(self.seats), self.tricks_played
        ways = []
        if 0 <= tricks <= played and not (nest_taken and tricks == played):
            ways.append((tricks * per_trick, False))
        in_play = tricks - (1 if nest_taken and self.nest_counts_as_trick else 0)
        if nest_taken and 1 <= in_play <= played:
            ways.append((in_play * per_trick, True))
        return tuple(ways)

    def most_counters_for_tricks(self, tricks: int) -> int:
        """The most counters a side that took ``tricks`` recorded tricks can hold: the
        richest cards of any way it can hold (``holdings_for_tricks``)."""
        return max(
            (
                self.most_counters(cards + (self.nest_size if nest else 0))
                for cards, nest in self.holdings_for_tricks(tricks)
            ),
            default=0,
        )

    @cached_property
    def tricks_counted(self) -> int:
        """Tricks that count for trick points and bonuses (Dixie's nest is one more)."""
        extra = 1 if self.nest_counts_as_trick and self.nest_size else 0
        return self.tricks_played + extra

    @cached_property
    def points_at_stake(self) -> int:
        return (
            self.total_counters
            + self.points_per_trick * self.tricks_counted
            + self.most_tricks_bonus
            + self.nest_bonus
        )

    @cached_property
    def highest_bid(self) -> int:
        """Maximum bid: the option, else the points at stake (docs/rules.md §2: 120 with Bird)."""
        if self.max_bid is not None:
            return self.max_bid
        return self.points_at_stake - self.points_at_stake % self.bid_step

    @cached_property
    def player_seats(self) -> tuple[str, ...]:
        """Seats held by players: they deal and bid.  A dummy does neither."""
        return tuple(s for s in self.seats if s not in self.dummy_seats)

    @cached_property
    def side_names(self) -> tuple[str, ...]:
        if self.partnership == "fixed":
            return tuple(name for name, _ in self.sides)
        if self.partnership == "individual":
            return self.seats
        return (DECLARERS, DEFENDERS)  # called_partner, bidder_alone

    @cached_property
    def fixed_side_of(self) -> dict[str, str]:
        """Seat -> side, for games whose sides do not depend on the bid."""
        if self.partnership == "fixed":
            return {seat: name for name, members in self.sides for seat in members}
        if self.partnership == "individual":
            return {seat: seat for seat in self.seats}
        return {}

    @cached_property
    def needs_tricks(self) -> bool:
        """Whether a score sheet must record each side's tricks."""
        return bool(self.points_per_trick or self.most_tricks_bonus or self.all_tricks_bonus)

    @cached_property
    def scores_players(self) -> bool:
        """True when the game is won by a player, not by a fixed partnership."""
        return self.partnership != "fixed" or self.partner_rotation == "individual"

    @cached_property
    def derived_cache(self) -> dict:
        """Tables other modules derive from this ruleset (e.g. trick rules per trump)."""
        return {}

    @cached_property
    def trump_names(self) -> tuple[str, ...]:
        return (*COLOURS, NO_TRUMP) if self.no_trump else COLOURS

    @cached_property
    def left_of(self) -> dict[str, str]:
        """Seat -> the player's seat to its left (clockwise), skipping a dummy."""
        seats, left = self.seats, {}
        for i, seat in enumerate(seats):
            j = (i + 1) % len(seats)
            while seats[j] in self.dummy_seats:
                j = (j + 1) % len(seats)
            left[seat] = seats[j]
        return left

    def table_order(self, dealer: str) -> tuple[str, ...]:
        """The seats clockwise for a hand ``dealer`` deals.  A dummy that sits at the
        dealer's right (both booklets) moves with the deal; otherwise ``seats``."""
        if self.dummy_position == "fixed" or dealer not in self.player_seats:
            return self.seats
        players, i = self.player_seats, self.player_seats.index(dealer)
        return (*players[i:], *players[:i], *self.dummy_seats)

    def play_orders_for(self, dealer: str) -> dict[str, tuple[str, ...]]:
        """Leader -> every seat in the order they play to a trick, clockwise, for a hand
        ``dealer`` deals (the dummy may move with the deal)."""
        seats = self.table_order(dealer)
        orders = self.derived_cache.get(("play_orders", seats))
        if orders is None:
            orders = {s: seats[i:] + seats[:i] for i, s in enumerate(seats)}
            self.derived_cache["play_orders", seats] = orders
        return orders

    def first_leader(self, dealer: str, declarer: str | None) -> str:
        """Who leads the first trick: left of the dealer (docs/rules.md §2), the dealer
        (Dixie), the declarer's opponent (Tennessee) or the dummy (the 2011 game for 2)."""
        if self.first_lead == "dealer":
            return dealer
        if self.first_lead == "left_of_declarer" and declarer is not None:
            return self.left_of[declarer]
        if self.first_lead == "dummy" and self.dummy_seats:
            return self.dummy_seats[0]
        return self.left_of[dealer]

    def side_of(self, seat: str, bidder: str | None = None, partner: str | None = None) -> str:
        side = self.fixed_side_of.get(seat)
        if side is not None:
            return side
        return DECLARERS if seat in (bidder, partner) else DEFENDERS

    # ---- JSON -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "sides":
                value = {name: list(members) for name, members in value}
            elif f.name == "counter_values":
                value = {str(rank): pts for rank, pts in value}
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Read ``to_dict`` output.  Keys left out take the preset's (or default) value,
        except in a whole snapshot written before a parameter existed: there it takes
        the value the game was played under (the class default), so that a stored game
        is never rescored by a later change of its preset."""
        if not isinstance(data, Mapping):
            raise RulesetError({"ruleset": [cite("must be a JSON object")]})
        base = PRESETS.get(data.get("slug")) if isinstance(data.get("slug"), str) else None
        if base is not None and data.keys() >= _FIRST_FIELDS:
            older = {k: getattr(_DEFAULT, k) for k in _LATER_FIELDS if k not in data}
            data = {**older, **data}
        return apply_options(base or _DEFAULT, data)

    def options(self) -> dict[str, Any]:
        """The options that differ from this slug's preset (the club's house rules)."""
        base = PRESETS.get(self.slug)
        if base is None:
            return self.to_dict()
        mine, theirs = self.to_dict(), base.to_dict()
        return {k: v for k, v in mine.items() if theirs.get(k) != v}


#: The whole-number options that may be 0 but not less.
NON_NEGATIVE = (
    *("bird_points", "red_one_points", "nest_size", "points_per_trick", "most_tricks_bonus"),
    *("all_tricks_bonus", "nest_bonus", "table_talk_penalty", "improper_discard_penalty"),
    *("misdeal_penalty", "seat_exchange_interval", "cards_out"),
)


def _parameter_problems(r: Ruleset) -> Problems:
    """What is wrong with single parameters, each alone: a choice not offered, a
    negative number of points."""
    p = Problems()
    for name, choices in CHOICES.items():
        if getattr(r, name) not in choices:
            p.add(name, f"must be one of {', '.join(choices)}")
    for name in NON_NEGATIVE:
        value = getattr(r, name)
        if not is_int(value) or value < 0:
            p.add(name, "must be a whole number, 0 or more")
    if r.renege_points is not None and (not is_int(r.renege_points) or r.renege_points < 1):
        p.add("renege_points", "must be a whole number, 1 or more, or null")
    return p


def validate(r: Ruleset) -> Problems:
    """Every reason ``r`` cannot be played, per parameter."""
    p = _parameter_problems(r)
    if p:  # the checks below assume well-typed values
        return p
    _validate_table(r, p)
    _validate_deck(r, p)
    if not p:
        _validate_play(r, p)
    return p


def _validate_table(r: Ruleset, p: Problems) -> None:
    if len(r.seats) < 2 or len(set(r.seats)) != len(r.seats):
        p.add("seats", "need at least two seats, each named once")
    if not set(r.dummy_seats) <= set(r.seats):
        p.add("dummy_seats", "a dummy must be one of the seats")
    for name in ("dummy_blind", "dummy_position"):
        if getattr(r, name) not in (False, "fixed") and not r.dummy_seats:
            p.add(name, "only for games with a dummy")
    if r.first_lead == "dummy" and not r.dummy_seats:
        p.add("first_lead", "only a game with a dummy can have the dummy lead")
    if len(r.seats) - len(r.dummy_seats) < 2:
        p.add("dummy_seats", "need at least two players")
    if r.partnership == "fixed":
        members = [s for _, seats in r.sides for s in seats]
        if sorted(members) != sorted(r.seats) or len(r.sides) < 2:
            p.add("sides", "fixed partnerships must place every seat on exactly one side")
    interval = r.seat_exchange_interval
    if interval and r.partnership == "fixed" and any(len(m) != 2 for _, m in r.sides):
        p.add("seat_exchange_interval", "seat exchange needs partnerships of two (use 0)")
    if interval and r.partnership != "fixed":
        p.add("seat_exchange_interval", "seat exchange is for fixed partnerships (use 0)")
    if r.partner_rotation == "individual" and (
        len(r.seats) != 4 or r.partnership != "fixed" or not interval
    ):
        p.add("partner_rotation", "individual rotation needs four seats in two partnerships")
    if r.target is None and r.fixed_hands is None:
        p.add("target", "a game needs a target score or a fixed number of hands")
    if r.target is not None and r.target <= 0:
        p.add("target", "must be more than 0")
    if r.fixed_hands is not None and r.fixed_hands <= 0:
        p.add("fixed_hands", "must be more than 0")


def _validate_deck(r: Ruleset, p: Problems) -> None:
    if not r.ranks or len(set(r.ranks)) != len(r.ranks) or not all(1 <= x <= 14 for x in r.ranks):
        p.add("ranks", "must be distinct ranks from 1 to 14")
        return
    if not {rank for rank, _ in r.counter_values} <= set(r.ranks):
        p.add("counter_values", "every counter rank must be in the deck")
    if r.red_one and 1 in r.ranks:
        p.add("red_one", "the Red 1 variant adds the red 1 to a deck without 1s")
    if r.ones_high and 1 not in r.ranks:
        p.add("ones_high", "the deck has no 1s")
    deck, seats = len(r.deck), len(r.seats)
    in_hands = r.cards_dealt
    if r.hand_size is None and in_hands % seats:
        p.add(
            "nest_size",
            f"{deck} cards less a nest of {r.nest_size} do not deal evenly to {seats} seats",
        )
    if in_hands <= 0:
        p.add("cards_out", f"the nest and the cards set aside leave no cards of {deck} to deal")
        return
    if r.hand_size is not None and not 0 < r.hand_size * seats <= in_hands:
        p.add("hand_size", f"{seats} hands of {r.hand_size} do not fit a {deck}-card deck")
    if in_hands % seats:
        p.add("nest_size", "every card outside the nest must be played in full tricks")


def _validate_play(r: Ruleset, p: Problems) -> None:
    if r.bidding:
        if not (r.bid_step > 0 and r.min_bid > 0 and r.min_bid % r.bid_step == 0):
            p.add("min_bid", "must be more than 0 and a multiple of the bid step")
        elif r.highest_bid < r.min_bid or r.highest_bid % r.bid_step:
            p.add("max_bid", f"must be a multiple of {r.bid_step} from the minimum bid up")
    elif r.partnership in ("called_partner", "bidder_alone") or r.most_tricks_tie == "defenders":
        p.add("bidding", "this game needs a declarer, so it needs bidding")
    for name in ("low_card", "circus"):
        if getattr(r, name) and not r.bidding:
            p.add(name, "the declarer calls it, so the game needs bidding")
    if r.circus and (r.partnership != "fixed" or r.dummy_seats):
        p.add("circus", "circus Rook is for partnerships without a dummy")
    if r.nest_exchange is not None and not 0 < r.nest_exchange <= r.nest_size:
        p.add("nest_exchange", f"must be from 1 to the nest's {r.nest_size} cards, or null")
    if r.trump_from_nest and (r.bidding or not r.nest_size):
        p.add("trump_from_nest", "only for games without bidding that deal a nest")
    if not r.bidding and not r.trump_from_nest:
        p.add("bidding", "without bidding, trump must come from the nest")
    if r.nest_bonus and (not r.nest_size or r.nest_capture == "nobody"):
        p.add("nest_bonus", "needs a nest that someone captures")
    if r.set_opponents_multiplier < 1:
        p.add("set_opponents_multiplier", "must be 1 or more")
    if r.tie_at_target == "shared_win" and not r.scores_players:
        p.add("tie_at_target", "a shared win is for games won by a player, not a partnership")
    if r.partnership == "called_partner" and len(r.player_seats) < 3:
        p.add("partnership", "calling a partner needs at least three players")


_DEFAULT = Ruleset(slug=DEFAULT_SLUG, name=VARIANTS[DEFAULT_SLUG][0])
#: Parameters added after the first stored snapshots, each with its class default the
#: rules played before it: a whole snapshot without one replays under that default.
_LATER_FIELDS = frozenset(
    {"dummy_position", "dummy_blind", "cards_out", "nest_exchange", "low_card", "circus"}
    | {"penalty_scope", "tie_at_target", "renege_points"}
)
#: The parameters every stored snapshot holds: a mapping with all of them is a whole one.
_FIRST_FIELDS = frozenset(f.name for f in fields(Ruleset)) - _LATER_FIELDS
#: slug -> the named ruleset: every game of the rulebooks (``variants.py``).
PRESETS: Mapping[str, Ruleset] = MappingProxyType(
    {
        slug: replace(_DEFAULT, slug=slug, name=name, **changes)
        for slug, (name, changes) in VARIANTS.items()
    }
)
