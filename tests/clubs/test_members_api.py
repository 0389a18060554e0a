"""The API for accounts, members and invitations: status codes, field messages, and
nothing stored when a request is refused."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from rookclub.clubs.models import Invitation, Membership, Player
from tests.factories import ClubFactory, PlayerFactory, UserFactory, director_of, member_of

pytestmark = pytest.mark.django_db
User = get_user_model()
GOOD_PASSWORD = "table-talk-2026"


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def role_of(club, user) -> str | None:
    return Membership.objects.filter(club=club, user=user).values_list("role", flat=True).first()


# ---- POST /api/v1/accounts/ --------------------------------------------------------------


def test_anyone_signs_up_through_the_api():
    response = client_for().post(
        "/api/v1/accounts/",
        {"username": "ann", "password": GOOD_PASSWORD, "email": "ann@example.org", "name": "Ann"},
    )

    assert response.status_code == 201
    assert response.json() == {
        "id": User.objects.get(username="ann").pk,
        "username": "ann",
        "email": "ann@example.org",
        "name": "Ann",
    }


def test_sign_up_without_a_password_names_the_field():
    response = client_for().post("/api/v1/accounts/", {"username": "ann"})

    assert response.status_code == 400
    assert "password" in response.json()
    assert not User.objects.filter(username="ann").exists()


def test_sign_up_with_a_common_password_gives_djangos_message():
    response = client_for().post("/api/v1/accounts/", {"username": "ann", "password": "password"})

    assert response.status_code == 400
    # Its own code (2026-11-26): a rule no schema pattern can state.
    assert response.json() == {
        "password": ["This password is too common."],
        "code": "password_rules",
    }


def test_sign_up_with_a_taken_username_is_a_400_with_a_sentence():
    UserFactory(username="ann")

    response = client_for().post(
        "/api/v1/accounts/", {"username": "ann", "password": GOOD_PASSWORD}
    )

    assert response.status_code == 400
    assert response.json() == {
        "username": ["ann is taken; choose another username"],
        "code": "username_taken",
    }


# ---- /api/v1/clubs/{id}/members/ -----------------------------------------------------


def test_a_member_reads_the_member_list(club, director, member):
    PlayerFactory(club=club, name="Mo", user=member)

    response = client_for(member).get(f"/api/v1/clubs/{club.pk}/members/")

    assert response.status_code == 200
    assert [(m["username"], m["role"], m["player_name"]) for m in response.json()] == [
        ("dana", "director", None),
        ("mo", "member", "Mo"),
    ]


def test_someone_outside_the_club_cannot_read_its_members(club, director):
    response = client_for(UserFactory()).get(f"/api/v1/clubs/{club.pk}/members/")

    # another club is not found, as an unknown id, not refused.
    assert response.status_code == 404
    assert response.json() == {"detail": [f"There is no club {club.pk}."], "code": "not_found"}


def test_a_password_like_the_username_has_the_code_and_other_faults_do_not():
    like = client_for().post(
        "/api/v1/accounts/", {"username": "annabelle1", "password": "annabelle1"}
    )
    assert like.status_code == 400
    assert like.json()["code"] == "password_rules"
    # With a fault the schema states too (a bad username), the code is not the rules'.
    both = client_for().post("/api/v1/accounts/", {"username": "a b", "password": "password"})
    assert both.status_code == 400 and "username" in both.json()
    assert both.json().get("code") != "password_rules"
    assert not User.objects.filter(username__in=["annabelle1", "a b"]).exists()


def test_an_unknown_club_is_a_404(director):
    response = client_for(director).get("/api/v1/clubs/99999/members/")

    assert response.status_code == 404


def test_a_director_creates_a_member_with_a_role(club, director):
    response = client_for(director).post(
        f"/api/v1/clubs/{club.pk}/members/",
        {"username": "sam2", "password": GOOD_PASSWORD, "role": "scorer"},
    )

    assert response.status_code == 201
    assert response.json()["role"] == "scorer"
    assert User.objects.get(username="sam2").check_password(GOOD_PASSWORD)


def test_a_scorer_cannot_create_members_and_nothing_is_stored(club, scorer):
    response = client_for(scorer).post(
        f"/api/v1/clubs/{club.pk}/members/",
        {"username": "sam2", "password": GOOD_PASSWORD, "role": "director"},
    )

    assert response.status_code == 403
    assert not User.objects.filter(username="sam2").exists()


def test_creating_a_member_with_a_weak_password_stores_no_account(club, director):
    response = client_for(director).post(
        f"/api/v1/clubs/{club.pk}/members/", {"username": "sam2", "password": "sam2"}
    )

    assert response.status_code == 400
    assert "password" in response.json()
    assert not User.objects.filter(username="sam2").exists()


# ---- PATCH / DELETE /api/v1/clubs/{id}/members/{user_id}/ ------------------------------


def test_a_director_makes_a_member_a_scorer_and_links_a_player(club, director, member):
    player = PlayerFactory(club=club, name="Mo")

    response = client_for(director).patch(
        f"/api/v1/clubs/{club.pk}/members/{member.pk}/", {"role": "scorer", "player": player.pk}
    )

    assert response.status_code == 200
    assert (response.json()["role"], response.json()["player"]) == ("scorer", player.pk)


def test_a_director_unlinks_a_player_with_null(club, director, member):
    player = PlayerFactory(club=club, name="Mo", user=member)

    response = client_for(director).patch(
        f"/api/v1/clubs/{club.pk}/members/{member.pk}/", {"player": None}, format="json"
    )

    assert response.status_code == 200
    player.refresh_from_db()
    assert player.user is None


def test_demoting_the_last_director_is_a_409_with_a_sentence(club, director):
    response = client_for(director).patch(
        f"/api/v1/clubs/{club.pk}/members/{director.pk}/", {"role": "member"}
    )

    assert response.status_code == 409
    assert response.json() == {
        "detail": [
            "dana is the only director of Maple Street; appoint another director before you "
            "change their role."
        ]
    }
    assert role_of(club, director) == "director"


def test_a_refused_player_link_keeps_the_role_change_from_being_half_written(club, director):
    member = member_of(club, username="mo")
    taken = PlayerFactory(club=club, name="Sam", user=UserFactory())

    response = client_for(director).patch(
        f"/api/v1/clubs/{club.pk}/members/{member.pk}/", {"role": "scorer", "player": taken.pk}
    )

    assert response.status_code == 409
    assert role_of(club, member) == "member"


def test_another_clubs_director_cannot_change_a_role(club, director, member):
    outsider = director_of(ClubFactory())

    response = client_for(outsider).patch(
        f"/api/v1/clubs/{club.pk}/members/{member.pk}/", {"role": "director"}
    )

    assert response.status_code == 404  # another club is not found
    assert role_of(club, member) == "member"


def test_an_unknown_role_is_a_400_naming_the_field(club, director, member):
    response = client_for(director).patch(
        f"/api/v1/clubs/{club.pk}/members/{member.pk}/", {"role": "captain"}
    )

    assert response.status_code == 400
    assert "role" in response.json()


def test_a_player_id_that_does_not_exist_is_a_400(club, director, member):
    response = client_for(director).patch(
        f"/api/v1/clubs/{club.pk}/members/{member.pk}/", {"player": 99999}
    )

    assert response.status_code == 400
    assert response.json() == {"player": ["there is no player 99999"]}


def test_a_director_removes_a_member(club, director, member):
    response = client_for(director).delete(f"/api/v1/clubs/{club.pk}/members/{member.pk}/")

    assert response.status_code == 204
    assert role_of(club, member) is None


def test_removing_the_last_director_is_a_409(club, director):
    response = client_for(director).delete(f"/api/v1/clubs/{club.pk}/members/{director.pk}/")

    assert response.status_code == 409
    assert role_of(club, director) == "director"


def test_removing_someone_who_is_not_a_member_is_a_404(club, director):
    stranger = UserFactory()

    response = client_for(director).delete(f"/api/v1/clubs/{club.pk}/members/{stranger.pk}/")

    assert response.status_code == 404


# ---- invitations -----------------------------------------------------------------------


def test_a_director_makes_an_invitation_link(club, director):
    response = client_for(director).post(f"/api/v1/clubs/{club.pk}/invites/", {"role": "scorer"})

    assert response.status_code == 201
    body = response.json()
    assert body["role"] == "scorer" and body["club"] == club.pk
    assert body["url"] == f"http://testserver/invites/{body['token']}/"
    assert Invitation.objects.get(token=body["token"]).created_by == director


def test_a_member_cannot_make_an_invitation_link(club, member):
    response = client_for(member).post(f"/api/v1/clubs/{club.pk}/invites/", {"role": "director"})

    assert response.status_code == 403
    assert not Invitation.objects.exists()


def test_accepting_an_invitation_joins_the_club(club, director):
    token = client_for(director).post(f"/api/v1/clubs/{club.pk}/invites/", {"role": "scorer"})
    newcomer = UserFactory()

    response = client_for(newcomer).post(f"/api/v1/invites/{token.json()['token']}/accept/")

    assert response.status_code == 200
    assert response.json() == {"club": club.pk, "club_name": "Maple Street", "role": "scorer"}
    assert role_of(club, newcomer) == "scorer"


def test_an_unknown_invitation_token_is_a_404():
    response = client_for(UserFactory()).post("/api/v1/invites/nope/accept/")

    assert response.status_code == 404


def test_a_used_invitation_is_a_410_with_a_sentence(club, director):
    invitation = Invitation.objects.create(
        token="used-token",
        club=club,
        role="member",
        expires_at=timezone.now() + timedelta(1),
        accepted_by=UserFactory(),
        accepted_at=timezone.now(),
    )
    late = UserFactory()

    response = client_for(late).post(f"/api/v1/invites/{invitation.token}/accept/")

    assert response.status_code == 410
    assert "has been used already" in response.json()["detail"][0]
    assert role_of(club, late) is None


def test_an_expired_invitation_is_a_410(club):
    Invitation.objects.create(
        token="old-token", club=club, role="member", expires_at=timezone.now() - timedelta(1)
    )

    response = client_for(UserFactory()).post("/api/v1/invites/old-token/accept/")

    assert response.status_code == 410
    assert "expired on" in response.json()["detail"][0]


def test_accepting_needs_a_login():
    response = client_for().post("/api/v1/invites/any/accept/")

    assert response.status_code == 403


def test_existing_routes_keep_their_output(club, director):
    response = client_for(director).get(f"/api/v1/clubs/{club.pk}/")

    assert set(response.json()) == {"id", "name", "slug", "created_at"}
    assert Player.objects.count() == 0
