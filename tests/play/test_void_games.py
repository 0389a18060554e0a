"""A director voids a game instead of deleting it: kept with its hands, marked with
the reason, who and when, refused any more hands or corrections, out of the
standings, and shown as void on the pages and in the API."""

import datetime

import pytest
from django.template.loader import render_to_string

from play.checkins import night_check_in
from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Game, Hand
from play.night_closing import night_close
from play.night_opening import night_open
from play.night_seating import night_seat
from play.print_docs import game_sheet_doc
from play.table_games import table_new_game
from play.voiding import game_void
from rookclub.core.errors import Conflict, Invalid, NotAllowed
from standings.players import player_profile
from standings.standings import night_standings, season_standings
from tests.factories import players_of
from tests.play.conftest import made_hand, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, director):
    """Eight players at two tables; both games just started."""
    night = night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    night_check_in(night=night, players=players_of(club, 8), by=director)
    night_seat(night=night, by=director, seed=3)
    return night


@pytest.fixture
def tables(night):
    return list(Game.objects.filter(night=night).order_by("table_seating__table"))


def test_a_director_voids_a_game_and_it_keeps_its_hands(game, scorer, director):
    hand_record(game=game, data=made_hand(), entered_by=scorer)

    game_void(game=game, by=director, reason="wrong players seated")

    game.refresh_from_db()
    assert game.is_void
    assert (game.void_reason, game.voided_by) == ("wrong players seated", director)
    assert game.voided_at is not None
    assert Hand.objects.filter(game=game).count() == 1


def test_a_void_game_takes_no_more_hands(game, scorer, director):
    game_void(game=game, by=director, reason="wrong players seated")

    with pytest.raises(Conflict) as refused:
        hand_record(game=game, data=made_hand(), entered_by=scorer, number=1)

    assert refused.value.code == "game_void"
    assert refused.value.message == (
        "This game was voided (wrong players seated); you can no longer record hands in it."
    )
    assert not Hand.objects.exists()


def test_a_void_games_hands_cannot_be_corrected(game, scorer, director):
    hand = hand_record(game=game, data=made_hand(), entered_by=scorer)
    game_void(game=game, by=director, reason="wrong players seated")

    with pytest.raises(Conflict) as refused:
        hand_correct(hand=hand, data=made_hand(ns=80), by=director, reason="typo")

    assert refused.value.code == "game_void"
    hand.refresh_from_db()
    assert hand.score_ns == 85


def test_only_a_director_voids_a_game(game, scorer):
    with pytest.raises(NotAllowed):
        game_void(game=game, by=scorer, reason="mine")

    assert not Game.objects.get(pk=game.pk).is_void


@pytest.mark.parametrize("reason", ["", "   ", None, 7, "x" * 501])
def test_voiding_needs_a_short_reason(game, director, reason):
    with pytest.raises(Invalid) as refused:
        game_void(game=game, by=director, reason=reason)

    assert "reason" in refused.value.errors
    assert not Game.objects.get(pk=game.pk).is_void


def test_voiding_twice_is_a_conflict_and_keeps_the_first_reason(game, director):
    game_void(game=game, by=director, reason="first")

    with pytest.raises(Conflict) as refused:
        game_void(game=game, by=director, reason="second")

    assert refused.value.code == "game_void"
    assert Game.objects.get(pk=game.pk).void_reason == "first"


def test_a_void_game_counts_in_no_standings(night, tables, club, director, scorer):
    for game in tables:
        play_out(game, scorer)
    void = tables[0]
    void_north = void.seats.get(seat="north").player

    game_void(game=void, by=director, reason="played with a short deck")

    tonight = night_standings(night=night)
    season = season_standings(club=club)
    assert (tonight.games, season.games) == (1, 1)
    assert void_north not in [p for row in tonight.players for p in row.players]
    profile = player_profile(player=void_north)
    assert (profile.games, profile.hands_declared) == (0, 0)


def test_a_table_whose_game_is_void_starts_another(night, tables, director):
    game_void(game=tables[0], by=director, reason="wrong seats")

    new = table_new_game(table=tables[0].table_seating, by=director)

    assert new.pk != tables[0].pk and not new.is_void


def test_closing_the_night_does_not_list_a_void_game_as_unfinished(night, tables, director):
    game_void(game=tables[0], by=director, reason="wrong seats")

    night_close(night=night, by=director)

    assert night.events.get().details == {"unfinished_games": [tables[1].pk]}


