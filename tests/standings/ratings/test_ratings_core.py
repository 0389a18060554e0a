"""The rating arithmetic (standings/ratings_core.py): plain data, no database."""

import pytest

from standings.ratings_core import (
    GameResult,
    Rater,
    RatingSettings,
    display,
    game_result,
    ranks_of,
    replay,
)

SIDES = [["north_south", ["north", "south"]], ["east_west", ["east", "west"]]]
SEATS = {"north": 1, "east": 2, "south": 3, "west": 4}


def partnership(game, winner="north_south", key=None, seats=SEATS):
    totals = {"north_south": 310, "east_west": 150}
    if winner == "east_west":
        totals = {"north_south": 150, "east_west": 310}
    return game_result(
        game=game,
        key=key if key is not None else game,
        partnership="fixed",
        partner_rotation="fixed",
        sides=SIDES,
        seats=seats,
        totals=totals,
        player_totals={},
    )


def individual(game, points, key=None):
    return game_result(
        game=game,
        key=key if key is not None else game,
        partnership="individual",
        partner_rotation="fixed",
        sides=[],
        seats={},
        totals={},
        player_totals={str(p): v for p, v in points.items()},
    )


def test_a_partnership_game_is_two_teams_ranked_by_their_totals():
    result = partnership(1)
    assert result.teams == ((1, 3), (2, 4))
    assert result.ranks == (0, 1)
    assert partnership(2, "east_west").ranks == (1, 0)


def test_a_win_raises_mu_a_loss_lowers_it_and_everyones_sigma_shrinks():
    rater = Rater()
    start = rater.rating(1)
    rater.rate(partnership(1))
    assert rater.rating(1).mu > start.mu and rater.rating(3).mu > start.mu
    assert rater.rating(2).mu < start.mu and rater.rating(4).mu < start.mu
    assert all(rater.rating(p).sigma < start.sigma for p in SEATS.values())
    assert rater.games == {1: 1, 2: 1, 3: 1, 4: 1}


def test_partners_split_a_win_by_how_sure_the_model_is_of_each():
    """Partner-adjusted: the newcomer (wide sigma) beside a settled player moves more."""
    rater = Rater()
    for game in range(20):  # player 1 plays a lot: their sigma narrows
        rater.rate(partnership(game, seats={"north": 1, "east": 10, "south": 11, "west": 12}))
    settled = rater.rating(1)
    rater.rate(partnership(99, seats={"north": 1, "east": 20, "south": 5, "west": 21}))
    newcomer_gain = rater.rating(5).mu - 25.0
    settled_gain = rater.rating(1).mu - settled.mu
    assert newcomer_gain > settled_gain > 0


def test_an_individual_game_ranks_players_by_points_and_equal_points_tie():
    result = individual(7, {1: 150, 2: 90, 3: 90, 4: 20})
    assert result.teams == ((1,), (2,), (3,), (4,))
    assert result.ranks == (0, 1, 1, 3)
    rater = Rater()
    rater.rate(result)
    assert rater.rating(1).mu > rater.rating(2).mu > rater.rating(4).mu
    assert rater.rating(2) == rater.rating(3)  # tied, same start: same rating


def test_a_tied_game_leaves_equal_players_level():
    rater = Rater()
    rater.rate(GameResult(game=1, key=1, teams=((1, 2), (3, 4)), ranks=(0, 0)))
    assert rater.rating(1).mu == pytest.approx(25.0)
    assert rater.rating(3).mu == pytest.approx(25.0)
    assert rater.rating(1).sigma < 25 / 3


def test_the_game_for_three_ranks_each_player():
    result = individual(3, {7: 120, 8: 160, 9: 40})
    assert result.teams == ((7,), (8,), (9,))
    assert result.ranks == (1, 0, 2)


def test_individual_rotation_in_a_partnership_ruleset_ranks_players():
    result = game_result(
        game=1,
        key=1,
        partnership="fixed",
        partner_rotation="individual",
        sides=SIDES,
        seats=SEATS,
        totals={},
        player_totals={"1": 200, "2": 180, "3": 120, "4": 60},
    )
    assert result.teams == ((1,), (2,), (3,), (4,))


def test_a_game_of_one_team_rates_nobody():
    assert individual(1, {1: 100}) is None


def test_ranks_of_scores():
    assert ranks_of([100, 80, 80, 50]) == (0, 1, 1, 3)
    assert ranks_of([5, 5]) == (0, 0)


def test_display_is_a_conservative_whole_number():
    assert display(25.0, 25 / 3) == 1000
    assert display(30.0, 2.0) == 1000 + 40 * 24
    assert display(20.0, 8.0) < 1000


def test_replay_goes_in_finishing_order_whatever_order_it_is_given():
    games = [
        partnership(g, "north_south" if g % 3 else "east_west", key=(g % 4, g)) for g in range(12)
    ]
    a, changes = replay(games)
    b, _ = replay(list(reversed(games)))
    assert a.ratings == b.ratings
    order = [c.game for c in changes][::4]
    assert order == [r.game for r in sorted(games, key=lambda r: r.key)]


def test_settings_from_a_mapping_are_checked():
    s = RatingSettings.from_mapping({"MU": 30, "SIGMA": 10, "BETA": 5, "TAU": 0.1})
    assert (s.mu, s.sigma, s.beta, s.tau) == (30.0, 10.0, 5.0, 0.1)
    assert Rater(s).rating(1) == (30.0, 10.0)
    with pytest.raises(ValueError, match="MODEL"):
        RatingSettings.from_mapping({"MODEL": "Elo"})
    with pytest.raises(ValueError, match="unknown"):
        RatingSettings.from_mapping({"K": 32})
    with pytest.raises(ValueError, match="positive"):
        RatingSettings.from_mapping({"SIGMA": 0})
    assert Rater(RatingSettings(model="BradleyTerryFull")).rate(partnership(1))
