"""A tournament game's score page names its event, round and table and leads back to
them (play.game_places, registered by tournaments); a club night's game does not."""

import pytest
from django.urls import reverse

from play.hands import hand_record
from play.models import Game
from play.services import game_start
from tests.factories import hand_in, players_of, scorer_of
from tests.tournaments.conftest import make_event
from tests.tournaments.test_table_page import logged_in, url_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_scorer(client, club):
    return logged_in(client, scorer_of(club, username="sid"))


def test_a_match_games_page_is_titled_event_round_table_with_links_back(as_scorer, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.get(round__number=1, table=2)
    as_scorer.post(url_of(match))
    game = Game.objects.get()

    html = as_scorer.get(reverse("game-detail", args=[game.pk])).content.decode()

    assert "<title>round_robin event · Round 1 · Table 2 · Rookclub</title>" in html
    detail = reverse("tournament-detail", args=[tournament.pk])
    rounds = reverse("tournament-rounds", args=[tournament.pk])
    assert (
        f'<a href="{detail}">round_robin event</a> &middot; <a href="{rounds}">Round 1</a>' in html
    )
    # While it is played the table page would lead straight back here: no link yet.
    assert f'href="{url_of(match)}"' not in html and "&middot; Table 2" in html
    assert f"Game {game.pk}</h1>" not in html


def test_once_a_game_is_over_its_table_links_back_with_the_match(as_scorer, club, director):
    tournament = make_event(
        club,
        director,
        "round_robin",
        2,
        games_per_match=3,
        options={"round_clock": {"hands": 2}},
    )
    match = tournament.matches.get()
    as_scorer.post(url_of(match))
    game = Game.objects.get()
    for hand in (hand_in(bid=80, ns=100), hand_in("east", 90, ns=40)):
        hand_record(game=game, data=hand, entered_by=director)

    html = as_scorer.get(reverse("game-detail", args=[game.pk])).content.decode()

    assert f'<a href="{url_of(match)}">Table 1</a> &middot; Game 1 of the best of 3' in html


def test_a_game_of_no_event_keeps_its_plain_title(as_scorer, club, director):
    players = players_of(club, 4)
    seats = dict(zip(("north", "east", "south", "west"), players, strict=True))
    game = game_start(seats=seats, created_by=director)

    html = as_scorer.get(reverse("game-detail", args=[game.pk])).content.decode()

    assert f"<title>Game {game.pk} · Rookclub</title>" in html
    assert "game-place" not in html
