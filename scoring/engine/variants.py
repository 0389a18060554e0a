"""Named rulesets: every game of the rulebooks, as data (docs/rules.md §7 to §14).

Each game is the Tournament ruleset with the differences its rule text states; where
a rulebook is silent the game keeps the Tournament rule. No engine imports."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_FULL_RANKS = tuple(range(1, 15))


def _seats(n: int) -> tuple[str, ...]:
    return tuple(f"seat{i}" for i in range(1, n + 1))


#: 3 x 3 partnerships: partners never sit side by side (Dixie, Partnership for Six).
_SIX_SIDES = (
    ("seats_135", ("seat1", "seat3", "seat5")),
    ("seats_246", ("seat2", "seat4", "seat6")),
)
_NO_BIRD_56 = {"ranks": _FULL_RANKS, "bird": False}
#: Partnership Rook's scoring and bidding: +20 for most tricks, any opening bid.
_PARTNERSHIP_SCORING = {"most_tricks_bonus": 20, "min_bid": 5}
#: No seat exchange (the rulebooks state it for Tournament Rook and Dixie only).
_KEEP_SEATS = {"seat_exchange_interval": 0}
#: The Deluxe Rook booklet's Dixie: 13s count instead of 14s; the majority of tricks (the
#: nest counts as one) takes 20, a tie gives it to the high bidder's opponents; the
#: dealer leads.
_DIXIE = {
    **_NO_BIRD_56,
    "counter_values": ((5, 5), (10, 10), (13, 10)),
    "nest_counts_as_trick": True,
    "most_tricks_bonus": 20,
    "most_tricks_tie": "defenders",
    "first_lead": "dealer",
}
#: The Deluxe Rook booklet's original games for two and three: 44 cards, 5-card nest set
#: aside after the declarer "may exchange any two" cards with it, +2 a trick (126), set:
#: 0 and opponents doubled; 30; 150.
_ORIGINAL_SMALL = {
    "ranks": tuple(range(4, 15)),
    "bird": False,
    "nest_capture": "nobody",
    "nest_exchange": 2,
    "points_per_trick": 2,
    "set_declarer": "zero",
    "set_opponents_multiplier": 2,
    "min_bid": 30,
    "target": 150,
}
#: The Hasbro 2011 booklet's games for 2 and 3: 44 cards, 5-card nest, "the other three
#: aside, out of play"; the bidder plays against the others combined; minimum bid 50.
_HASBRO_SMALL = {"ranks": tuple(range(4, 15)), "bird": False, "cards_out": 3, "min_bid": 50}


def _apart(seats: tuple[str, ...], partnership: str = "individual", **kw: Any) -> dict[str, Any]:
    """A game without fixed partnerships: no sides, so no seat exchange."""
    return {"seats": seats, "partnership": partnership, "sides": (), **_KEEP_SEATS, **kw}


def _with_dummy(partnership: str, **kw: Any) -> dict[str, Any]:
    """The games for two: a dummy is dealt "to your right", moving with the deal."""
    dummy = {"dummy_seats": ("dummy",), "dummy_position": "dealer_right"}
    return _apart(("seat1", "seat2", "dummy"), partnership, **dummy, **kw)


DEFAULT_SLUG = "tournament"

#: slug -> (name, the ruleset parameters that differ from Tournament Rook).
VARIANTS: Mapping[str, tuple[str, Mapping[str, Any]]] = {
    # Both booklets: the default.  41 cards, 9 each, 5-card nest.
    DEFAULT_SLUG: ("Tournament Rook (Kentucky Discard) with the Bird", {}),
    # The encyclopedia article: 2s-4s removed (the 1s stay, as plain cards), 10 each.
    "tournament-45": ("Tournament Rook, 45-card deck", {"ranks": (1, *range(5, 15))}),
    # A club's Kentucky Discard write-up: the full deck with the Bird, 13 each and a 5-card nest.
    "tournament-57": ("Tournament Rook, 57-card deck", {"ranks": _FULL_RANKS}),
    # The Deluxe Rook booklet: Kentucky Discard without the Bird: 40 cards, 4-card nest, 100 points.
    "tournament-no-bird": ("Tournament Rook without the Bird", {"bird": False, "nest_size": 4}),
    # The Hasbro 2011 booklet: individual scoring, partners change every four hands; 12 hands.
    # A penalty is the offender's alone: "taken from the score of a player who ... makes any
    # suggestion" (the Deluxe Rook booklet).
    "tournament-individual": (
        "Tournament Rook, individual scoring",
        {
            "partner_rotation": "individual",
            "fixed_hands": 12,
            "target": None,
            "penalty_scope": "player",
        },
    ),
    # The Deluxe Rook booklet: whole deck, no Bird, no nest, +20 for most tricks, any opening bid,
    # 200. Its text has no seat exchange (the booklet states it for Tournament Rook only).
    "partnership": (
        "Partnership Rook",
        {**_NO_BIRD_56, **_KEEP_SEATS, **_PARTNERSHIP_SCORING, "nest_size": 0, "target": 200},
    ),
    # Dixie "is similar to TOURNAMENT ROOK except ..." and its variations "follow the same
    # format as established in the rules for both TOURNAMENT ROOK and PARTNERSHIP ROOK":
    # partners exchange seats after every four hands, as in Tournament Rook.
    "dixie": ("Dixie", {**_DIXIE, "nest_size": 4}),
    # The Deluxe Rook booklet: the game for two deals a dummy "to your right" that the dealer
    # plays blind, lifting its top card.
    "two-player": (
        "The Original Game for Two",
        _with_dummy("individual", dummy_blind=True, **_ORIGINAL_SMALL),
    ),
    # The Deluxe Rook booklet: as the game for two, each player plays his own hand.
    "three-player": ("The Original Game for Three", _apart(_seats(3), **_ORIGINAL_SMALL)),
    # The Hasbro 2011 booklet: 12 to each player and to a dummy "to your right"; game 300.
    # The player who did not win the bid plays the dummy, face up; "the dummy hand leads
    # the first card"; nest and scoring as the Partnership Game.
    "two-player-2011": (
        "The Game for 2 Players (2011)",
        _with_dummy("bidder_alone", **_HASBRO_SMALL, first_lead="dummy", target=300),
    ),
    # The Hasbro 2011 booklet: as the game for 2 without the dummy (12 each); game 200.
    "three-player-2011": (
        "The Game for 3 Individual Players (2011)",
        _apart(_seats(3), "bidder_alone", **_HASBRO_SMALL, target=200),
    ),
    # Both booklets: 56 cards, no Bird, 6-card nest (5 players) or 2 (6); min 30; 150.
    "five-player": (
        "The Original Game for Five",
        _apart(_seats(5), **_NO_BIRD_56, nest_size=6, min_bid=30, target=150),
    ),
    "six-player": (
        "The Original Game for Six",
        _apart(_seats(6), **_NO_BIRD_56, nest_size=2, min_bid=30, target=150),
    ),
    # The Deluxe Rook booklet: 41 cards, 6-card nest; the holder of the called card partners the
    # declarer; scoring and bidding as Partnership Rook (+20 most tricks, any bid); 500.
    "high-card-partner": (
        "High Card Partner",
        _apart(_seats(5), "called_partner", **_PARTNERSHIP_SCORING, nest_size=6, target=500),
    ),
    # The encyclopedia article: call-your-partner Rook, scored individually; Tournament deck and
    # bidding.
    "call-your-partner": (
        "Call-Your-Partner Rook",
        _apart(_seats(5), "called_partner", nest_size=6, target=500),
    ),
    # The Deluxe Rook booklet: 57 cards, 8 each and a 9-card nest; two partnerships of three.
    "partnership-for-six": (
        "Partnership for Six",
        {
            "seats": _seats(6),
            "sides": _SIX_SIDES,
            "ranks": _FULL_RANKS,
            "nest_size": 9,
            **_KEEP_SEATS,
        },
    ),
    # The Deluxe Rook booklet: Dixie for six, 3 x 3 with a 2-card nest.
    "dixie-6": (
        "Dixie for Six",
        {**_DIXIE, **_KEEP_SEATS, "seats": _seats(6), "sides": _SIX_SIDES, "nest_size": 2},
    ),
    # The Deluxe Rook booklet: 45 cards with the Bird, 11 each and a draw pile, nest set aside and
    # no counters buried in it, +2 a trick (160), set: declarer 0, opponent doubled; min 80.
    "tennessee": (
        "Tennessee for Two",
        _apart(
            _seats(2),
            ranks=tuple(range(4, 15)),
            hand_size=11,
            nest_capture="nobody",
            counters_in_nest=False,
            points_per_trick=2,
            set_declarer="zero",
            set_opponents_multiplier=2,
            min_bid=80,
            first_lead="left_of_declarer",
        ),
    ),
    # The Hasbro 2011 booklet: no bidding, top nest card is trump, nest unused; 5=1, 10=2, 14=2,
    # Bird=4; 40. No partners, so no "table talk" suggestion "to affect the partner's play" and no
    # penalty for one (``table_talk_penalty: 40`` gives it one).
    "beginner": (
        "Beginner Game",
        _apart(
            ("north", "east", "south", "west"),
            bidding=False,
            trump_from_nest=True,
            nest_capture="nobody",
            counter_values=((5, 1), (10, 2), (14, 2)),
            bird_points=4,
            target=40,
            table_talk_penalty=0,
        ),
    ),
    # The encyclopedia article (docs/rules.md §1): 1s added as 15-point counters above the 14; 180
    # points.
    "buckeye": (
        "Buckeye",
        {
            "ranks": (1, *range(5, 15)),
            "ones_high": True,
            "counter_values": ((1, 15), (5, 5), (10, 10), (14, 10)),
        },
    ),
    # The encyclopedia article (docs/rules.md §1): the red 1 added as a 30-point top trump.  42
    # cards deal as 9 each and a 6-card nest (the article gives no nest size).
    "red-one": ("Red 1", {"red_one": True, "nest_size": 6}),
}
