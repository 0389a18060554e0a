"""A player's season figures against a small history worked out by hand:
bids taken, made and set, average bid, counters as bidder and as defender, penalties,
partner and opponent records; void games and other seasons left out; unfinished games
played but neither won nor lost; the games for three (no partner)."""

import datetime

import pytest

from play.checkins import night_check_in
from play.hands import hand_record
from play.night_opening import night_open
from play.services import game_start
from play.voiding import game_void
from rookclub.core.roles import SYSTEM
from standings.player_stats import player_days, player_stats, seasons_in, seasons_of, stats_csv
from tests.factories import players_of
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db

SEASON = 2025


def night(club, director, date):
    return night_open(club=club, date=date, opened_by=director)


def four_player_game(night, seats, user):
    """A, B, C, D at north, east, south, west. Hand by hand (north-south / east-west):
    1. north (A) bids 80, takes 85 of 120: made. 85 / 35.
    2. east (B) bids 100, takes 60: set. 60 / -100.
    3. south (C) bids 90, takes 100, and north talks across the table: -40. 60 / 20.
    4. north (A) bids 120, takes all 120: 365 to -45, north-south win."""
    game = game_start(
        seats=dict(zip(("north", "east", "south", "west"), seats, strict=True)),
        night=night,
        created_by=SYSTEM,
    )
    hands = [
        made_hand(bid=80, ns=85),
        made_hand(bid=100, ns=60, bidder="east"),
        made_hand(
            bid=90, ns=100, bidder="south", penalties=[{"seat": "north", "kind": "table_talk"}]
        ),
        made_hand(bid=120, ns=120),
    ]
    for number, data in enumerate(hands, start=1):
        hand_record(game=game, data=data, number=number, entered_by=user)
    game.refresh_from_db()
    return game


@pytest.fixture
def history(club, director, scorer):
    a, b, c, d, e = players_of(club, 5)
    for p, name in zip((a, b, c, d, e), "ABCDE", strict=True):
        p.name = name
        p.save()
    march = night(club, director, datetime.date(SEASON, 3, 6))
    night_check_in(night=march, players=[a, b, c, d, e], by=director)
    won = four_player_game(march, [a, b, c, d], scorer)
    assert won.is_finished and set(won.winners) == {a.pk, c.pk}
    # Void: counts for nothing.
    void = four_player_game(march, [a, b, c, d], scorer)
    game_void(game=void, by=director, reason="wrong table")
    # Another season: only in its own year.
    last_year = night(club, director, datetime.date(SEASON - 1, 9, 1))
    night_check_in(night=last_year, players=[a, b, c, d], by=director)
    four_player_game(last_year, [b, a, d, c], scorer)  # A at east this time
    # A game for three, still being played: B bids 60 and takes 75 of 95; A defends (20).
    three = game_start(
        ruleset="three-player-2011",
        seats={"seat1": a, "seat2": b, "seat3": e},
        night=march,
        created_by=SYSTEM,
    )
    hand_record(
        game=three,
        entered_by=scorer,
        number=1,
        data={
            "bidder": "seat2",
            "bid": 60,
            "trump": "red",
            "counters": {"declarers": 75, "defenders": 20},
        },
    )
    return {"A": a, "B": b, "C": c, "D": d, "E": e}


def test_the_bidders_season_is_counted_hand_by_hand(history):
    s = player_stats(player=history["A"], year=SEASON)

    assert (s.games, s.won, s.lost, s.unfinished) == (2, 1, 0, 1)
    assert (s.hands_declared, s.bids_made, s.sets, s.bids_made_percent) == (2, 2, 0, 100)
    assert s.average_bid == 100.0  # (80 + 120) / 2
    assert s.average_counters_bidding == 102.5  # (85 + 120) / 2
    # Defending: hand 2 of the partnership game (60), hand 1 of the game for three (20).
    assert (s.hands_defended, s.average_counters_defending) == (2, 40.0)
    assert (s.penalties, s.penalty_points) == (1, 40)
    # North-south took 85, 60, 100 less the 40 penalty, 120; then 20 defending at three.
    assert s.points == 85 + 60 + 60 + 120 + 20


def test_a_set_bidder_and_a_defender_who_never_bid(history):
    b = player_stats(player=history["B"], year=SEASON)

    assert (b.hands_declared, b.bids_made, b.sets, b.bids_made_percent) == (2, 1, 1, 50)
    assert b.average_bid == 80.0  # 100 (set) and 60 (the game for three)
    assert b.average_counters_bidding == 67.5  # 60 and 75
    assert (b.hands_defended, b.average_counters_defending) == (3, pytest.approx(18.3))
    assert (b.games, b.won, b.lost, b.unfinished) == (2, 0, 1, 1)
    d = player_stats(player=history["D"], year=SEASON)
    assert (d.hands_declared, d.average_bid, d.bids_made_percent) == (0, None, None)


def test_partners_and_opponents_have_their_records(history):
    a, b, c, d, e = (history[k] for k in "ABCDE")
    s = player_stats(player=a, year=SEASON)

    assert [(r.player, r.games, r.won) for r in s.partners] == [(c, 1, 1)]
    opponents = {r.player: (r.games, r.won, r.lost, r.unfinished) for r in s.opponents}
    # B: the partnership game (won) and the game for three (still playing).
    assert opponents == {b: (2, 1, 0, 1), d: (1, 1, 0, 0), e: (1, 0, 0, 1)}
    assert player_stats(player=e, year=SEASON).partners == []


def test_every_season_together_and_the_seasons_list(history):
    a = history["A"]
    s = player_stats(player=a, year=None)

    assert (s.games, s.won, s.lost) == (3, 1, 1)
    assert {r.player.name: r.games for r in s.partners} == {"C": 2}
    assert seasons_of(player=a) == [SEASON, SEASON - 1]
    assert player_stats(player=a, year=SEASON - 2).games == 0
    days = player_days(player=a)
    # Last year A sat east: east-west scored 35, then -100 (A's bid set), 20 and 0.
    assert days == [
        (datetime.date(SEASON - 1, 9, 1), 35 - 100 + 20 + 0),
        (datetime.date(SEASON, 3, 6), 85 + 60 + 60 + 120 + 20),
    ]
    assert seasons_in(days) == [SEASON, SEASON - 1]


def test_the_csv_has_a_bom_and_defuses_formulas(history):
    a = history["A"]
    a.name = '=HYPERLINK("http://x")'
    a.save()
    text = stats_csv(player_stats(player=a, year=SEASON))

    assert text.startswith("\ufeffplayer,season,stat,value")
    assert "'=HYPERLINK" in text and "\n=HYPERLINK" not in text
    assert "bids_made_percent,100" in text
    assert "partner,C,1,1,0,0" in text


@pytest.mark.parametrize("games", [1, 12])
def test_the_figures_cost_a_fixed_number_of_queries(
    club, director, scorer, games, django_assert_max_num_queries
):
    players = players_of(club, 4)
    one_night = night(club, director, datetime.date(SEASON, 5, 1))
    for _ in range(games):
        four_player_game(one_night, players, scorer)

    with django_assert_max_num_queries(4):
        s = player_stats(player=players[0], year=SEASON)
    assert s.games == games
