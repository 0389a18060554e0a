"""A posted hand is checked by a form whose fields are built once per ruleset and shared
(``HandForm.posted``), and a game's ruleset is built once per snapshot
(``play.rulesets.rules_of``): what one post or one game says never shows in
another's."""

import json

import pytest
from django.http import QueryDict

from play.forms import HandForm
from play.rulesets import rules_of, rules_of_snapshot
from tests.factories import game_for

pytestmark = pytest.mark.django_db


def posted(rules, **fields):
    data = QueryDict(mutable=True)
    data.update({"kind": "hand", **{k: str(v) for k, v in fields.items()}})
    return HandForm.posted(data, ruleset=rules, kind="hand")


def test_a_refused_hand_leaves_no_error_on_the_next_hand_posted(club, players):
    rules = rules_of(game_for(club, players, ruleset="tournament"))

    refused = posted(rules, number=3, bidder="north", bid=80, penalty_seat="east")
    recorded = posted(
        rules,
        number=3,
        bidder="north",
        bid=80,
        trump="red",
        counters_north_south=120,
        counters_east_west=60,
    )

    assert not refused.is_valid() and "penalty_kind" in refused.errors
    assert recorded.is_valid(), recorded.errors
    assert recorded.to_record()["counters"] == {"north_south": 120, "east_west": 60}
    assert refused.cleaned_data.get("trump") in (None, "")
    # The two share their fields, and neither changed them: a third post is checked alike.
    assert refused.fields is recorded.fields
    assert posted(rules, number=4, bidder="south", bid=85).is_valid()


def test_a_beginner_post_is_checked_without_declarer_and_bid_after_an_auction_game(club, players):
    auction = rules_of(game_for(club, players, ruleset="tournament"))
    beginner = rules_of(game_for(club, players, ruleset="beginner"))

    assert "bidder" in posted(auction, number=1).fields
    counters = {"counters_north": 10, "counters_east": 6, "counters_south": 4, "counters_west": 4}
    form = posted(beginner, number=1, bidder="north", bid=80, trump="red", **counters)

    assert "bidder" not in form.fields
    assert form.is_valid(), form.errors
    assert "bid" not in form.to_record() and "bidder" not in form.to_record()


def test_a_games_ruleset_is_its_own_snapshots_whichever_game_was_read_before(club, players):
    tournament = game_for(club, players, ruleset="tournament")
    beginner = game_for(club, players, ruleset="beginner")
    again = game_for(club, players, ruleset="tournament")

    assert rules_of(tournament).slug == "tournament"
    assert rules_of(beginner).slug == "beginner" and not rules_of(beginner).bidding
    # The same snapshot: the same (frozen) ruleset, built once.
    assert rules_of(again) is rules_of(tournament)
    # Read as its stored text (the table page's post), the same rules.
    assert rules_of_snapshot(json.dumps(beginner.ruleset)) == rules_of(beginner)


def test_a_snapshot_changed_in_place_is_read_again(club, players):
    game = game_for(club, players, ruleset="tournament")
    before = rules_of(game)
    changed = {**game.ruleset, "target": before.target + 100}
    game.ruleset = changed

    assert rules_of(game).target == before.target + 100
