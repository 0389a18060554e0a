"""Results from games played at the table give the same standings as typed-in results."""

import pytest
from django.contrib.auth import get_user_model

from play.hands import hand_record
from play.models import Game
from play.voiding import game_void
from rookclub.core.errors import Conflict
from tests.factories import hand_in
from tests.tournaments.conftest import make_event
from tournaments import selectors
from tournaments.match_games import match_game_start
from tournaments.models import MatchGame
from tournaments.results import match_game_sync, match_result_enter


def play_game_at_the_table(api, match, director):
    response = api.post(f"/api/v1/matches/{match.pk}/games/")
    assert response.status_code == 201, response.json()
    game = Game.objects.get(pk=response.json()["game"])
    seats = dict(game.seats.values_list("seat", "player_id"))
    assert {seats["north"], seats["south"]} == set(
        match.entry_a.players.values_list("pk", flat=True)
    )
    for hand in (hand_in(bid=80, ns=100), hand_in("east", 90, ns=40)):
        # The hand entry alone carries the result to the match: no separate sync call.
        hand_record(game=game, data=hand, entered_by=director)
    game.refresh_from_db()
    assert game.is_finished
    return game


def standings_rows(tournament):
    return [
        (r.entry.seed, r.wins, r.losses, r.points_for, r.points_against)
        for r in selectors.tournament_standings(tournament=tournament)
    ]


def test_a_finished_table_game_becomes_the_match_result(api, club, director):
    tournament = make_event(club, director, "round_robin", 2, options={"round_clock": {"hands": 2}})
    match = tournament.matches.get()

    game = play_game_at_the_table(api, match, director)

    match.refresh_from_db()
    linked = MatchGame.objects.get(match=match)
    assert linked.game_id == game.pk
    assert (linked.score_a, linked.score_b) == (
        game.totals["north_south"],
        game.totals["east_west"],
    )
    assert match.status == "decided"
    assert tournament.audit.filter(what="result_from_table").exists()
    rounds = api.get(f"/api/v1/tournaments/{tournament.pk}/rounds/").json()
    assert rounds[0]["matches"][0]["games"][0]["game"] == game.pk


def test_table_play_and_director_entry_give_the_same_standings(api, club, director):
    played = make_event(club, director, "round_robin", 2, options={"round_clock": {"hands": 2}})
    typed = make_event(club, director, "round_robin", 2, options={"round_clock": {"hands": 2}})
    game = play_game_at_the_table(api, played.matches.get(), director)

    match_result_enter(
        match=typed.matches.get(),
        games=[[game.totals["north_south"], game.totals["east_west"]]],
        by=director,
    )

    assert standings_rows(played) == standings_rows(typed)


def test_an_unfinished_table_game_leaves_the_match_open(api, club, director):
    tournament = make_event(club, director, "round_robin", 2, options={"round_clock": {"hands": 2}})
    match = tournament.matches.get()
    game = Game.objects.get(pk=api.post(f"/api/v1/matches/{match.pk}/games/").json()["game"])

    hand_record(game=game, data=hand_in(bid=80, ns=100), entered_by=director)

    match.refresh_from_db()
    assert match.status == "ready"
    second = api.post(f"/api/v1/matches/{match.pk}/games/")
    assert second.status_code == 409
    assert second.json()["code"] == "game_in_progress"


def test_correcting_a_table_hand_carries_the_new_total_to_the_match(api, club, director):
    from play.corrections import hand_correct

    tournament = make_event(club, director, "round_robin", 2, options={"round_clock": {"hands": 2}})
    match = tournament.matches.get()
    game = play_game_at_the_table(api, match, director)
    first = game.hands.get(number=1)

    hand_correct(hand=first, data=hand_in(bid=80, ns=90), by=director, reason="counters miscounted")

    game.refresh_from_db()
    linked = MatchGame.objects.get(match=match)
    assert (linked.score_a, linked.score_b) == (
        game.totals["north_south"],
        game.totals["east_west"],
    )
    assert game.totals["north_south"] == 90 + 40


def test_a_game_outside_any_tournament_is_ignored(club, director):
    from tests.factories import game_for

    assert match_game_sync(game=game_for(club)) is None


def test_a_match_game_cannot_be_voided_its_result_is_corrected_instead(club, director):
    tournament = make_event(club, director, "round_robin", 2)
    game = match_game_start(match=tournament.matches.get(), by=director)

    with pytest.raises(Conflict) as refused:
        game_void(game=game, by=director, reason="wrong table")

    assert refused.value.code == "tournament_game"
    assert "correct the match result instead" in refused.value.message
    assert not Game.objects.get(pk=game.pk).is_void


def test_the_admin_cannot_delete_a_started_tournament_or_its_results(client, club, director):
    tournament = make_event(club, director, "round_robin", 2)
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw-root-2026")
    client.force_login(admin)

    match = tournament.matches.get()

    client.post(f"/admin/tournaments/tournament/{tournament.pk}/delete/", {"post": "yes"})
    audit = tournament.audit.first()
    for kind, pk in (("match", match.pk), ("round", match.round_id), ("auditentry", audit.pk)):
        posted = client.post(f"/admin/tournaments/{kind}/{pk}/delete/", {"post": "yes"})
        assert posted.status_code == 403, kind
    assert tournament.matches.get() == match
    assert tournament.audit.filter(pk=audit.pk).exists()
