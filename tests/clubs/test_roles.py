"""Every write names who does it: a user with a role, or the explicit SYSTEM actor.
``None`` and anonymous users hold no role and are refused everywhere alike."""

import pytest
from django.contrib.auth.models import AnonymousUser

from play.checkins import night_check_in
from play.night_opening import night_open
from rookclub.clubs.models import Club, Player
from rookclub.clubs.services import club_create, player_create
from rookclub.core.errors import NotAllowed
from rookclub.core.roles import DIRECTOR, SCORER, SYSTEM, require_role, role_in, user_or_none
from tests.factories import players_of

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("nobody", [None, AnonymousUser()], ids=["None", "anonymous"])
def test_nobody_is_refused_by_every_club_service(club, nobody):
    with pytest.raises(NotAllowed):
        player_create(club=club, name="Ann", by=nobody)
    with pytest.raises(NotAllowed):
        club_create(name="Nobody's club", by=nobody)
    assert not Player.objects.filter(name="Ann").exists()
    assert not Club.objects.filter(name="Nobody's club").exists()


def test_none_is_refused_where_it_used_to_be_trusted(club, director):
    night = night_open(club=club, date="2026-11-19", opened_by=director)
    with pytest.raises(NotAllowed):
        night_check_in(night=night, players=players_of(club, 4), by=None)
    assert not night.check_ins.exists()


def test_system_holds_every_role_and_is_never_stored_as_a_user(club):
    assert role_in(SYSTEM, club) == DIRECTOR
    require_role(SYSTEM, club, (SCORER,), "never raised")
    assert user_or_none(SYSTEM) is None
    player = player_create(club=club, name="Bea", by=SYSTEM)
    assert player.pk is not None


def test_a_member_without_the_role_is_refused_with_the_message(club, member):
    with pytest.raises(NotAllowed) as refused:
        require_role(member, club, (DIRECTOR, SCORER), "Only a director or scorer may.")
    assert refused.value.message == "Only a director or scorer may."
