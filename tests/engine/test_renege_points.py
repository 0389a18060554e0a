"""House rule ``renege_points``: a renege found later scores a fixed number of points.

County fair sheets: "if the bidding team reneges it is set 100 and the opponents get
100; if the other team reneges, the bidder makes 100 and the reneging team loses 100".
That is ``renege_points: 100``: the offenders score -N, every other side +N, and
nothing else counts that hand. Unset, the rulebooks' reading stands: the offenders are
set back the bid and the others keep the counters they had captured.
"""

import pytest

from scoring.engine import PRESETS, HandRefused, Ruleset, RulesetError, ruleset_from, score_hand
from tests.engine.helpers import contract, sheet


def renege(seat, bidder="north", bid=85, counters=None, **more):
    """A score-sheet hand ended by a renege found later."""
    found = {"seat": seat, "found": "later"}
    if counters is not None:
        found["counters"] = counters
    return sheet(bidder=bidder, bid=bid, renege=found, **more)


def test_a_declarers_renege_sets_the_declarers_side_n_and_the_opponents_score_n():
    rules = ruleset_from("tournament", {"renege_points": 100})

    result = score_hand(rules, renege("south"), dealer="west")

    assert result.sides == {"north_south": -100, "east_west": 100}
    assert result.made is False
    assert result.reasons[0].text == (
        "Renege by South found later: hand ended, North-South \u2212100, East-West +100 "
        "(house rule renege_points)"
    )
    assert result.reasons[0].rule == "§5"


def test_a_defenders_renege_gives_the_declarers_side_n_whatever_the_bid():
    rules = ruleset_from("tournament", {"renege_points": 100})

    result = score_hand(rules, renege("east", bid=120), dealer="west")

    assert result.sides == {"north_south": 100, "east_west": -100}
    assert result.made is None


def test_the_counters_captured_before_the_renege_count_for_nothing():
    rules = ruleset_from("tournament", {"renege_points": 60})
    counters = {"north_south": 55, "east_west": 35}

    result = score_hand(rules, renege("east", counters=counters), dealer="west")

    assert result.sides == {"north_south": 60, "east_west": -60}


def test_under_the_house_rule_the_counters_captured_are_not_asked_for():
    with pytest.raises(HandRefused) as rulebook:
        score_hand(PRESETS["tournament"], renege("east"), dealer="west")
    rules = ruleset_from("tournament", {"renege_points": 100})

    assert "renege.counters" in rulebook.value.errors
    assert score_hand(rules, renege("east"), dealer="west").sides["east_west"] == -100


def test_under_the_house_rule_a_hands_counters_are_still_refused_beside_a_late_renege():
    rules = ruleset_from("tournament", {"renege_points": 100})
    record = renege("east", counters={"north_south": 60, "east_west": 60})
    ended = sheet(**{**record.to_dict(), "counters": {"north_south": 60, "east_west": 60}})

    with pytest.raises(HandRefused) as exc:
        score_hand(rules, ended, dealer="west")

    assert "not counters (house rule renege_points)" in exc.value.errors["counters"][0]


@pytest.mark.parametrize(
    ("slug", "offender", "bidder"),
    [
        ("five-player", "seat3", "seat1"),  # five players alone: the defender reneges
        ("six-player", "seat1", "seat1"),  # six players alone: the declarer reneges
    ],
)
def test_at_tables_of_five_and_six_the_offender_loses_n_and_everyone_else_gains_n(
    slug, offender, bidder
):
    rules = ruleset_from(slug, {"renege_points": 100})

    result = score_hand(rules, renege(offender, bidder=bidder, bid=60), dealer="seat2")

    assert result.seats[offender] == -100
    assert all(points == 100 for seat, points in result.seats.items() if seat != offender)
    assert "everyone else +100" in result.reasons[0].text


def test_high_card_partner_a_defenders_renege_pays_the_declarer_and_the_called_partner():
    rules = ruleset_from("high-card-partner", {"renege_points": 50})
    record = renege("seat4", bidder="seat1", bid=70, partner="seat3")

    result = score_hand(rules, record, dealer="seat5")

    assert result.sides == {"declarers": 50, "defenders": -50}
    assert result.seats == {"seat1": 50, "seat2": -50, "seat3": 50, "seat4": -50, "seat5": -50}


@pytest.mark.parametrize("slug", ["partnership-for-six", "dixie-6"])
def test_partnerships_of_three_the_declarers_renege_costs_all_three(slug):
    rules = ruleset_from(slug, {"renege_points": 100})

    result = score_hand(rules, renege("seat3", bidder="seat1", bid=80), dealer="seat6")

    assert result.sides == {"seats_135": -100, "seats_246": 100}
    assert result.seats == {f"seat{n}": -100 if n % 2 else 100 for n in range(1, 7)}
    assert result.made is False


def test_penalties_of_the_same_hand_still_apply_on_top():
    rules = ruleset_from("tournament", {"renege_points": 100})
    record = renege("east", penalties=[{"seat": "north", "kind": "table_talk"}])

    assert score_hand(rules, record, dealer="west").sides == {"north_south": 60, "east_west": -100}


def test_a_renege_corrected_in_time_still_costs_nothing():
    rules = ruleset_from("tournament", {"renege_points": 100})
    record = contract("north", 80, 90, 30, renege={"seat": "east", "found": "in_time"})

    assert score_hand(rules, record, dealer="west").sides == {"north_south": 90, "east_west": 30}


def test_unset_the_offenders_are_set_back_the_bid_and_the_others_keep_their_counters():
    record = renege("east", counters={"north_south": 55})

    result = score_hand(PRESETS["tournament"], record, dealer="west")

    assert PRESETS["tournament"].renege_points is None
    assert result.sides == {"north_south": 55, "east_west": -85}


@pytest.mark.parametrize("points", [0, -100, 2.5, "100", True])
def test_renege_points_must_be_a_whole_number_from_1(points):
    with pytest.raises(RulesetError) as exc:
        ruleset_from("tournament", {"renege_points": points})

    assert "renege_points" in exc.value.errors


def test_a_snapshot_stored_before_the_house_rule_replays_as_it_was_scored():
    """A game keeps the rules it began under: a whole snapshot without
    ``renege_points`` (or ``penalty_scope``, older still) takes each missing rule's
    class default, not what the preset says today."""
    stored = PRESETS["tournament-individual"].to_dict()
    del stored["renege_points"], stored["penalty_scope"]

    replayed = Ruleset.from_dict(stored)

    assert replayed.renege_points is None
    assert replayed.penalty_scope == "side"  # the preset now says "player"
