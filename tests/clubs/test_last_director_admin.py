"""A club keeps a director also when users and memberships are changed in the admin
or deleted outright: the last director's removal is refused with a sentence."""

import pytest
from django.contrib.auth import get_user_model
from django.db.models import ProtectedError

from rookclub.clubs.models import Membership
from tests.factories import ClubFactory, director_of, member_of

pytestmark = pytest.mark.django_db

SENTENCE = "Maple Street would be left without a director; appoint another director before you"


@pytest.fixture
def admin_client(client):
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw-root-2026")
    client.force_login(admin)
    return client


def test_deleting_the_last_director_is_refused_by_the_database(club, director):
    with pytest.raises(ProtectedError):
        director.delete()

    assert club.memberships.filter(user=director, role="director").exists()


def test_deleting_one_of_two_directors_deletes_their_membership(club, director):
    other = director_of(club)

    other.delete()

    assert list(club.memberships.values_list("user__username", flat=True)) == ["dana"]


def test_deleting_both_directors_at_once_is_refused(club, director):
    other = director_of(club)

    with pytest.raises(ProtectedError):
        get_user_model().objects.filter(pk__in=[director.pk, other.pk]).delete()

    assert club.memberships.filter(role="director").count() == 2


def test_deleting_a_member_who_directs_nothing_is_allowed(club, director):
    sam = member_of(club, role="scorer")

    sam.delete()

    assert not Membership.objects.filter(user_id=sam.pk).exists()


def test_the_admin_refuses_to_delete_the_last_director_and_says_why(admin_client, club, director):
    page = admin_client.get(f"/admin/auth/user/{director.pk}/delete/").content.decode()
    admin_client.post(f"/admin/auth/user/{director.pk}/delete/", {"post": "yes"})

    assert f"{SENTENCE} delete dana." in page
    assert get_user_model().objects.filter(pk=director.pk).exists()


def test_the_admin_bulk_delete_refuses_too(admin_client, club, director):
    response = admin_client.post(
        "/admin/auth/user/",
        {"action": "delete_selected", "_selected_action": [director.pk], "post": "yes"},
    )

    assert f"{SENTENCE} delete dana." in response.content.decode()
    assert get_user_model().objects.filter(pk=director.pk).exists()


def test_the_admin_deletes_a_user_when_the_club_keeps_a_director(admin_client, club, director):
    other = director_of(club, username="olga")

    admin_client.post(f"/admin/auth/user/{other.pk}/delete/", {"post": "yes"})

    assert not get_user_model().objects.filter(pk=other.pk).exists()


def test_the_admin_refuses_to_delete_the_last_directors_membership(admin_client, club, director):
    membership = club.memberships.get(user=director)

    page = admin_client.get(f"/admin/rookclub/membership/{membership.pk}/delete/")
    admin_client.post(f"/admin/rookclub/membership/{membership.pk}/delete/", {"post": "yes"})

    assert f"{SENTENCE} delete dana." in page.content.decode()
    assert Membership.objects.filter(pk=membership.pk).exists()


def test_the_admin_refuses_to_demote_the_last_director(admin_client, club, director):
    membership = club.memberships.get(user=director)
    data = {"user": director.pk, "club": club.pk, "role": "member"}

    response = admin_client.post(f"/admin/rookclub/membership/{membership.pk}/change/", data)

    assert f"{SENTENCE} change the role of dana." in response.content.decode()
    membership.refresh_from_db()
    assert membership.role == "director"


def test_the_admin_refuses_to_move_the_last_director_to_another_club(admin_client, club, director):
    membership = club.memberships.get(user=director)
    data = {"user": director.pk, "club": ClubFactory().pk, "role": "director"}

    admin_client.post(f"/admin/rookclub/membership/{membership.pk}/change/", data)

    membership.refresh_from_db()
    assert membership.club == club


def test_the_admin_demotes_a_director_when_another_stays(admin_client, club, director):
    director_of(club)
    membership = club.memberships.get(user=director)
    data = {"user": director.pk, "club": club.pk, "role": "scorer"}

    admin_client.post(f"/admin/rookclub/membership/{membership.pk}/change/", data)

    membership.refresh_from_db()
    assert membership.role == "scorer"
