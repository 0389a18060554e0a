"""Ratings kept as games finish, recomputed on a correction or a void, and the
``recompute_ratings`` command (standings/ratings.py)."""

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play.corrections import hand_correct
from play.hands import hand_record
from play.signals import game_scored
from play.voiding import game_void
from standings import ratings
from standings.models import PlayerRating, RatingChange
from standings.ratings import recompute_club
from tests.factories import ClubFactory, game_for, players_of
from tests.play.conftest import made_hand, play_out
from tests.standings.ratings.conftest import new_game, recomputes

pytestmark = pytest.mark.django_db


def snapshot(club):
    """Every rating and ledger row of ``club`` as plain tuples (exact floats)."""
    current = sorted(
        PlayerRating.objects.filter(club=club).values_list("player_id", "mu", "sigma", "games")
    )
    ledger = sorted(
        RatingChange.objects.filter(club=club).values_list(
            "game_id", "player_id", "finished_at", "mu", "sigma"
        )
    )
    return current, ledger


def test_nobody_is_rated_before_a_game_finishes(club, players, scorer):
    game = new_game(club, players[:4])
    hand_record(game=game, data=made_hand(), entered_by=scorer)
    assert not PlayerRating.objects.exists() and not RatingChange.objects.exists()


def test_a_finishing_hand_rates_the_four_players(club, players, scorer):
    north, east, south, west = players[:4]
    game = play_out(new_game(club, players[:4]), scorer)
    rows = {r.player_id: r for r in PlayerRating.objects.filter(club=club)}
    assert set(rows) == {north.pk, east.pk, south.pk, west.pk}
    assert rows[north.pk].mu == rows[south.pk].mu > 25 > rows[east.pk].mu == rows[west.pk].mu
    assert all(r.games == 1 and r.sigma < 25 / 3 for r in rows.values())
    changes = RatingChange.objects.filter(game=game)
    assert changes.count() == 4 and {c.finished_at for c in changes} == {game.finished_at}


def test_incremental_ratings_equal_a_recompute_from_scratch(club, players, scorer):
    for i in range(5):
        four = players[i % 3 : i % 3 + 4]
        play_out(new_game(club, four), scorer, side="north_south" if i % 2 else "east_west")
    incremental = snapshot(club)
    assert recompute_club(club_id=club.pk) == 5
    assert snapshot(club) == incremental
    assert recompute_club(club_id=club.pk) == 5  # idempotent
    assert snapshot(club) == incremental


def test_a_rating_in_one_club_is_independent_of_another(club, players, scorer, director):
    other = ClubFactory()
    play_out(new_game(club, players[:4]), scorer)
    before = snapshot(club)
    from tests.factories import scorer_of

    play_out(game_for(other, players_of(other, 4)), scorer_of(other))
    assert snapshot(club) == before
    assert PlayerRating.objects.filter(club=other).count() == 4


def test_a_mid_game_hand_costs_no_statement_for_ratings(club, players, scorer, api):
    """The hand POST of a game that goes on runs exactly the statements it ran before
    ratings existed: the receiver only looks at the locked game in memory."""
    game = new_game(club, players[:4])
    url = f"/api/v1/games/{game.pk}/hands/"

    def post(number):
        with CaptureQueriesContext(connection) as ctx:
            response = api.post(url, {**made_hand(), "number": number}, format="json")
        assert response.status_code == 201, response.content
        return len(ctx.captured_queries)

    post(1)
    with_ratings = post(2)
    game_scored.disconnect(dispatch_uid="scoring-ratings")
    try:
        without = post(3)
    finally:
        game_scored.connect(ratings.on_game_scored, dispatch_uid="scoring-ratings")
    assert with_ratings == without
    assert not RatingChange.objects.exists()


def test_the_finishing_hand_through_the_api_rates_the_game(club, players, scorer, api):
    game = new_game(club, players[:4])
    url = f"/api/v1/games/{game.pk}/hands/"
    number = 1
    while True:
        body = {**made_hand(bid=120, ns=120), "number": number}
        with CaptureQueriesContext(connection) as ctx:
            response = api.post(url, body, format="json")
        assert response.status_code == 201, response.content
        game.refresh_from_db()
        if game.is_finished:
            break
        number += 1
    rating_statements = [
        q
        for q in ctx.captured_queries
        if "scoring_rating" in q["sql"] or "scoring_playerrating" in q["sql"]
    ]
    assert 1 <= len(rating_statements) <= 4
    assert RatingChange.objects.filter(game=game).count() == 4


