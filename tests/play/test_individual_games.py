"""Games scored by player (Beginner, Tournament Rook with individual scoring) through the
API: each hand's points per player, running totals per player and the winning players
(part 2). Seed 001, individual scoring: "record each player's score"."""

import pytest

from play.corrections import hand_correct
from play.hands import hand_record
from play.models import HandResult
from tests.factories import game_for
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db


def beginner(north, east, south, west, trump="red"):
    """A Beginner hand: no bidding; counters 5=1, 10=2, 14=2, Bird=4 (24 a hand)."""
    counters = {"north": north, "east": east, "south": south, "west": west}
    return {"trump": trump, "counters": counters}


@pytest.fixture
def beginner_game(club, players):
    return game_for(club, players, ruleset="beginner")


def ids(players):
    return [str(p.pk) for p in players]


def test_a_beginner_hand_answers_each_players_points_and_running_total(api, beginner_game, players):
    n, e, s, w = ids(players)
    api.post(
        f"/api/v1/games/{beginner_game.pk}/hands/",
        {**beginner(10, 6, 4, 4), "number": 1},
        format="json",
    )
    response = api.post(
        f"/api/v1/games/{beginner_game.pk}/hands/",
        {**beginner(2, 12, 6, 4), "number": 2},
        format="json",
    )
    assert response.status_code == 201, response.json()
    hand = response.json()
    assert hand["player_scores"] == {n: 2, e: 12, s: 6, w: 4}
    assert hand["player_totals"] == {n: 12, e: 18, s: 10, w: 8}
    assert hand["winners"] == [] and hand["renege"] is None and hand["card_hand"] is None

    game = api.get(f"/api/v1/games/{beginner_game.pk}/").json()
    first, second = game["hands"]
    assert first["player_scores"] == {n: 10, e: 6, s: 4, w: 4}
    assert first["player_totals"] == {n: 10, e: 6, s: 4, w: 4}
    assert second["player_totals"] == {n: 12, e: 18, s: 10, w: 8}
    assert game["player_totals"] == {n: 12, e: 18, s: 10, w: 8}
    assert game["winners"] == [] and game["winner"] is None


def test_the_first_player_to_40_wins_a_beginner_game_by_player_id(api, beginner_game, players):
    """Seed 001, Beginner game: "The first player to reach 40 points wins"."""
    url = f"/api/v1/games/{beginner_game.pk}/hands/"
    for number in range(1, 5):
        answer = api.post(url, {**beginner(10, 6, 4, 4), "number": number}, format="json")
        assert answer.status_code == 201, answer.json()
    assert answer.json()["status"] == "finished"
    assert answer.json()["winners"] == [players[0].pk]
    game = api.get(f"/api/v1/games/{beginner_game.pk}/").json()
    assert game["status"] == "finished"
    assert game["winners"] == [players[0].pk]
    assert game["winner"] is None  # no partnership won
    assert game["player_totals"][str(players[0].pk)] == 40
    listed = api.get("/api/v1/games/").json()["results"]
    assert next(g for g in listed if g["id"] == beginner_game.pk)["winners"] == [players[0].pk]


def test_each_hand_stores_one_result_row_per_player_in_its_transaction(beginner_game, scorer):
    hand = hand_record(game=beginner_game, data=beginner(10, 6, 4, 4), entered_by=scorer)
    rows = {r.seat: (r.points, r.total) for r in HandResult.objects.filter(hand=hand)}
    assert rows == {"north": (10, 10), "east": (6, 6), "south": (4, 4), "west": (4, 4)}
    assert all(r.game_id == beginner_game.pk for r in HandResult.objects.filter(hand=hand))


def test_a_refused_hand_writes_no_result_rows(api, beginner_game):
    response = api.post(
        f"/api/v1/games/{beginner_game.pk}/hands/",
        {**beginner(10, 6, 4, 5), "number": 1},
        format="json",
    )
    assert response.status_code == 400
    assert not HandResult.objects.filter(game=beginner_game).exists()


