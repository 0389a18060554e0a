"""The 2011 games for two and three are offered by GET /api/v1/rulesets/."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("slug", "seats", "target"),
    [("two-player-2011", ["seat1", "seat2", "dummy"], 300), ("three-player-2011", 3, 200)],
)
def test_the_2011_games_are_listed_with_their_rules(api, slug, seats, target):
    """Seed 001: "put the other three aside, out of play"; "The minimum bid is 50
    points"; game 300 for two, 200 for three."""
    response = api.get(f"/api/v1/rulesets/{slug}/")

    assert response.status_code == 200, response.json()
    rules = response.json()["ruleset"]
    assert (rules["cards_out"], rules["min_bid"], rules["target"]) == (3, 50, target)
    assert rules["partnership"] == "bidder_alone"
    if isinstance(seats, list):
        assert rules["seats"] == seats
    else:
        assert len(rules["seats"]) == seats