def test_correcting_a_finished_game_recomputes_the_club(
    club, players, scorer, director, eager_tasks, django_capture_on_commit_callbacks
):
    first = play_out(new_game(club, players[:4]), scorer)  # north-south win
    play_out(new_game(club, players[1:5]), scorer)
    winners_before = PlayerRating.objects.get(player=players[0]).mu
    hand = first.hands.order_by("number").last()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        # The last hand now goes to east-west: north-south no longer reach 300.
        hand_correct(
            hand=hand, data=made_hand(bid=120, ns=0, bidder="east"), by=director, reason="misread"
        )
    assert len(recomputes(callbacks)) == 1  # one recompute, however many reasons to ask
    first.refresh_from_db()
    assert not first.is_finished
    assert not RatingChange.objects.filter(game=first).exists()
    assert PlayerRating.objects.filter(player=players[0]).first() is None or (
        PlayerRating.objects.get(player=players[0]).mu != winners_before
    )
    current = snapshot(club)
    recompute_club(club_id=club.pk)
    assert snapshot(club) == current


def test_a_correction_that_changes_the_winner_is_rated_the_new_way(
    club, players, scorer, director, eager_tasks, django_capture_on_commit_callbacks
):
    game = new_game(club, players[:4])
    for _ in range(2):
        hand_record(game=game, data=made_hand(bid=120, ns=120), entered_by=scorer)
    last = hand_record(game=game, data=made_hand(bid=120, ns=120), entered_by=scorer)
    game.refresh_from_db()
    assert game.is_finished
    north = players[0]
    assert PlayerRating.objects.get(player=north).mu > 25
    first = game.hands.order_by("number").first()
    with django_capture_on_commit_callbacks(execute=True):
        hand_correct(
            hand=first, data=made_hand(bid=120, ns=0, bidder="east"), by=director, reason="x"
        )
    game.refresh_from_db()
    assert last.pk and not game.is_finished  # 240 - 120 is short of 300
    assert not PlayerRating.objects.filter(player=north).exists()


def test_a_game_finished_again_before_its_recompute_ran_is_not_rated_on_top(
    club, players, scorer, director, eager_tasks, django_capture_on_commit_callbacks
):
    game = new_game(club, players[:4])
    for _ in range(3):
        hand_record(game=game, data=made_hand(bid=120, ns=120), entered_by=scorer)
    game.refresh_from_db()
    assert game.is_finished and RatingChange.objects.filter(game=game).count() == 4
    first = game.hands.order_by("number").first()
    with django_capture_on_commit_callbacks(execute=False) as waiting:  # no worker yet
        hand_correct(
            hand=first, data=made_hand(bid=120, ns=0, bidder="east"), by=director, reason="x"
        )
        game.refresh_from_db()
        assert not game.is_finished
        play_out(game, scorer)  # finished again (it used to fail: a duplicate ledger row)

    queued = recomputes(waiting)
    assert len(queued) == 1  # the one recompute the correction asked for
    queued[0]()
    assert RatingChange.objects.filter(game=game).count() == 4
    current = snapshot(club)
    recompute_club(club_id=club.pk)
    assert snapshot(club) == current


def test_voiding_a_rated_game_recomputes_without_it(
    club, players, scorer, director, eager_tasks, django_capture_on_commit_callbacks
):
    kept = play_out(new_game(club, players[:4]), scorer)
    voided = play_out(new_game(club, players[:4]), scorer, side="east_west")
    with django_capture_on_commit_callbacks(execute=True):
        game_void(game=voided, by=director, reason="wrong table")
    assert not RatingChange.objects.filter(game=voided).exists()
    assert set(RatingChange.objects.values_list("game_id", flat=True)) == {kept.pk}
    assert PlayerRating.objects.get(player=players[0]).games == 1


def test_voiding_an_unfinished_game_recomputes_nothing(
    club, players, scorer, director, django_capture_on_commit_callbacks
):
    game = new_game(club, players[:4])
    with django_capture_on_commit_callbacks() as callbacks:
        game_void(game=game, by=director, reason="abandoned")
    assert recomputes(callbacks) == []


