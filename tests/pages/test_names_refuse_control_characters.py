"""The director's forms refuse a name holding a control character (a tab, a line break,
an escape): such a name once broke every printed score sheet of its round."""

import datetime

import pytest
from django.urls import reverse

from play import night_opening
from rookclub.clubs.models import Club, Player
from tests.factories import players_of
from tournaments import services as events
from tournaments.models import Entry, Tournament

MESSAGE = "A name cannot hold control characters"


@pytest.fixture
def signed_in(client, director):
    client.force_login(director)
    return client


def test_the_check_in_form_refuses_a_newcomer_with_a_control_character(signed_in, club, director):
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)

    response = signed_in.post(
        reverse("night-checkin", args=[night.pk]), {"new_player": "Ada\x01Brooks"}
    )

    assert response.status_code == 400
    assert MESSAGE in response.content.decode()
    assert not Player.objects.filter(club=club).exists()


def test_the_check_in_form_still_adds_a_newcomer(signed_in, club, director):
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)

    signed_in.post(reverse("night-checkin", args=[night.pk]), {"new_player": "Ada Brooks"})

    assert Player.objects.filter(club=club, name="Ada Brooks").exists()


def test_the_new_club_form_refuses_a_control_character(signed_in, club):
    response = signed_in.post(reverse("club-new"), {"name": "Elm\x1bStreet"})

    assert MESSAGE in response.content.decode()
    assert Club.objects.count() == 1


def test_the_sign_up_form_refuses_a_name_with_a_control_character(client, db):
    response = client.post(
        reverse("signup"),
        {"username": "ann", "password": "table-talk-2026", "name": "Ann\x00Lee"},
    )

    assert MESSAGE in response.content.decode()


def test_the_tournament_form_refuses_a_control_character(signed_in, club):
    response = signed_in.post(
        reverse("tournament-create"),
        {
            "club": club.pk,
            "name": "Spring\x07Open",
            "format": "swiss",
            "ruleset": "tournament",
            "games_per_match": 1,
        },
    )

    assert MESSAGE in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_entry_form_refuses_a_control_character(signed_in, club, director):
    event = events.tournament_create(club=club, name="Open", format="swiss", by=director)
    a, b = players_of(club, 2)

    response = signed_in.post(
        reverse("tournament-entry-add", args=[event.pk]),
        {"player_1": a.pk, "player_2": b.pk, "name": "Team\tOne"},
    )

    assert MESSAGE in response.content.decode()
    assert not Entry.objects.exists()
