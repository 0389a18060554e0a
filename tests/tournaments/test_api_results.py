"""Pairings and results through the API: rounds, director entry, refusals."""

import pytest

from tests.tournaments.conftest import entry_ids, make_event
from tournaments.models import Match, MatchGame


def result(api, match_id, games, **extra):
    return api.post(f"/api/v1/matches/{match_id}/result/", {"games": games, **extra}, format="json")


def test_rounds_list_in_order_with_tables_entries_and_the_bye(api, club, director):
    tournament = make_event(club, director, "round_robin", 5)

    rounds = api.get(f"/api/v1/tournaments/{tournament.pk}/rounds/").json()

    assert [r["number"] for r in rounds] == [1, 2, 3, 4, 5]
    first = rounds[0]["matches"]
    games = [m for m in first if not m["bye"]]
    assert [m["table"] for m in games] == [1, 2]
    assert all(len(m["entries"]) == 2 for m in games)
    (bye,) = [m for m in first if m["bye"]]
    assert len(bye["entries"]) == 1
    assert bye["table"] is None


def test_a_result_scores_the_entries_in_the_listed_order(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = api.get(f"/api/v1/tournaments/{tournament.pk}/rounds/").json()[0]["matches"][0]
    first, second = (e["id"] for e in match["entries"])

    response = result(api, match["id"], [[180, 320]])

    assert response.status_code == 200, response.json()
    assert response.json()["winner"] == second
    assert response.json()["score"] == [180, 320]
    rows = {
        r["entry"]["id"]: r
        for r in api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    }
    assert rows[second]["wins"] == 1
    assert rows[second]["points_for"] == 320
    assert rows[second]["spread"] == 140
    assert rows[first]["losses"] == 1
    assert rows[first]["points_against"] == 320
    assert list(rows[second]["tie_breakers"]) == ["wins", "points", "spread", "head_to_head"]


@pytest.mark.parametrize(
    "games",
    [
        [["300", 200]],
        [[300.5, 200]],
        [[300, True]],
        [[300]],
        [],
        "300-200",
    ],
)
def test_scores_that_are_not_whole_numbers_are_refused(api, club, director, games):
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.filter(status="ready").first()

    response = result(api, match.pk, games)

    assert response.status_code == 400
    assert "games" in response.json()
    assert not MatchGame.objects.exists()


@pytest.mark.parametrize(
    "games",
    [
        [[300, 200]],  # one game of a best of three
        [[300, 200], [200, 300]],  # one game each
        [[300, 200], [300, 200], [300, 200]],  # decided after two
        [[300, 200], [200, 300], [300, 200], [300, 200]],  # four games
    ],
)
def test_a_best_of_three_needs_two_wins_and_no_extra_games(api, club, director, games):
    tournament = make_event(club, director, "round_robin", 4, games_per_match=3)
    match = tournament.matches.filter(status="ready").first()

    response = result(api, match.pk, games)

    assert response.status_code == 400
    assert "games" in response.json()
    match.refresh_from_db()
    assert match.status == "ready"
    assert not match.games.exists()


def test_a_tie_cannot_decide_an_elimination_match(api, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    match = tournament.matches.filter(status="ready").first()

    response = result(api, match.pk, [[250, 250]])

    assert response.status_code == 400
    assert "tie" in str(response.json()["games"])


def test_a_tie_in_a_round_robin_is_a_draw(api, club, director):
    """Only a game that can stop short of the target (here the round clock stops it)
    can end tied, and the director says so (a tie is otherwise refused)."""
    clock = {"round_clock": {"hands": 8}}
    tournament = make_event(club, director, "round_robin", 4, options=clock)
    match = tournament.matches.filter(status="ready").first()

    unconfirmed = result(api, match.pk, [[250, 250]])
    response = api.post(
        f"/api/v1/matches/{match.pk}/result/", {"games": [[250, 250]], "tie": True}, format="json"
    )

    assert unconfirmed.status_code == 400 and "tie" in str(unconfirmed.json()["games"])
    assert response.status_code == 200
    assert response.json()["winner"] is None
    rows = api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    assert sum(r["draws"] for r in rows) == 2


def test_a_bye_has_no_result(api, club, director):
    tournament = make_event(club, director, "round_robin", 5)
    bye = tournament.matches.filter(bye=True).first()

    response = result(api, bye.pk, [[300, 0]])

    assert response.status_code == 400
    assert response.json()["code"] == "bye"


def test_a_bracket_match_waiting_for_its_entries_is_a_conflict(api, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    final = tournament.matches.get(bracket_key="W2-1")

    response = result(api, final.pk, [[300, 200]])

    assert response.status_code == 409
    assert response.json()["code"] == "not_ready"


def test_bad_json_bodies_are_400_not_500(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.filter(status="ready").first()

    for body in ([1, 2], "games", {"games": [[1, 2]], "confirm": "maybe"}):
        response = api.post(f"/api/v1/matches/{match.pk}/result/", body, format="json")
        assert response.status_code == 400, body


def test_the_bracket_shows_rounds_positions_and_where_winners_and_losers_go(api, club, director):
    tournament = make_event(club, director, "double_elimination", 4)

    body = api.get(f"/api/v1/tournaments/{tournament.pk}/bracket/").json()

    by_key = {m["bracket_key"]: m for m in body["matches"]}
    assert set(by_key) == {"W1-1", "W1-2", "W2-1", "L1-1", "L2-1", "GF", "GF2"}
    w11 = by_key["W1-1"]
    assert w11["round"] == 1 and w11["position"] == 1
    assert w11["winner_to"] == {"match": by_key["W2-1"]["id"], "slot": 0}
    assert w11["loser_to"]["match"] == by_key["L1-1"]["id"]
    assert [e["seed"] for e in w11["entries"]] == [1, 4]
    assert by_key["W2-1"]["entries"] == [None, None]
    assert by_key["GF2"]["status"] == "waiting"


def test_the_reset_is_not_needed_when_the_winners_bracket_champion_takes_the_final(
    api, club, director
):
    tournament = make_event(club, director, "double_elimination", 4)
    seeds = dict(zip(entry_ids(tournament), range(1, 5), strict=True))
    while ready := list(tournament.matches.filter(status="ready")):
        for match in ready:
            a_wins = seeds[match.entry_a_id] < seeds[match.entry_b_id]
            assert result(api, match.pk, [[300, 100] if a_wins else [100, 300]]).status_code == 200

    body = api.get(f"/api/v1/tournaments/{tournament.pk}/bracket/").json()

    by_key = {m["bracket_key"]: m for m in body["matches"]}
    assert by_key["GF2"]["status"] == "not_needed"
    places = {p["entry"]: p["place"] for p in body["placements"]}
    assert places[entry_ids(tournament)[0]] == 1
    tournament.refresh_from_db()
    assert tournament.status == "finished"


def test_the_bracket_of_a_round_robin_is_refused(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)

    response = api.get(f"/api/v1/tournaments/{tournament.pk}/bracket/")

    assert response.status_code == 400
    assert response.json()["code"] == "no_bracket"


def test_matches_in_one_round_never_hold_an_entry_twice(club, director):
    from django.db import IntegrityError, transaction

    make_event(club, director, "round_robin", 4)
    first, second = Match.objects.filter(round__number=1).order_by("table")

    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=second.pk).update(entry_a=first.entry_a_id)


@pytest.mark.parametrize(
    ("games", "says"),
    [
        ([[300, 300]], "cannot end tied"),
        ([[150, 120]], "nobody reached 300"),
        ([[305, 43]], "43 is not a Rook score"),
    ],
)
def test_a_result_that_cannot_be_a_finished_rook_game_is_refused(api, club, director, games, says):
    """Tournament Rook: game to 300; every score goes in fives (counters 5, 10, 10, 15;
    bids in fives). Both sides over 300 is a finished game: the higher wins."""
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.filter(status="ready").first()

    refused = result(api, match.pk, games)
    both_over = result(api, match.pk, [[340, 310]])

    assert refused.status_code == 400
    assert says in str(refused.json()["games"])
    assert both_over.status_code == 200
    assert both_over.json()["winner"] == match.entry_a_id


@pytest.mark.parametrize(
    ("games", "says"),
    [
        ([[3100, 180]], "3100 is more than a game to 300 can end on"),
        ([[420, -35]], "at most 415: 295 before the last hand, plus the 120 one hand can score"),
    ],
)
def test_a_result_beyond_what_the_last_hand_can_add_is_refused(api, club, director, games, says):
    """A game to 300 ends on the hand that takes a side there from 295 at most, and one
    hand of Tournament Rook scores at most 120: 415 is the highest a game can end on."""
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.filter(status="ready").first()

    refused = result(api, match.pk, games)

    assert refused.status_code == 400
    assert says in str(refused.json()["games"])
    assert not MatchGame.objects.exists()


def test_a_renege_worth_more_than_a_hand_raises_what_a_game_can_end_on(api, club, director):
    """Under the house rule ``renege_points: 200`` the last hand can add 200 (a renege),
    more than the 120 of counters: a game to 300 can end on 495."""
    options = {"ruleset_options": {"renege_points": 200}}
    tournament = make_event(club, director, "round_robin", 4, options=options)
    match = tournament.matches.filter(status="ready").first()

    response = result(api, match.pk, [[495, 100]])

    assert response.status_code == 200, response.json()


def test_a_set_loser_below_zero_and_a_winner_past_the_target_is_a_result(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.filter(status="ready").first()

    response = result(api, match.pk, [[-40, 310]])

    assert response.status_code == 200, response.json()
    assert response.json()["score"] == [-40, 310]
    assert response.json()["winner"] == match.entry_b_id


def test_a_correction_over_an_existing_result_needs_a_reason(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.filter(status="ready").first()
    assert result(api, match.pk, [[300, 120]]).status_code == 200

    without = result(api, match.pk, [[305, 120]])
    blank = result(api, match.pk, [[305, 120]], reason="   ")
    stored = list(MatchGame.objects.filter(match=match).values_list("score_a", "score_b"))
    with_reason = result(api, match.pk, [[305, 120]], reason="the slip said 305")

    assert without.status_code == 400
    assert "reason" in without.json()
    assert blank.status_code == 400
    assert stored == [(300, 120)]
    assert with_reason.status_code == 200, with_reason.json()
    assert with_reason.json()["score"] == [305, 120]
