"""A renege found later in Beginner Rook through POST /api/v1/games/{id}/hands/.

Seed 001 (the 2011 booklet) gives the Beginner game no penalties of its own; its
Partnership Game says: "If the error is not discovered until later, the hand is
ended, and the side that made the error is set back the full amount of the bid,
regardless of who made the bid for that hand. The opponents score all the
Counters they captured before the error was discovered."  With no bidding there
is no bid to set back: the reneging player scores 0 for the hand and every other
player the counters they had captured (docs/engine.md).
"""

import pytest

from play.models import Hand, Irregularity
from tests.factories import game_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def beginner(club, players):
    return game_for(club, players, ruleset="beginner")


def hands_url(game):
    return f"/api/v1/games/{game.pk}/hands/"


def test_a_beginner_renege_found_later_ends_the_hand_and_the_others_keep_their_counters(
    api, beginner
):
    """ "the hand is ended ... The opponents score all the Counters they captured
    before the error was discovered" (seed 001); there is no bid, so nothing is set back."""
    body = {
        "number": 1,
        "renege": {
            "seat": "east",
            "found": "later",
            "counters": {"north": 4, "east": 3, "south": 6, "west": 2},
        },
    }

    response = api.post(hands_url(beginner), body, format="json")

    assert response.status_code == 201, response.json()
    hand = Hand.objects.get()
    assert hand.score["sides"] == {"north": 4, "east": 0, "south": 6, "west": 2}
    irregularity = Irregularity.objects.get()
    assert (irregularity.kind, irregularity.seat, irregularity.points) == ("renege", "east", 0)
    assert any("no bid to set back" in reason for reason in response.json()["reasons"])


def test_a_beginner_renege_without_the_counters_captured_is_refused_with_400(api, beginner):
    body = {"number": 1, "renege": {"seat": "east", "found": "later"}}

    response = api.post(hands_url(beginner), body, format="json")

    assert response.status_code == 400
    assert "renege.counters" in response.json(), response.json()
    assert not Hand.objects.exists()
