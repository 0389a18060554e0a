"""Two devices posting the same hand at once store it once (needs real PostgreSQL)."""

import threading

import pytest
from django.db import connection, connections

from play.hands import hand_record, hand_recording
from play.models import Hand
from rookclub.core.errors import Conflict
from tests.factories import ClubFactory, game_for, scorer_of
from tests.play.conftest import made_hand

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL row locks and concurrent connections (runs in CI)",
    ),
]


def post_at_once(game, user, bodies):
    """Post each body from its own thread and connection, released together."""
    barrier = threading.Barrier(len(bodies))
    outcomes = []

    def post(body):
        try:
            barrier.wait()
            recording = hand_recording(game_id=game.pk, data=body, entered_by=user, number=1)
            outcomes.append("replayed" if recording.replayed else "stored")
        except Conflict as exc:
            outcomes.append(exc.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(b,)) for b in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return outcomes


def test_two_phones_posting_the_same_hand_at_once_store_it_once():
    club = ClubFactory()
    game, scorer = game_for(club), scorer_of(club)

    outcomes = post_at_once(game, scorer, [made_hand(), made_hand(ns=90)])

    assert sorted(outcomes) == ["hand_number_taken", "stored"]
    assert Hand.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    # Whichever came first, the totals are that one hand's.
    assert game.totals in (
        {"north_south": 85, "east_west": 35},
        {"north_south": 90, "east_west": 30},
    )


def test_eight_posts_of_hand_one_at_once_store_one_hand():
    club = ClubFactory()
    game, scorer = game_for(club), scorer_of(club)

    outcomes = post_at_once(game, scorer, [made_hand()] * 8)

    # The same hand from the same scorer: one stores it, the others get it back.
    assert outcomes.count("stored") == 1
    assert outcomes.count("replayed") == 7
    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_posted_while_the_director_closes_the_night_is_stored_first_or_refused():
    """Closing locks the night's games: a hand racing the close either lands before the
    night's closing time or is refused with session_closed, never stored after it."""
    import datetime

    from play.checkins import night_check_in
    from play.night_closing import night_close
    from play.night_opening import night_open
    from play.night_seating import night_seat
    from tests.factories import director_of, players_of

    club = ClubFactory()
    director, scorer = director_of(club), scorer_of(club)
    for attempt in range(6):
        night = night_open(club=club, date=datetime.date(2025, 3, 6 + attempt), opened_by=director)
        night_check_in(night=night, players=players_of(club, 4), by=director)
        game = night_seat(night=night, by=director, seed=attempt).tables.get().games.get()
        barrier = threading.Barrier(2)
        outcomes = []

        def record(game=game, barrier=barrier, outcomes=outcomes):
            try:
                barrier.wait()
                hand_record(game=game, data=made_hand(), entered_by=scorer)
                outcomes.append("stored")
            except Conflict as exc:
                outcomes.append(exc.code)
            finally:
                connections.close_all()

        def close(night=night, barrier=barrier):
            try:
                barrier.wait()
                night_close(night=night, by=director)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=record), threading.Thread(target=close)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)

        night.refresh_from_db()
        assert night.status == "closed"
        assert outcomes in (["stored"], ["session_closed"])
        stored = list(Hand.objects.filter(game=game))
        assert len(stored) == (outcomes == ["stored"])
        assert all(h.entered_at <= night.closed_at for h in stored)


def test_two_directors_replacing_a_tables_link_at_once_leave_one_live_link():
    import datetime

    from play.checkins import night_check_in
    from play.models import TableLink
    from play.night_opening import night_open
    from play.night_seating import night_seat
    from play.table_links import link_replace, links_for
    from rookclub.core.errors import DomainError
    from tests.factories import director_of, players_of

    club = ClubFactory()
    ann, bob = director_of(club), director_of(club)
    night = night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=ann)
    night_check_in(night=night, players=players_of(club, 4), by=ann)
    night_seat(night=night, by=ann, seed=1)
    links_for(club=club, kind="night", numbers=[1], night=night)

    def replace(by, barrier, outcomes):
        try:
            barrier.wait()
            link_replace(club=club, kind="night", night=night, number=1, by=by)
            outcomes.append("replaced")
        except DomainError as exc:
            outcomes.append(exc.code)
        finally:
            connections.close_all()

    for _ in range(10):
        barrier, outcomes = threading.Barrier(2), []
        threads = [
            threading.Thread(target=replace, args=(u, barrier, outcomes)) for u in (ann, bob)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)

        # One after the other both replace it; when they overlap, the second is a 409.
        assert sorted(outcomes) in (
            ["replaced", "replaced"],
            ["link_replaced_meanwhile", "replaced"],
        )
        live = TableLink.objects.filter(night=night, number=1, replaced_at__isnull=True)
        assert live.count() == 1
