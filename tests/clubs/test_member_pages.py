"""The pages for accounts and members: signing up, a new club, the Members page,
invitation links and password reset by email."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone

from rookclub.clubs import members
from rookclub.clubs.models import Club, Invitation, Membership, Player
from tests.factories import PASSWORD, PlayerFactory, UserFactory, member_of

pytestmark = pytest.mark.django_db
User = get_user_model()
GOOD_PASSWORD = "table-talk-2026"


def role_of(club, user) -> str | None:
    return Membership.objects.filter(club=club, user=user).values_list("role", flat=True).first()


def text(response) -> str:
    return response.content.decode()


# ---- signing up and a new club -----------------------------------------------------------


def test_signing_up_logs_the_newcomer_in(client):
    response = client.post(
        "/accounts/signup/", {"username": "ann", "password": GOOD_PASSWORD}, follow=True
    )

    assert response.context["user"].username == "ann"
    assert "Welcome, ann" in text(response)


def test_signing_up_goes_on_to_next_on_this_site_only(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "ann", "password": GOOD_PASSWORD, "next": "https://evil.example/"},
    )

    assert response.status_code == 302 and response["Location"] == "/"


def test_a_weak_password_on_the_sign_up_page_is_shown_by_the_field(client):
    response = client.post("/accounts/signup/", {"username": "ann", "password": "ann"})

    assert response.status_code == 400
    assert "This password is too short." in text(response)
    assert not User.objects.filter(username="ann").exists()


def test_a_taken_username_on_the_sign_up_page_says_so(client):
    UserFactory(username="ann")

    response = client.post("/accounts/signup/", {"username": "ann", "password": GOOD_PASSWORD})

    assert response.status_code == 400
    assert "Ann is taken; choose another username." in text(response)


def test_the_header_offers_sign_up_and_log_in_to_a_visitor(client):
    response = client.get("/")

    assert 'href="/accounts/signup/"' in text(response)
    assert 'href="/accounts/login/"' in text(response)


def test_the_header_shows_the_name_and_log_out_when_logged_in(client):
    client.force_login(UserFactory(username="ann", first_name="Ann Lee"))

    response = client.get("/")

    assert "Ann Lee" in text(response) and 'aria-label="Log out ann"' in text(response)
    assert 'href="/accounts/signup/"' not in text(response)


def test_anyone_logged_in_creates_a_club_and_directs_it(client):
    user = UserFactory(username="ann")
    client.force_login(user)

    response = client.post("/clubs/new/", {"name": "Oak Lane Rook"})

    club = Club.objects.get(name="Oak Lane Rook")
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/members/"
    assert role_of(club, user) == "director"


def test_a_club_cannot_take_the_address_of_the_new_club_page(client):
    client.force_login(UserFactory())

    client.post("/clubs/new/", {"name": "New"})

    assert Club.objects.get(name="New").slug == "new-2"


def test_a_visitor_is_sent_to_log_in_before_creating_a_club(client):
    response = client.get("/clubs/new/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


# ---- the Members page --------------------------------------------------------------------


def test_the_club_page_links_members_to_the_members_page(client, club, member):
    client.force_login(member)

    response = client.get(f"/clubs/{club.slug}/")

    assert f'href="/clubs/{club.slug}/members/"' in text(response)


def test_a_member_sees_the_list_but_no_forms(client, club, director, member):
    PlayerFactory(club=club, name="Mo", user=member)
    client.force_login(member)

    response = client.get(f"/clubs/{club.slug}/members/")

    assert response.status_code == 200
    assert "Plays as Mo" in text(response)
    assert "Set role" not in text(response) and "Make an invitation link" not in text(response)


def test_someone_outside_the_club_is_refused_the_members_page(client, club, director):
    client.force_login(UserFactory())

    response = client.get(f"/clubs/{club.slug}/members/")

    assert response.status_code == 403
    assert "Only members of the club can see its members." in text(response)


def test_a_director_sets_a_role_from_the_members_page(client, club, director, member):
    client.force_login(director)

    response = client.post(
        f"/clubs/{club.slug}/members/{member.pk}/role/", {"role": "scorer"}, follow=True
    )

    assert "mo is a scorer of Maple Street now." in text(response)
    assert role_of(club, member) == "scorer"


def test_demoting_the_last_director_on_the_page_shows_the_sentence(client, club, director):
    client.force_login(director)

    response = client.post(f"/clubs/{club.slug}/members/{director.pk}/role/", {"role": "member"})

    assert response.status_code == 409
    assert "dana is the only director of Maple Street" in text(response)
    assert role_of(club, director) == "director"


def test_a_scorer_posting_a_role_change_is_refused(client, club, scorer, member):
    client.force_login(scorer)

    response = client.post(f"/clubs/{club.slug}/members/{member.pk}/role/", {"role": "director"})

    assert response.status_code in (302, 403)
    assert role_of(club, member) == "member"


def test_a_director_links_and_unlinks_a_player_from_the_page(client, club, director, member):
    player = PlayerFactory(club=club, name="Mo")
    client.force_login(director)

    client.post(f"/clubs/{club.slug}/members/{member.pk}/player/", {"player": player.pk})
    linked = Player.objects.get(pk=player.pk).user
    client.post(f"/clubs/{club.slug}/members/{member.pk}/player/", {"player": ""})

    assert linked == member
    assert Player.objects.get(pk=player.pk).user is None


def test_a_director_removes_a_member_from_the_page(client, club, director, member):
    client.force_login(director)

    response = client.post(f"/clubs/{club.slug}/members/{member.pk}/remove/", follow=True)

    assert "mo is no longer a member of Maple Street." in text(response)
    assert role_of(club, member) is None


def test_a_director_adds_a_member_with_a_password(client, club, director):
    client.force_login(director)

    client.post(
        f"/clubs/{club.slug}/members/new/",
        {"username": "pat", "password": GOOD_PASSWORD, "role": "scorer"},
    )

    assert role_of(club, User.objects.get(username="pat")) == "scorer"


def test_adding_a_member_with_a_weak_password_shows_it_by_the_field(client, club, director):
    client.force_login(director)

    response = client.post(
        f"/clubs/{club.slug}/members/new/", {"username": "pat", "password": "1", "role": "member"}
    )

    assert response.status_code == 400
    assert "This password is too short." in text(response)
    assert not User.objects.filter(username="pat").exists()


def test_a_director_makes_an_invitation_link_and_sees_it(client, club, director):
    client.force_login(director)

    response = client.post(f"/clubs/{club.slug}/members/invite/", {"role": "scorer"}, follow=True)

    invitation = Invitation.objects.get()
    assert invitation.role == "scorer"
    assert f"http://testserver/invites/{invitation.token}/" in text(response)


@pytest.mark.parametrize("size", [3, 30])
def test_the_members_page_takes_a_fixed_number_of_queries(
    client, club, director, size, django_assert_max_num_queries
):
    for n in range(size):
        user = member_of(club, username=f"m{n}")
        PlayerFactory(club=club, name=f"P{n}", user=user)
        members.invite_create(club=club, role="member", by=director)
    client.force_login(director)

    with django_assert_max_num_queries(10):
        response = client.get(f"/clubs/{club.slug}/members/")

    assert text(response).count('class="member"') == size + 1


@pytest.mark.parametrize("size", [3, 30])
def test_the_member_list_api_takes_a_fixed_number_of_queries(
    club, director, size, django_assert_max_num_queries
):
    from rest_framework.test import APIClient

    for n in range(size):
        PlayerFactory(club=club, name=f"P{n}", user=member_of(club, username=f"m{n}"))
    api = APIClient()
    api.force_authenticate(director)

    with django_assert_max_num_queries(5):
        response = api.get(f"/api/v1/clubs/{club.pk}/members/")

    assert len(response.json()) == size + 1


# ---- invitation links --------------------------------------------------------------------


def test_a_visitor_opening_an_invitation_is_asked_to_sign_up(client, club, director):
    invitation = members.invite_create(club=club, role="scorer", by=director)

    response = client.get(f"/invites/{invitation.token}/")

    assert "You are invited to join" in text(response)
    assert "<strong>scorer</strong>" in text(response)
    assert f"/accounts/signup/?next=/invites/{invitation.token}/" in text(response)


def test_a_logged_in_person_joins_by_the_link(client, club, director):
    invitation = members.invite_create(club=club, role="scorer", by=director)
    newcomer = UserFactory()
    client.force_login(newcomer)

    response = client.post(f"/invites/{invitation.token}/")

    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/"
    assert role_of(club, newcomer) == "scorer"


def test_a_used_link_says_so(client, club, director):
    invitation = members.invite_create(club=club, role="scorer", by=director)
    members.invite_accept(token=invitation.token, by=UserFactory())

    response = client.get(f"/invites/{invitation.token}/")

    assert response.status_code == 410
    assert "has been used already" in text(response)


def test_an_expired_link_says_so(client, club, director):
    invitation = members.invite_create(club=club, role="scorer", by=director)
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(1))

    response = client.get(f"/invites/{invitation.token}/")

    assert response.status_code == 410
    assert "expired on" in text(response)


def test_a_wrong_link_says_so(client):
    response = client.get("/invites/not-a-token/")

    assert response.status_code == 404
    assert "This invitation link is not valid" in text(response)


# ---- password reset ------------------------------------------------------------------------


def test_the_login_page_offers_to_reset_a_forgotten_password(client):
    response = client.get("/accounts/login/")

    assert 'href="/accounts/password-reset/"' in text(response)
    assert "Forgot your password?" in text(response)


def test_password_reset_sends_an_email_whose_link_sets_a_new_password(client):
    user = UserFactory(username="ann", email="ann@example.org")

    response = client.post("/accounts/password-reset/", {"email": "ann@example.org"})

    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ann@example.org"]
    assert mail.outbox[0].subject == "Reset your Rookclub password"
    link = re.search(r"http://testserver(/accounts/password-reset/\S+/\S+/)", mail.outbox[0].body)
    form = client.get(link.group(1), follow=True)
    assert "Choose a new password" in text(form)
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "new-table-talk-9", "new_password2": "new-table-talk-9"},
        follow=True,
    )
    assert "Password changed" in text(done)
    user.refresh_from_db()
    assert user.check_password("new-table-talk-9") and not user.check_password(PASSWORD)


def test_password_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client):
    response = client.post("/accounts/password-reset/", {"email": "nobody@example.org"})

    assert response.status_code == 302 and response["Location"] == "/accounts/password-reset/sent/"
    assert mail.outbox == []