def test_a_correction_rewrites_the_later_hands_player_results(
    beginner_game, scorer, director, players
):
    first = hand_record(game=beginner_game, data=beginner(10, 6, 4, 4), entered_by=scorer)
    second = hand_record(game=beginner_game, data=beginner(2, 12, 6, 4), entered_by=scorer)
    hand_correct(hand=first, data=beginner(4, 4, 10, 6), by=director, reason="misread")
    totals = {r.player_id: r.total for r in HandResult.objects.filter(hand=second)}
    n, e, s, w = (p.pk for p in players)
    assert totals == {n: 6, e: 16, s: 16, w: 10}
    assert HandResult.objects.filter(game=beginner_game).count() == 8


def test_individual_scoring_follows_the_players_as_partners_change(api, club, players):
    """Seed 001, individual scoring: "change partners after every four hands and record
    each player's score". After four hands the first seat stays, the others move round."""
    game = game_for(club, players, ruleset="tournament-individual")
    url = f"/api/v1/games/{game.pk}/hands/"
    for number in range(1, 6):
        body = {**made_hand(bid=80, ns=90), "number": number}
        assert api.post(url, body, format="json").status_code == 201
    sheet = api.get(f"/api/v1/games/{game.pk}/").json()
    n, e, s, w = ids(players)
    assert sheet["hands"][0]["player_scores"] == {n: 90, e: 30, s: 90, w: 30}
    fifth = sheet["hands"][4]
    partners = {seat: str(pid) for seat, pid in fifth["seats"].items()}
    assert partners["north"] == n and partners["south"] != s  # north stays, partners change
    ns_players = {partners["north"], partners["south"]}
    assert fifth["player_scores"] == {p: 90 if p in ns_players else 30 for p in (n, e, s, w)}
    assert sum(fifth["player_totals"].values()) == 5 * 240  # each player scores the side's 90 or 30
    assert sheet["player_totals"] == fifth["player_totals"]


def test_individual_scoring_names_the_winning_player_after_twelve_hands(api, club, players):
    """Seed 001: "after 12 hands each player has partnered each of the other three once";
    the highest individual total wins. North bids and makes every hand, so whoever sits
    north (the same player throughout) ends highest."""
    game = game_for(club, players, ruleset="tournament-individual")
    url = f"/api/v1/games/{game.pk}/hands/"
    for number in range(1, 13):
        body = {**made_hand(bid=80, ns=90), "number": number}
        answer = api.post(url, body, format="json")
        assert answer.status_code == 201, answer.json()
    assert answer.json()["status"] == "finished"
    assert answer.json()["winners"] == [players[0].pk]
    assert api.get(f"/api/v1/games/{game.pk}/").json()["winners"] == [players[0].pk]


def test_a_partnership_game_keeps_its_winner_side_and_names_both_winners(api, game, players):
    url = f"/api/v1/games/{game.pk}/hands/"
    for number in range(1, 4):
        body = {**made_hand(bid=120, ns=120), "number": number}
        answer = api.post(url, body, format="json")
    sheet = api.get(f"/api/v1/games/{game.pk}/").json()
    assert sheet["winner"] == "north_south"
    assert sorted(sheet["winners"]) == sorted([players[0].pk, players[2].pk])
    n, e, s, w = ids(players)
    assert sheet["hands"][0]["player_scores"] == {n: 120, e: 0, s: 120, w: 0}
    assert answer.json()["winners"] == sheet["winners"]


def test_the_stored_results_agree_with_the_sheet_after_a_correction(
    api, beginner_game, scorer, director
):
    first = hand_record(game=beginner_game, data=beginner(10, 6, 4, 4), entered_by=scorer)
    hand_record(game=beginner_game, data=beginner(2, 12, 6, 4), entered_by=scorer)
    hand_correct(hand=first, data=beginner(4, 4, 10, 6), by=director, reason="misread")
    sheet = api.get(f"/api/v1/games/{beginner_game.pk}/").json()
    for hand in sheet["hands"]:
        stored = HandResult.objects.filter(hand_id=hand["id"])
        assert {str(r.player_id): r.points for r in stored} == hand["player_scores"]
        assert {str(r.player_id): r.total for r in stored} == hand["player_totals"]
