"""Readings of the rulebook made options, the rulebook's own reading the default."""

import pytest

from scoring.engine import (
    PRESETS,
    HandRefused,
    Ruleset,
    RulesetError,
    replay,
    ruleset_from,
    score_hand,
)
from tests.engine.helpers import PLAYERS, contract, sheet

INDIVIDUAL = PRESETS["tournament-individual"]


def test_individual_scoring_table_talk_is_taken_from_the_offenders_score_alone():
    """ "A penalty of 40 points should be taken from the score of a player who
    improperly discards (to the nest) or makes any suggestion to affect partner's
    play." (the Deluxe Rook booklet)  Under individual scoring each player's score is their own."""
    record = contract("north", 80, 85, 35, penalties=[{"seat": "south", "kind": "table_talk"}])

    result = score_hand(INDIVIDUAL, record, dealer="west")

    assert result.seats == {"north": 85, "east": 35, "south": 45, "west": 35}
    assert "South alone" in result.reasons[-1].text


def test_individual_scoring_both_partners_lose_it_under_the_side_option():
    """Option ``penalty_scope: side``: "deducted from the score of the partnership of
    any player who ... makes any 'table talk' suggestions" (the Hasbro 2011 booklet)."""
    rules = ruleset_from("tournament-individual", {"penalty_scope": "side"})
    record = contract("north", 80, 85, 35, penalties=[{"seat": "south", "kind": "table_talk"}])

    assert score_hand(rules, record, dealer="west").seats == {
        "north": 45,
        "east": 35,
        "south": 45,
        "west": 35,
    }


def test_individual_scoring_an_improper_discard_costs_the_declarer_alone():
    discard = {"seat": "north", "kind": "improper_discard"}
    record = contract("north", 80, 85, 35, penalties=[discard])

    result = score_hand(INDIVIDUAL, record, dealer="west")

    assert result.seats["north"] == 45 and result.seats["south"] == 85


def test_individual_game_totals_follow_the_players_penalty():
    record = contract("north", 80, 85, 35, penalties=[{"seat": "south", "kind": "table_talk"}])

    game = replay(INDIVIDUAL, PLAYERS, "west", [record])

    assert game.player_totals == {"ann": 85, "bob": 35, "cat": 45, "dan": 35}


def test_partnership_penalties_still_come_from_the_partnership():
    """Tournament Rook scores partnerships: "the score of the partnership of any player"
    (the Hasbro 2011 booklet) and the player's (the Deluxe Rook booklet) are the same score."""
    record = contract("north", 80, 85, 35, penalties=[{"seat": "south", "kind": "table_talk"}])

    result = score_hand(PRESETS["tournament"], record, dealer="west")

    assert result.sides == {"north_south": 45, "east_west": 35}


def after_hands(slug, hands, **options):
    """The game after ``hands`` made hands (a high target, so that it goes on)."""
    rules = ruleset_from(slug, {"target": 1000, **options})
    hand = sheet(
        bidder="north",
        bid=70,
        trump="red",
        counters={"north_south": 80, "east_west": 20},
        tricks={"north_south": 8, "east_west": 6},
    )
    return replay(rules, PLAYERS, "west", [hand] * hands)


def seats_after_four(slug, **options):
    return after_hands(slug, 4, **options)


def test_partnership_rook_keeps_its_seats_after_four_hands():
    """The Deluxe Rook booklet states "After Four Hands: One set of partners should exchange seats"
    for Tournament Rook; the Partnership Rook text has no seat exchange.  (Dixie, "similar to
    TOURNAMENT ROOK", exchanges: below.)"""
    game = seats_after_four("partnership")
    assert dict(game.seats) == PLAYERS and game.seat_message is None


def test_partnership_rook_and_dixie_exchange_seats_under_the_option():
    for slug in ("partnership", "dixie"):
        game = seats_after_four(slug, seat_exchange_interval=4)
        assert game.seat_exchange_due and str(game.seat_message) == "North and South exchange seats"


def test_tournament_rook_still_exchanges_seats_after_four_hands():
    """ "After Four Hands: One set of partners should exchange seats to change the play
    order of the four players." (the Deluxe Rook booklet)"""
    hands = [contract("north", 70, 80, 40)] * 4

    game = replay(PRESETS["tournament"], PLAYERS, "west", hands)

    assert game.seats["north"] == "cat" and game.seats["south"] == "ann"


