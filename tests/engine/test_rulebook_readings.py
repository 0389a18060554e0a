"""Readings of the rulebook made options, the rulebook's own reading the default (issue 14)."""

from scoring.engine import PRESETS, Ruleset, replay, ruleset_from, score_hand
from tests.engine.helpers import PLAYERS, contract, sheet

INDIVIDUAL = PRESETS["tournament-individual"]


def test_individual_scoring_table_talk_is_taken_from_the_offenders_score_alone():
    """ "A penalty of 40 points should be taken from the score of a player who
    improperly discards (to the nest) or makes any suggestion to affect partner's
    play." (seed 000)  Under individual scoring each player's score is their own."""
    record = contract("north", 80, 85, 35, penalties=[{"seat": "south", "kind": "table_talk"}])

    result = score_hand(INDIVIDUAL, record, dealer="west")

    assert result.seats == {"north": 85, "east": 35, "south": 45, "west": 35}
    assert "south alone" in result.reasons[-1].text


def test_individual_scoring_both_partners_lose_it_under_the_side_option():
    """Option ``penalty_scope: side``: "deducted from the score of the partnership of
    any player who ... makes any 'table talk' suggestions" (seed 001)."""
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
    (seed 001) and the player's (seed 000) are the same score."""
    record = contract("north", 80, 85, 35, penalties=[{"seat": "south", "kind": "table_talk"}])

    result = score_hand(PRESETS["tournament"], record, dealer="west")

    assert result.sides == {"north_south": 45, "east_west": 35}


def seats_after_four(slug, **options):
    """The game after four made hands (a high target, so that it goes on)."""
    rules = ruleset_from(slug, {"target": 1000, **options})
    hand = sheet(
        bidder="north",
        bid=70,
        trump="red",
        counters={"north_south": 80, "east_west": 20},
        tricks={"north_south": 8, "east_west": 6},
    )
    return replay(rules, PLAYERS, "west", [hand] * 4)


def test_partnership_rook_keeps_its_seats_after_four_hands():
    """Seed 000 states "After Four Hands: One set of partners should exchange seats" for
    Tournament Rook; the Partnership Rook text has no seat exchange.  (Dixie, "similar to
    TOURNAMENT ROOK", exchanges: tests/engine/test_rules_third_pass.py.)"""
    game = seats_after_four("partnership")
    assert dict(game.seats) == PLAYERS and game.seat_message is None


def test_partnership_rook_and_dixie_exchange_seats_under_the_option():
    for slug in ("partnership", "dixie"):
        game = seats_after_four(slug, seat_exchange_interval=4)
        assert game.seat_exchange_due and str(game.seat_message) == "North and South exchange seats"


def test_tournament_rook_still_exchanges_seats_after_four_hands():
    """ "After Four Hands: One set of partners should exchange seats to change the play
    order of the four players." (seed 000)"""
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