def test_a_game_finishing_before_the_last_rated_one_recomputes(
    club, players, scorer, eager_tasks, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    early = new_game(club, players[:4])
    for _ in range(2):
        hand_record(game=early, data=made_hand(bid=120, ns=120), entered_by=scorer)
    later = play_out(new_game(club, players[2:6]), scorer)
    # The early game's last hand is recorded now but, say, its clock said earlier:
    # finishing times are not always in the order the games are rated in.
    from play.models import Game

    def backdate(sender, game, **kwargs):
        if game.pk == early.pk and game.is_finished:
            game.finished_at = later.finished_at - timedelta(minutes=5)
            Game.objects.filter(pk=game.pk).update(finished_at=game.finished_at)

    game_scored.connect(backdate, dispatch_uid="test-backdate")
    # Receivers run in order of connection: move ratings after the backdating one.
    game_scored.disconnect(dispatch_uid="scoring-ratings")
    game_scored.connect(ratings.on_game_scored, dispatch_uid="scoring-ratings")
    try:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            hand_record(game=early, data=made_hand(bid=120, ns=120), entered_by=scorer)
    finally:
        game_scored.disconnect(dispatch_uid="test-backdate")
    assert len(recomputes(callbacks)) == 1
    order = list(
        RatingChange.objects.order_by("finished_at", "game_id").values_list("game_id", flat=True)
    )
    assert order[:4] == [early.pk] * 4 and order[4:] == [later.pk] * 4
    current = snapshot(club)
    recompute_club(club_id=club.pk)
    assert snapshot(club) == current


def test_the_command_recomputes_one_club_or_all(club, players, scorer, capsys):
    play_out(new_game(club, players[:4]), scorer)
    before = snapshot(club)
    RatingChange.objects.all().delete()
    PlayerRating.objects.all().delete()
    call_command("recompute_ratings", "--club", club.slug)
    assert snapshot(club) == before
    assert "1 game rated" in capsys.readouterr().out
    call_command("recompute_ratings")
    assert snapshot(club) == before
    with pytest.raises(CommandError, match="No club has the slug"):
        call_command("recompute_ratings", "--club", "nope")


def test_individual_games_rate_each_player_by_points(club, players, scorer):
    game = game_for(club, players[:4], ruleset="beginner")
    counters = {"north": 12, "east": 6, "south": 6, "west": 0}
    while not game.is_finished:
        hand_record(game=game, data={"trump": "red", "counters": counters}, entered_by=scorer)
        game.refresh_from_db()
    rows = {r.player_id: r.mu for r in PlayerRating.objects.filter(club=club)}
    n, e, s, w = (p.pk for p in players[:4])
    assert rows[n] > rows[e] == rows[s] > rows[w]


def test_the_broker_down_still_recomputes(
    club, players, scorer, director, broker_down, caplog, django_capture_on_commit_callbacks
):
    game = play_out(new_game(club, players[:4]), scorer)
    assert RatingChange.objects.filter(game=game).exists()

    with django_capture_on_commit_callbacks(execute=True):
        game_void(game=game, by=director, reason="wrong table")

    assert not RatingChange.objects.exists()  # recomputed here, without the voided game
    assert f"rating recompute of club {club.pk} not queued" in caplog.text


def test_a_recompute_asked_in_a_rolled_back_savepoint_does_not_stop_the_next(
    club, django_capture_on_commit_callbacks
):
    from django.db import transaction

    other = ClubFactory()
    with django_capture_on_commit_callbacks() as callbacks:
        with pytest.raises(RuntimeError), transaction.atomic():
            ratings.recompute_on_commit(club_id=club.pk)
            raise RuntimeError("the hand was refused")
        ratings.recompute_on_commit(club_id=club.pk)
        ratings.recompute_on_commit(club_id=other.pk)
        ratings.recompute_on_commit(club_id=club.pk)  # already waiting: not again

    assert (
        len(recomputes(callbacks)) == 2
    )  # one per club: the rolled-back request left nothing behind


def test_the_migration_rates_the_games_finished_before_ratings(club, players, scorer):
    """Upgrading rates every club's history as a recompute would."""
    import importlib

    from django.db import connection
    from django.db.migrations.loader import MigrationLoader

    # The models as that migration sees them (the ratings were play's then).
    apps = MigrationLoader(connection).project_state(("scoring", "0008_player_ratings")).apps
    rate_history = importlib.import_module("play.migrations.0008_player_ratings").rate_history
    play_out(new_game(club, players[:4]), scorer)
    play_out(new_game(club, players[2:6]), scorer, side="east_west")
    other = ClubFactory()
    from tests.factories import scorer_of

    play_out(game_for(other, players_of(other, 4)), scorer_of(other))
    expected = snapshot(club), snapshot(other)
    RatingChange.objects.all().delete()
    PlayerRating.objects.all().delete()

    rate_history(apps, None)

    assert (snapshot(club), snapshot(other)) == expected


def test_the_recompute_task_keeps_the_name_workers_know():
    """A recompute queued before an upgrade (under play's name) is run after it."""
    from rookclub.celery import app
    from standings.ratings import recompute_ratings

    assert recompute_ratings.name == "play.ratings.recompute_ratings"
    # What a worker runs for a message under that name is the recompute here.
    assert app.tasks["play.ratings.recompute_ratings"].run.__module__ == "standings.ratings"
