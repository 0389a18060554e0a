"""factory_boy factories for the club domain and games."""

from typing import Any

import factory
from django.contrib.auth import get_user_model

from play.models import Night
from play.services import game_start
from rookclub.clubs.models import Club, Membership, Player
from rookclub.core.roles import SYSTEM
from scoring.engine import SEATS

PASSWORD = "rook-test-pass"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Rook Club {n}")
    slug = factory.Sequence(lambda n: f"rook-club-{n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    club = factory.SubFactory(ClubFactory)
    role = Membership.Role.MEMBER


class NightFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Night

    club = factory.SubFactory(ClubFactory)
    date = factory.Sequence(
        lambda n: (
            __import__("datetime").date(2025, 1, 1) + __import__("datetime").timedelta(days=7 * n)
        )
    )


def member_of(club: Club, role: str = Membership.Role.MEMBER, **user_fields) -> object:
    """A new user (``user_fields`` such as ``username``) with ``role`` in ``club``."""
    return MembershipFactory(club=club, role=role, user=UserFactory(**user_fields)).user


def director_of(club: Club, **user_fields) -> object:
    return member_of(club, Membership.Role.DIRECTOR, **user_fields)


def scorer_of(club: Club, **user_fields) -> object:
    return member_of(club, Membership.Role.SCORER, **user_fields)


def token_client(user) -> object:
    """An API client that signs in with ``user``'s token (``Authorization: Token``)."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def players_of(club: Club, count: int) -> list[Player]:
    return PlayerFactory.create_batch(count, club=club)


def game_for(club: Club, players: list[Player] | None = None, **kwargs):
    """A game of ``club`` with four of its players, north, east, south, west, started
    by the SYSTEM actor unless ``created_by`` says who."""
    players = players or players_of(club, 4)
    seats = dict(zip(SEATS, players, strict=False))
    kwargs.setdefault("created_by", SYSTEM)
    return game_start(seats=seats, **kwargs)


# ---- a recorded hand's input -----------------------------------------------------------
#
# One shape for every hand a test records: the score-sheet hand ``hand_record`` and the
# API take (docs/hand-format.md), and the same hand as the score page's form posts it.

SIDES = ("north_south", "east_west")
DECK = 120  # the counters in the deck of the standard games


def hand_in(
    bidder: str = "north", bid: int = 80, trump: str = "red", ns: int = 85, **extra: Any
) -> dict[str, Any]:
    """A played hand: ``bidder`` bids ``bid`` in ``trump``; north-south take ``ns`` of
    the deck's 120 counters, east-west the rest. ``extra`` adds keys as they are
    (``penalties``, ``renege``, ``partner``, ``counters`` to replace the two sides')."""
    return {
        "bidder": bidder,
        "bid": bid,
        "trump": trump,
        "counters": {"north_south": ns, "east_west": DECK - ns},
        **extra,
    }


def set_hand_in(
    bidder: str = "north", bid: int = 80, trump: str = "red", short: int = 5, **extra: Any
) -> dict[str, Any]:
    """A hand the declarer's side is set in: it takes ``short`` counters fewer than the bid."""
    taken = bid - short
    ns = taken if bidder in ("north", "south") else DECK - taken
    return hand_in(bidder, bid, trump, ns, **extra)


def renege_later_in(
    seat: str = "east",
    bidder: str = "north",
    bid: int = 80,
    trump: str | None = None,
    counters: dict[str, int] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A hand ended by ``seat``'s renege, found after the hand was over: ``bidder`` bid
    ``bid`` (in ``trump``, if said); ``counters``, what the sides had captured when it
    was found (None: not said)."""
    hand: dict[str, Any] = {"bidder": bidder, "bid": bid}
    if trump is not None:
        hand["trump"] = trump
    renege: dict[str, Any] = {"seat": seat, "found": "later"}
    if counters is not None:
        renege["counters"] = counters
    return {**hand, "renege": renege, **extra}


def misdeal_in(found: str | None = None) -> dict[str, Any]:
    """A misdeal, found ``found`` ("before_three_tricks", "later"; None: not said)."""
    return {"misdeal": {"found": found}}


def redeal_in(reason: str | None = None) -> dict[str, Any]:
    """A redeal, for ``reason`` ("all_passed"…; None: not said)."""
    return {"redeal": {"reason": reason}}


def hand_fields(hand: dict[str, Any], number: int | None = None) -> dict[str, Any]:
    """``hand`` (one of the builders' above) as the score page's form posts it: the
    form's ``kind`` and one box per side's counters; ``number`` the hand's, if given."""
    if "misdeal" in hand:
        fields = {"kind": "misdeal", "misdeal_found": hand["misdeal"]["found"] or ""}
    elif "redeal" in hand:
        fields = {"kind": "redeal", "redeal_reason": hand["redeal"]["reason"] or ""}
    else:
        fields = {"kind": "hand", **{k: v for k, v in hand.items() if k != "counters"}}
        for side, points in hand.get("counters", {}).items():
            fields[f"counters_{side}"] = points
    if number is not None:
        fields["number"] = number
    return fields