def test_a_game_stored_before_the_new_readings_keeps_the_rules_it_was_played_under():
    """A ruleset snapshot written before ``penalty_scope`` existed replays as it was
    scored then (both partners lost the 40); a new snapshot keeps the new reading."""
    old = INDIVIDUAL.to_dict()
    del old["penalty_scope"]
    record = contract("north", 80, 85, 35, penalties=[{"seat": "south", "kind": "table_talk"}])

    stored = Ruleset.from_dict(old)

    assert stored.penalty_scope == "side"
    assert score_hand(stored, record, dealer="west").seats["north"] == 45
    assert Ruleset.from_dict(INDIVIDUAL.to_dict()) == INDIVIDUAL
    assert Ruleset.from_dict({"slug": "two-player-2011"}).cards_out == 3


def test_dixie_exchanges_one_set_of_partners_after_every_four_hands():
    """Dixie "is similar to TOURNAMENT ROOK except …", and "These variations follow the
    same format as established in the rules for both TOURNAMENT ROOK and PARTNERSHIP
    ROOK. The basic rules are not repeated for each variation" (the Deluxe Rook booklet); Tournament
    Rook: "After Four Hands: One set of partners should exchange seats"."""
    after_three = after_hands("dixie", 3)
    after_four = after_hands("dixie", 4)
    after_eight = after_hands("dixie", 8)

    assert dict(after_three.seats) == PLAYERS
    assert str(after_four.seat_message) == "North and South exchange seats"
    assert after_four.seats["north"] == "cat" and after_four.seats["south"] == "ann"
    assert str(after_eight.seat_message) == "East and West exchange seats"


def test_dixie_keeps_its_seats_under_the_option_seat_exchange_interval_0():
    game = after_hands("dixie", 4, seat_exchange_interval=0)

    assert dict(game.seats) == PLAYERS and game.seat_message is None


# ---- the 2011 game for three and Beginner Rook --------------------------------------

THREE = {"seat1": "ann", "seat2": "bob", "seat3": "cat"}


def three_2011_tie(**options):
    """Two hands after which both defenders (seat2, seat3) pass 200 together."""
    rules = ruleset_from("three-player-2011", options)
    hand = sheet(bidder="seat1", bid=50, trump="red", counters={"declarers": 0, "defenders": 100})
    return replay(rules, THREE, "seat1", [hand, hand])


def test_2011_three_each_defender_is_credited_with_the_combined_score():
    """ "These two players' scores are combined at the end of the hand" (the Hasbro 2011 booklet),
    and "In the case of a tie, play another hand" (the Hasbro 2011 booklet): by default the two
    defenders, both credited with 200, tie and the game goes on."""
    game = three_2011_tie()

    assert game.player_totals == {"ann": -100, "bob": 200, "cat": 200}
    assert game.status == "in_progress"


def test_2011_three_option_tie_at_target_shared_win_ends_the_game():
    game = three_2011_tie(tie_at_target="shared_win")

    assert game.status == "finished" and set(game.winners) == {"bob", "cat"}


def test_a_shared_win_is_refused_for_partnership_games():
    with pytest.raises(RulesetError) as exc:
        ruleset_from("tournament", {"tie_at_target": "shared_win"})

    assert "tie_at_target" in exc.value.errors


def test_beginner_has_no_table_talk_penalty_by_default():
    """Beginner has no partners, and "table talk" is a suggestion "to affect the
    partner's play" (the Hasbro 2011 booklet); its own text names no penalty."""
    talk = [{"seat": "north", "kind": "table_talk"}]
    counters = {"north": 6, "east": 6, "south": 6, "west": 6}

    hand = sheet(trump="red", counters=counters, penalties=talk)

    with pytest.raises(HandRefused) as refused:
        score_hand(PRESETS["beginner"], hand, dealer="west")
    old = ruleset_from("beginner", {"table_talk_penalty": 40})
    scored = score_hand(old, hand, dealer="west")

    assert "no table-talk penalty" in refused.value.errors["penalties"][0]
    assert scored.seats["north"] == -34
