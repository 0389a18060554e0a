"""Correcting a result re-propagates through the bracket, after the director confirms."""

from tests.tournaments.conftest import entry_ids, make_event
from tournaments.models import AuditEntry


def result(api, match_id, games, **extra):
    return api.post(f"/api/v1/matches/{match_id}/result/", {"games": games, **extra}, format="json")


def bracket(api, tournament):
    body = api.get(f"/api/v1/tournaments/{tournament.pk}/bracket/").json()
    return {m["bracket_key"]: m for m in body["matches"]}


def ids(match):
    return [e and e["id"] for e in match["entries"]]


def play(api, tournament, key, winner):
    match = bracket(api, tournament)[key]
    a_wins = match["entries"][0]["id"] == winner
    response = result(api, match["id"], [[300, 120] if a_wins else [120, 300]])
    assert response.status_code == 200, response.json()


def test_a_correction_lists_dependent_matches_then_resets_them_on_confirm(api, club, director):
    tournament = make_event(club, director, "double_elimination", 4)
    one, two, three, four = entry_ids(tournament)
    play(api, tournament, "W1-1", one)  # 1 v 4
    play(api, tournament, "W1-2", two)  # 2 v 3
    play(api, tournament, "W2-1", one)  # 1 v 2
    play(api, tournament, "L1-1", three)  # 4 v 3
    before = bracket(api, tournament)
    w11 = before["W1-1"]

    # The scorer swapped the scores of W1-1: seed 4 won it.
    refused = result(api, w11["id"], [[120, 300]], reason="scores swapped on the slip")

    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "dependent_matches"
    assert {m["bracket_key"] for m in body["dependent_matches"]} == {"W2-1", "L1-1"}
    assert bracket(api, tournament) == before  # nothing changed

    confirmed = result(api, w11["id"], [[120, 300]], reason="scores swapped", confirm=True)

    assert confirmed.status_code == 200, confirmed.json()
    after = bracket(api, tournament)
    assert after["W1-1"]["winner"] == four
    assert ids(after["W2-1"]) == [four, two]
    assert after["W2-1"]["status"] == "ready"
    assert after["W2-1"]["games"] == []
    assert ids(after["L1-1"]) == [one, three]
    assert after["L1-1"]["winner"] is None
    assert after["L2-1"]["entries"] == [None, None]
    resets = AuditEntry.objects.filter(tournament=tournament, what="result_reset")
    assert sorted(a.match.bracket_key for a in resets) == ["L1-1", "W2-1"]
    correction = AuditEntry.objects.get(tournament=tournament, what="result_corrected")
    assert correction.before["winner"] == one
    assert correction.after["winner"] == four
    assert correction.reason == "scores swapped"

    rows = {
        r["entry"]["id"]: r
        for r in api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    }
    assert rows[four]["wins"] == 1
    assert rows[one]["losses"] == 1


def test_a_correction_that_keeps_the_winner_needs_no_confirmation(api, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    one, *_ = entry_ids(tournament)
    play(api, tournament, "W1-1", one)
    play(api, tournament, "W1-2", entry_ids(tournament)[1])
    play(api, tournament, "W2-1", one)
    w11 = bracket(api, tournament)["W1-1"]

    response = result(api, w11["id"], [[310, 120]], reason="310, not 300")

    assert response.status_code == 200
    assert response.json()["score"] == [310, 120]
    assert bracket(api, tournament)["W2-1"]["winner"] == one


def test_a_correction_before_later_results_moves_the_new_winner_on(api, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    one, _two, _three, four = entry_ids(tournament)
    play(api, tournament, "W1-1", one)
    w11 = bracket(api, tournament)["W1-1"]

    response = result(api, w11["id"], [[100, 300]], reason="scores swapped")

    assert response.status_code == 200
    assert ids(bracket(api, tournament)["W2-1"]) == [four, None]
