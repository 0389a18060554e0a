"""factory_boy factories for the club domain and games."""

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


class SessionFactory(factory.django.DjangoModelFactory):
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
