"""Accounts and a club's members, through the services: signing up, roles, the last
director, invitation links, and linking a member to a player."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from rookclub.clubs import members
from rookclub.clubs.models import Invitation, Membership, Player
from rookclub.clubs.selectors import club_members
from rookclub.core.errors import Conflict, Gone, Invalid, NotAllowed, NotFound
from rookclub.core.roles import SYSTEM
from tests.factories import ClubFactory, PlayerFactory, UserFactory, director_of, member_of

pytestmark = pytest.mark.django_db
User = get_user_model()
GOOD_PASSWORD = "table-talk-2026"


def role_of(club, user) -> str | None:
    return Membership.objects.filter(club=club, user=user).values_list("role", flat=True).first()


# ---- signing up ------------------------------------------------------------------------


def test_anyone_can_sign_up_with_a_username_and_a_good_password():
    user = members.account_create(
        username="ann",
        password=GOOD_PASSWORD,
        email="ann@example.org",
        name="Ann Lee",
        by=AnonymousUser(),
    )

    assert user.check_password(GOOD_PASSWORD)
    assert (user.username, user.email) == ("ann", "ann@example.org")
    assert user.get_full_name() == "Ann Lee"


def test_a_weak_password_is_refused_with_djangos_messages():
    with pytest.raises(Invalid) as refused:
        members.account_create(username="ann", password="12345", by=AnonymousUser())

    assert any("too short" in m for m in refused.value.errors["password"])
    assert not User.objects.filter(username="ann").exists()


@pytest.mark.parametrize(
    ("username", "password", "code"),
    [
        ("ann", "password", "password_rules"),  # too common: only the password's rules
        ("annabelle1", "annabelle1", "password_rules"),  # too like the username
        ("", "password", "invalid"),  # a username is missing too: the plain code
        ("ann", "", "invalid"),  # no password at all: the schema states that one
    ],
)
def test_only_the_passwords_own_rules_get_their_code(username, password, code):
    with pytest.raises(Invalid) as refused:
        members.account_create(username=username, password=password, by=AnonymousUser())
    assert refused.value.code == code
    assert not User.objects.exists()


def test_a_taken_username_is_refused_whatever_its_case():
    UserFactory(username="ann")

    with pytest.raises(Invalid) as refused:
        members.account_create(username="Ann", password=GOOD_PASSWORD, by=AnonymousUser())

    assert refused.value.code == "username_taken"
    assert refused.value.errors["username"] == ["Ann is taken; choose another username"]


def test_a_bad_username_and_email_are_each_named():
    with pytest.raises(Invalid) as refused:
        members.account_create(
            username="ann lee!", password=GOOD_PASSWORD, email="ann@", by=AnonymousUser()
        )

    assert set(refused.value.errors) == {"username", "email"}


# ---- roles and the last director -------------------------------------------------------


def test_a_director_makes_a_member_a_scorer(club, director, member):
    members.member_set_role(club=club, user=member, role="scorer", by=director)

    assert role_of(club, member) == "scorer"


def test_a_scorer_cannot_change_roles(club, scorer, member):
    with pytest.raises(NotAllowed):
        members.member_set_role(club=club, user=member, role="director", by=scorer)

    assert role_of(club, member) == "member"


def test_an_unknown_role_is_refused(club, director, member):
    with pytest.raises(Invalid) as refused:
        members.member_set_role(club=club, user=member, role="captain", by=director)

    assert refused.value.errors == {"role": ["choose director, scorer or member"]}


def test_the_last_director_cannot_be_demoted(club, director):
    with pytest.raises(Conflict) as refused:
        members.member_set_role(club=club, user=director, role="member", by=director)

    assert refused.value.code == "last_director"
    assert "only director of Maple Street" in refused.value.message
    assert role_of(club, director) == "director"


def test_the_last_director_cannot_be_removed(club, director):
    with pytest.raises(Conflict) as refused:
        members.member_remove(club=club, user=director, by=director)

    assert refused.value.code == "last_director"
    assert role_of(club, director) == "director"


def test_a_director_can_step_down_once_there_is_a_second_director(club, director, member):
    members.member_set_role(club=club, user=member, role="director", by=director)

    members.member_set_role(club=club, user=director, role="member", by=director)

    assert (role_of(club, director), role_of(club, member)) == ("member", "director")


def test_removing_a_member_unlinks_their_player_and_keeps_the_account(club, director, member):
    player = PlayerFactory(club=club, name="Mo", user=member)

    members.member_remove(club=club, user=member, by=director)

    player.refresh_from_db()
    assert role_of(club, member) is None and player.user is None
    assert User.objects.filter(pk=member.pk).exists()


def test_a_director_of_another_club_cannot_remove_a_member(club, member):
    outsider = director_of(ClubFactory())

    with pytest.raises(NotAllowed):
        members.member_remove(club=club, user=member, by=outsider)

    assert role_of(club, member) == "member"


def test_a_director_creates_a_member_with_a_username_and_password(club, director):
    membership = members.member_create(
        club=club, username="sam2", password=GOOD_PASSWORD, role="scorer", by=director
    )

    assert membership.role == "scorer"
    assert membership.user.check_password(GOOD_PASSWORD)


def test_creating_a_member_with_a_bad_role_stores_no_account(club, director):
    with pytest.raises(Invalid):
        members.member_create(
            club=club, username="sam2", password=GOOD_PASSWORD, role="boss", by=director
        )

    assert not User.objects.filter(username="sam2").exists()


# ---- linking a member to a player ------------------------------------------------------


def test_a_director_links_a_member_to_a_player_of_the_club(club, director, member):
    player = PlayerFactory(club=club, name="Mo")

    members.member_link_player(club=club, user=member, player=player, by=director)

    player.refresh_from_db()
    assert player.user == member


def test_a_player_linked_to_someone_else_is_refused(club, director, member, scorer):
    player = PlayerFactory(club=club, name="Mo", user=scorer)

    with pytest.raises(Conflict) as refused:
        members.member_link_player(club=club, user=member, player=player, by=director)

    assert refused.value.code == "player_linked"
    player.refresh_from_db()
    assert player.user == scorer


def test_a_member_is_one_player_of_a_club(club, director, member):
    PlayerFactory(club=club, name="Mo", user=member)
    other = PlayerFactory(club=club, name="Moe")

    with pytest.raises(Conflict) as refused:
        members.member_link_player(club=club, user=member, player=other, by=director)

    assert refused.value.code == "member_linked"
    assert Player.objects.get(pk=other.pk).user is None


def test_a_player_of_another_club_is_refused(club, director, member):
    stranger = PlayerFactory(name="Stranger")

    with pytest.raises(Invalid) as refused:
        members.member_link_player(club=club, user=member, player=stranger, by=director)

    assert "player" in refused.value.errors


def test_linking_none_unlinks_the_member(club, director, member):
    player = PlayerFactory(club=club, name="Mo", user=member)

    members.member_link_player(club=club, user=member, player=None, by=director)

    player.refresh_from_db()
    assert player.user is None


# ---- invitations -----------------------------------------------------------------------


def test_an_invitation_lasts_fourteen_days(club, director):
    invitation = members.invite_create(club=club, role="scorer", by=director)

    left = invitation.expires_at - timezone.now()
    assert timedelta(days=13, hours=23) < left <= timedelta(days=14)
    assert len(invitation.token) >= 40


def test_a_member_cannot_make_an_invitation(club, member):
    with pytest.raises(NotAllowed):
        members.invite_create(club=club, role="director", by=member)

    assert not Invitation.objects.exists()


def test_accepting_an_invitation_joins_the_club_with_its_role(club, director):
    invitation = members.invite_create(club=club, role="scorer", by=director)
    newcomer = UserFactory(username="newcomer")

    membership = members.invite_accept(token=invitation.token, by=newcomer)

    invitation.refresh_from_db()
    assert membership.role == "scorer" and role_of(club, newcomer) == "scorer"
    assert invitation.accepted_by == newcomer and invitation.accepted_at is not None


def test_a_used_invitation_says_so(club, director):
    invitation = members.invite_create(club=club, role="scorer", by=director)
    members.invite_accept(token=invitation.token, by=UserFactory())
    second = UserFactory()

    with pytest.raises(Gone) as refused:
        members.invite_accept(token=invitation.token, by=second)

    assert refused.value.code == "invite_used"
    assert "has been used already" in refused.value.message
    assert role_of(club, second) is None


def test_an_expired_invitation_says_so(club, director):
    invitation = members.invite_create(club=club, role="scorer", by=director)
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(1))
    late = UserFactory()

    with pytest.raises(Gone) as refused:
        members.invite_accept(token=invitation.token, by=late)

    assert refused.value.code == "invite_expired"
    assert "expired on" in refused.value.message
    assert role_of(club, late) is None


def test_an_unknown_token_is_not_found():
    with pytest.raises(NotFound):
        members.invite_accept(token="no-such-token", by=UserFactory())


def test_a_member_accepting_an_invitation_is_refused_and_the_link_stays_usable(club, director):
    invitation = members.invite_create(club=club, role="director", by=director)
    existing = member_of(club)

    with pytest.raises(Conflict):
        members.invite_accept(token=invitation.token, by=existing)

    invitation.refresh_from_db()
    assert role_of(club, existing) == "member" and invitation.accepted_at is None


def test_an_anonymous_person_must_log_in_to_accept(club, director):
    invitation = members.invite_create(club=club, role="scorer", by=director)

    with pytest.raises(NotAllowed):
        members.invite_accept(token=invitation.token, by=AnonymousUser())


def test_system_can_invite_without_being_stored_as_the_inviter(club):
    invitation = members.invite_create(club=club, role="member", by=SYSTEM)

    assert invitation.created_by is None


# ---- the list ----------------------------------------------------------------------------


def test_the_member_list_puts_directors_first_with_their_players(club, director, member):
    PlayerFactory(club=club, name="Mo", user=member)

    rows = club_members(club=club)

    assert [(r.user.username, r.role, r.player and r.player.name) for r in rows] == [
        ("dana", "director", None),
        ("mo", "member", "Mo"),
    ]
