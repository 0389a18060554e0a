"""The demo club: a few weeks of finished club nights, loaded idempotently and fast."""

import pytest

from play.models import Game, Hand, HandCorrection, Night
from rookclub.demo import load_demo
from standings.standings import season_standings

pytestmark = pytest.mark.django_db


def counts():
    return (
        Night.objects.count(),
        Game.objects.count(),
        Hand.objects.count(),
        HandCorrection.objects.count(),
    )


def test_the_demo_shows_four_finished_nights_of_twelve_players_at_three_tables(
    django_assert_max_num_queries,
):
    # "Fast" as a bound on its work, not a stopwatch (a loaded machine made the old
    # 10-second check fail): about 3,400 statements today for ~100 hands.
    with django_assert_max_num_queries(4_000):
        club = load_demo()

    nights = Night.objects.filter(club=club)
    assert nights.count() == 4
    assert all(night.status == "closed" for night in nights)
    assert all(night.check_ins.count() == 12 for night in nights)
    assert not Game.objects.exclude(status="finished").exists()
    assert Hand.objects.filter(confirmed_by__isnull=False).exists()
    assert HandCorrection.objects.count() == 1
    assert len(season_standings(club=club).players) == 12


def test_loading_the_demo_twice_changes_nothing():
    load_demo()
    before = counts()

    load_demo()

    assert counts() == before