# ---- the API ----------------------------------------------------------------------------------


def test_the_api_voids_a_game_and_shows_it(director_api, game):
    response = director_api.post(
        f"/api/v1/games/{game.pk}/void/", {"reason": "wrong players"}, format="json"
    )
    listed = director_api.get("/api/v1/games/").json()["results"]

    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["voided"], body["void_reason"], body["voided_by"]) == (
        True,
        "wrong players",
        "dana",
    )
    assert body["voided_at"] is not None
    assert body["recording_refused"].startswith("This game was voided (wrong players)")
    assert [g["voided"] for g in listed if g["id"] == game.pk] == [True]


def test_the_api_says_a_game_is_not_void(api, game):
    body = api.get(f"/api/v1/games/{game.pk}/").json()

    assert (body["voided"], body["void_reason"], body["voided_by"], body["voided_at"]) == (
        False,
        None,
        None,
        None,
    )


def test_the_api_refuses_a_void_without_a_reason_with_a_sentence(director_api, game):
    response = director_api.post(f"/api/v1/games/{game.pk}/void/", {}, format="json")

    assert response.status_code == 400
    assert response.json() == {"reason": ["say why the game is void"]}


def test_the_api_refuses_a_scorer_voiding_a_game(api, game):
    response = api.post(f"/api/v1/games/{game.pk}/void/", {"reason": "x"}, format="json")

    assert response.status_code == 403
    assert not Game.objects.get(pk=game.pk).is_void


def test_the_api_refuses_a_hand_for_a_void_game_with_409(director_api, api, game):
    director_api.post(f"/api/v1/games/{game.pk}/void/", {"reason": "wrong"}, format="json")

    response = api.post(f"/api/v1/games/{game.pk}/hands/", made_hand(number=1), format="json")

    assert response.status_code == 409
    assert response.json() == {
        "detail": ["This game was voided (wrong); you can no longer record hands in it."]
    }


def test_the_api_voiding_twice_answers_409(director_api, game):
    director_api.post(f"/api/v1/games/{game.pk}/void/", {"reason": "wrong"}, format="json")

    again = director_api.post(f"/api/v1/games/{game.pk}/void/", {"reason": "x"}, format="json")

    assert again.status_code == 409
    assert again.json() == {"detail": ["This game was voided already (wrong)."]}


# ---- the pages --------------------------------------------------------------------------------


def test_a_director_voids_a_game_from_its_page(client, director, game):
    client.force_login(director)
    form = client.get(f"/games/{game.pk}/").content.decode()

    response = client.post(f"/games/{game.pk}/void/", {"reason": "wrong seats"}, follow=True)

    assert f'action="/games/{game.pk}/void/"' in form
    page = response.content.decode()
    assert 'id="game-void"' in page
    assert "wrong seats" in page and "voided by a club member" in page
    assert 'class="form hand-form"' not in page  # no form for a hand that would be refused
    assert f'action="/games/{game.pk}/void/"' not in page
    assert Game.objects.get(pk=game.pk).is_void


def test_the_page_refuses_a_void_without_a_reason(client, director, game):
    client.force_login(director)

    response = client.post(f"/games/{game.pk}/void/", {"reason": ""}, follow=True)

    assert "Say why the game is void." in response.content.decode()
    assert not Game.objects.get(pk=game.pk).is_void


def test_a_scorer_sees_no_void_form_and_cannot_void(client, scorer, game):
    client.force_login(scorer)

    page = client.get(f"/games/{game.pk}/").content.decode()
    client.post(f"/games/{game.pk}/void/", {"reason": "mine"})

    assert "/void/" not in page
    assert not Game.objects.get(pk=game.pk).is_void


def test_the_night_page_shows_a_void_game_as_void(client, director, night, tables):
    game_void(game=tables[0], by=director, reason="wrong seats")
    client.force_login(director)

    page = client.get(f"/sessions/{night.pk}/").content.decode()

    table_1 = page.split('id="table-1"')[1].split("</h3>")[0]
    assert "void" in table_1
    assert f'action="/tables/{tables[0].table_seating_id}/new-game/"' in page


def test_a_void_games_printed_sheet_says_void_and_why(game, director):
    game_void(game=game, by=director, reason="short deck")

    doc = game_sheet_doc(game)
    html = render_to_string("print/game_sheets.html", {"items": [doc]})

    assert doc.void_reason == "short deck"
    assert "<strong>Void</strong> (short deck)" in html
