"""The SQL figures of :func:`standings.player_stats.player_stats` equal a plain Python count
over the same stored rows, for random histories: games of four and games for three,
sets, penalties, void games, games left unfinished."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.hands import hand_record
from play.models import Game, GameSeat, Hand, HandResult, Irregularity
from play.seats import PARTNER, SIDE_OF
from play.services import game_start
from play.voiding import game_void
from rookclub.core.errors import DomainError
from rookclub.core.roles import SYSTEM
from standings.player_stats import player_stats
from tests.factories import ClubFactory, director_of, hand_in, players_of, scorer_of

pytestmark = pytest.mark.django_db


def random_history(seed: int, games: int) -> list:
    rnd = random.Random(seed)
    club = ClubFactory()
    director, scorer = director_of(club), scorer_of(club)
    players = players_of(club, 6)
    for _ in range(games):
        three = rnd.random() < 0.3
        chosen = rnd.sample(players, 3 if three else 4)
        names = ("seat1", "seat2", "seat3") if three else ("north", "east", "south", "west")
        seats = dict(zip(names, chosen, strict=True))
        ruleset = "three-player-2011" if three else "tournament"
        game = game_start(ruleset=ruleset, seats=seats, created_by=SYSTEM)
        for _ in range(rnd.randint(0, 6)):
            bidder = rnd.choice(names)
            if three:
                taken = rnd.randrange(0, 100, 5)
                body = {
                    "bidder": bidder,
                    "bid": rnd.randrange(50, 95, 5),
                    "trump": "red",
                    "counters": {"declarers": taken, "defenders": 95 - taken},
                }
            else:
                ns = rnd.randrange(0, 125, 5)
                body = hand_in(bidder, rnd.randrange(70, 125, 5), "red", ns)
                if rnd.random() < 0.2:
                    body["penalties"] = [{"seat": rnd.choice(names), "kind": "table_talk"}]
            try:
                hand_record(game=game, data=body, entered_by=scorer)
            except DomainError:
                break  # the game is over, or the hand cannot be right: history as it stands
        if rnd.random() < 0.15:
            game_void(game=game, by=director, reason="test")
    return players


def python_stats(player) -> dict:
    """The same figures the plain way: every row of the player's games into Python."""
    games = [g for g in Game.objects.filter(seats__player=player) if g.voided_at is None]
    ids = {g.pk for g in games}
    out = {"games": len(games), "won": 0, "unfinished": 0}
    for g in games:
        out["won"] += g.is_finished and player.pk in g.winners
        out["unfinished"] += not g.is_finished
    declared, bids, bidding, defending = 0, [], [], []
    made = 0
    for hand in Hand.objects.filter(game_id__in=ids):
        mine = next((s for s, pid in hand.seats.items() if pid == player.pk), None)
        if mine is None or hand.made is None:
            continue
        counters = hand.record["counters"]

        def key(seat, hand=hand, counters=counters):
            if "declarers" in counters:
                return "declarers" if seat == hand.bidder else "defenders"
            return SIDE_OF[seat]

        if hand.declarer_id == player.pk:
            declared += 1
            made += bool(hand.made)
            bids.append(hand.bid)
            bidding.append(counters[key(mine)])
        elif key(mine) != key(hand.bidder):
            defending.append(counters[key(mine)])
    avg = lambda xs: round(sum(xs) / len(xs), 1) if xs else None  # noqa: E731
    out.update(
        hands_declared=declared,
        bids_made=made,
        average_bid=avg(bids),
        average_counters_bidding=avg(bidding),
        hands_defended=len(defending),
        average_counters_defending=avg(defending),
    )
    out["points"] = sum(r.points for r in HandResult.objects.filter(player=player, game_id__in=ids))
    seat_of = {(r.hand_id, r.seat) for r in HandResult.objects.filter(player=player)}
    pens = [
        i
        for i in Irregularity.objects.filter(hand__game_id__in=ids)
        if (i.hand_id, i.seat) in seat_of
    ]
    out.update(penalties=len(pens), penalty_points=sum(i.points for i in pens))
    partners, opponents = {}, {}
    for g in games:
        seats = {s.seat: s.player_id for s in GameSeat.objects.filter(game=g)}
        mine = next(s for s, pid in seats.items() if pid == player.pk)
        won = g.is_finished and player.pk in g.winners
        for seat, pid in seats.items():
            if seat == mine:
                continue
            partner = not g.scores_players and PARTNER.get(mine) == seat
            table = partners if partner else opponents
            games_, won_ = table.get(pid, (0, 0))
            table[pid] = (games_ + 1, won_ + won)
    out.update(partners=partners, opponents=opponents)
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), games=st.integers(1, 5))
def test_sql_figures_equal_a_plain_count(seed, games):
    for player in random_history(seed, games):
        s = player_stats(player=player, year=None)
        got = {
            "games": s.games,
            "won": s.won,
            "unfinished": s.unfinished,
            "hands_declared": s.hands_declared,
            "bids_made": s.bids_made,
            "average_bid": s.average_bid,
            "average_counters_bidding": s.average_counters_bidding,
            "hands_defended": s.hands_defended,
            "average_counters_defending": s.average_counters_defending,
            "points": s.points,
            "penalties": s.penalties,
            "penalty_points": s.penalty_points,
            "partners": {r.player.pk: (r.games, r.won) for r in s.partners},
            "opponents": {r.player.pk: (r.games, r.won) for r in s.opponents},
        }
        assert got == python_stats(player)
