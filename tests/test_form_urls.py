"""A refused form leaves its POST-only URL in the address bar; a reload (GET) there
goes to the page the form lives on, never a blank 405."""

import datetime

import pytest
from django.urls import reverse

from play import checkins, night_opening, night_seating
from play.hands import hand_record
from play.models import Game, Hand
from play.table_links import links_for
from tests.factories import PlayerFactory, hand_in
from tests.tournaments.conftest import make_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, director):
    players = [PlayerFactory(club=club, name=f"Player {n}") for n in range(8)]
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    return night


def test_a_refused_seating_reloads_as_the_nights_page(client, director, night):
    client.force_login(director)
    url = reverse("night-seat", args=[night.pk])

    refused = client.post(url, {"method": "no-such-method"})
    reloaded = client.get(url)

    assert refused.status_code == 400
    assert reloaded.status_code == 302
    assert reloaded["Location"] == reverse("night-detail", args=[night.pk])
    assert client.get(reloaded["Location"]).status_code == 200


def test_night_and_club_form_urls_go_back_to_their_pages(client, club, director, night):
    client.force_login(director)
    night_page = reverse("night-detail", args=[night.pk])
    expected = {
        reverse("night-checkin", args=[night.pk]): night_page,
        reverse("night-seat", args=[night.pk]): night_page,
        reverse("night-open", args=[club.slug]): reverse("club-detail", args=[club.slug]),
        reverse("member-invite", args=[club.slug]): reverse("club-members", args=[club.slug]),
        reverse("member-new", args=[club.slug]): reverse("club-members", args=[club.slug]),
        reverse("print-job-start"): reverse("home"),
    }
    for url, page in expected.items():
        response = client.get(url)
        assert (url, response.status_code, response.get("Location")) == (url, 302, page)


def test_game_and_table_form_urls_go_back_to_the_game(client, club, director, night):
    night_seating.night_seat(night=night, by=director, seed=1)
    game = Game.objects.filter(night=night).first()
    hand_record(
        game=game,
        entered_by=director,
        data=hand_in(),
    )
    hand = Hand.objects.get(game=game)
    link = links_for(club=club, kind="night", numbers=[game.table_seating.table], night=night)[
        game.table_seating.table
    ]
    client.force_login(director)

    confirm = client.get(reverse("hand-confirm", args=[hand.pk]))
    at_table = client.get(reverse("table-link-confirm", args=[link.key, hand.number]))

    assert confirm.status_code == 302
    assert confirm["Location"] == reverse("game-detail", args=[game.pk])
    assert at_table.status_code == 302
    assert at_table["Location"] == reverse("table-link", args=[link.key])


def test_tournament_form_urls_go_back_to_their_pages(client, club, director):
    tournament = make_event(club, director, "round_robin", 4, start=False)
    client.force_login(director)

    create = client.get(reverse("tournament-create"))
    entry = client.get(reverse("tournament-entry-add", args=[tournament.pk]))

    assert (create.status_code, create["Location"]) == (302, reverse("tournament-list"))
    assert (entry.status_code, entry["Location"]) == (
        302,
        reverse("tournament-detail", args=[tournament.pk]),
    )


def test_other_methods_are_still_refused(client, director, night):
    client.force_login(director)
    assert client.put(reverse("night-seat", args=[night.pk])).status_code == 405
