"""docs/rules.md §5: penalties, reneges, misdeals and redeals, each amount a ruleset option."""

import pytest

from scoring.engine import HandRefused, ruleset_from

from .helpers import TOURNAMENT, contract, score, sheet


def test_table_talk_costs_the_offenders_partnership_40():
    result = score(
        contract("north", 80, 90, 30, penalties=[{"seat": "east", "kind": "table_talk"}])
    )
    assert result.sides == {"north_south": 90, "east_west": -10}
    assert "Table talk by East: East-West \u221240 (docs/rules.md §5)" in result.reasons


def test_the_table_talk_penalty_is_a_ruleset_option():
    r = ruleset_from("tournament", {"table_talk_penalty": 25})
    record = contract("north", 80, 90, 30, penalties=[{"seat": "south", "kind": "table_talk"}])
    assert score(record, r).sides["north_south"] == 65


def test_an_improper_discard_costs_the_declarers_side_40_by_default():
    record = contract(
        "north", 80, 90, 30, penalties=[{"seat": "north", "kind": "improper_discard"}]
    )
    assert score(record).sides == {"north_south": 50, "east_west": 30}


def test_under_the_automatic_set_option_an_improper_discard_sets_the_declarer():
    # a club's Kentucky Discard write-up
    r = ruleset_from("tournament", {"improper_discard": "automatic_set"})
    record = contract(
        "north", 80, 90, 30, penalties=[{"seat": "north", "kind": "improper_discard"}]
    )
    result = score(record, r)
    assert result.made is False
    assert result.sides == {"north_south": -80, "east_west": 30}
    assert "automatic set" in result.reasons[0]


def test_only_the_declarer_can_discard_improperly():
    record = contract("north", 80, 90, 30, penalties=[{"seat": "east", "kind": "improper_discard"}])
    with pytest.raises(HandRefused) as exc:
        score(record)
    assert "only the declarer (north)" in exc.value.errors["penalties"][0]


def test_a_renege_corrected_in_time_has_no_penalty():
    result = score(contract("north", 80, 90, 30, renege={"seat": "east", "found": "in_time"}))
    assert result.sides == {"north_south": 90, "east_west": 30}
    assert any("corrected before the next trick" in r for r in result.reasons)


def test_a_renege_found_later_sets_back_the_reneging_defenders_by_the_bid():
    # "regardless of who made the highest bid": east-west did not bid but lose 85.
    record = sheet(
        bidder="north",
        bid=85,
        renege={"seat": "east", "found": "later", "counters": {"north_south": 55}},
    )
    result = score(record)
    assert result.sides == {"north_south": 55, "east_west": -85}
    assert result.made is None


def test_a_renege_found_later_by_the_declarers_side_is_a_set_and_opponents_keep_counters():
    record = sheet(
        bidder="north",
        bid=85,
        renege={"seat": "south", "found": "later", "counters": {"east_west": 25}},
    )
    result = score(record)
    assert result.sides == {"north_south": -85, "east_west": 25}
    assert result.made is False


def test_a_renege_found_later_needs_the_bid_and_the_other_sides_counters_only():
    with pytest.raises(HandRefused) as exc:
        score(sheet(renege={"seat": "south", "found": "later"}))
    assert set(exc.value.errors) == {"bidder", "bid", "renege.counters"}


def test_a_misdeal_found_before_three_tricks_is_void_and_the_deal_passes():
    result = score(sheet(misdeal={"found": "before_three_tricks"}))
    assert (result.void, result.counts_for_rotation, result.deal_passes) == (True, False, True)
    assert result.sides == {"north_south": 0, "east_west": 0}
    assert result.made is None


def test_a_misdeal_found_later_sets_the_dealers_side_back_40_and_nobody_else_scores():
    result = score(sheet(misdeal={"found": "later"}), dealer="east")
    assert result.sides == {"north_south": 0, "east_west": -40}
    assert (result.void, result.deal_passes) == (False, True)


def test_the_misdeal_penalty_is_a_ruleset_option():
    r = ruleset_from("tournament", {"misdeal_penalty": 50})
    assert score(sheet(misdeal={"found": "later"}), r, dealer="north").sides["north_south"] == -50


@pytest.mark.parametrize("reason", ["exposed_card", "no_card_above_nine"])
def test_an_exposed_card_or_a_hand_without_a_card_above_nine_is_redealt_by_the_same_dealer(
    reason,
):
    result = score(sheet(redeal={"reason": reason}))
    assert (result.void, result.deal_passes, result.counts_for_rotation) == (True, False, False)
    assert result.made is None


def test_when_all_pass_the_next_dealer_redeals_by_default():
    result = score(sheet(redeal={"reason": "all_passed"}))
    assert (result.void, result.deal_passes) == (True, True)


def test_under_the_forced_dealer_option_an_all_pass_redeal_is_refused():
    r = ruleset_from("tournament", {"all_pass": "dealer_forced"})
    with pytest.raises(HandRefused) as exc:
        score(sheet(redeal={"reason": "all_passed"}), r)
    assert "dealer must take the minimum bid" in exc.value.errors["redeal"][0]


def test_penalties_apply_on_top_of_a_set():
    record = contract("north", 95, 75, 45, penalties=[{"seat": "south", "kind": "table_talk"}])
    assert score(record, TOURNAMENT).sides == {"north_south": -135, "east_west": 45}


def test_partnership_games_still_set_back_the_dealers_whole_partnership():
    result = score(sheet(misdeal={"found": "later"}), dealer="west")

    assert result.seats == {"north": 0, "east": -40, "south": 0, "west": -40}
