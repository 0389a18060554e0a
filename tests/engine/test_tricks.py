"""Follow suit, trick winners and the Bird's privileges under each option (docs/rules.md §2)."""

from scoring.engine import BIRD, PRESETS, RED_ONE, Card, ruleset_from, trick_rules

T = PRESETS["tournament"]


def c(code: str) -> Card:
    colour, rank = code.split("-")
    return Card(colour, int(rank))


def rules(bird_rank="high", trump="red", ruleset=None):
    r = ruleset or ruleset_from("tournament", {"bird_rank": bird_rank})
    return trick_rules(r, trump)


class TestFollowingSuit:
    def test_a_player_who_holds_the_colour_led_must_follow_it(self):
        assert not rules().may_play(c("black-7"), [c("green-5"), c("black-7")], "green")
        assert rules().may_play(c("green-5"), [c("green-5"), c("black-7")], "green")

    def test_a_player_without_the_colour_led_may_play_anything_including_trump(self):
        assert rules().may_play(c("red-5"), [c("red-5"), c("black-7")], "green")
        assert rules().may_play(c("black-7"), [c("red-5"), c("black-7")], "green")

    def test_any_card_may_be_led(self):
        assert rules().may_play(c("black-7"), [c("red-5"), c("black-7")], None)


class TestBirdHigh:
    def test_the_bird_may_be_played_at_any_time_even_when_able_to_follow(self):
        assert rules("high").may_play(BIRD, [BIRD, c("green-5")], "green")

    def test_it_is_the_only_card_with_that_privilege(self):
        assert not rules("high").may_play(c("red-14"), [c("red-14"), c("green-5")], "green")

    def test_a_led_bird_calls_for_trump(self):
        r = rules("high")
        led = r.suit[BIRD]
        assert led == "red"
        assert not r.may_play(c("black-7"), [c("red-5"), c("black-7")], led)

    def test_a_holder_whose_only_trump_is_the_bird_must_play_it_when_trump_is_led(self):
        r = rules("high")
        assert not r.may_play(c("black-7"), [BIRD, c("black-7")], "red")
        assert r.legal_plays([BIRD, c("black-7")], "red") == [BIRD]

    def test_the_bird_is_the_highest_trump_above_the_14(self):
        r = rules("high")
        assert r.winner([c("red-14"), BIRD, c("red-13"), c("red-10")]) == 1

    def test_the_bird_wins_a_trick_of_another_colour(self):
        assert rules("high").winner([c("green-14"), c("green-5"), BIRD, c("green-10")]) == 2


class TestBirdLow:
    def test_the_low_bird_follows_the_ordinary_rules(self):
        assert not rules("low").may_play(BIRD, [BIRD, c("green-5")], "green")

    def test_the_low_bird_is_the_lowest_trump(self):
        assert rules("low").winner([BIRD, c("red-5")]) == 1

    def test_the_low_bird_still_beats_every_other_colour(self):
        assert rules("low").winner([c("green-14"), BIRD]) == 1


class TestBirdTenAndAHalf:
    def test_it_ranks_between_the_10_and_11_of_trump(self):
        r = rules("ten_and_a_half")
        assert r.winner([c("red-10"), BIRD]) == 1
        assert r.winner([c("red-11"), BIRD]) == 0

    def test_it_follows_the_ordinary_rules(self):
        assert not rules("ten_and_a_half").may_play(BIRD, [BIRD, c("green-5")], "green")


def test_the_bird_keeps_its_20_points_under_every_option():
    for rank in ("high", "low", "ten_and_a_half"):
        assert ruleset_from("tournament", {"bird_rank": rank}).card_points[BIRD] == 20


def test_the_highest_card_of_the_colour_led_wins_when_nobody_trumps():
    assert rules().winner([c("green-9"), c("green-13"), c("black-14"), c("green-5")]) == 1


def test_any_trump_beats_every_card_of_another_colour():
    assert rules().winner([c("green-14"), c("red-5"), c("green-13"), c("red-6")]) == 3


def test_red_one_is_a_top_trump_above_the_bird():
    r = trick_rules(PRESETS["red-one"], "green")
    assert r.suit[RED_ONE] == "green"
    assert r.winner([BIRD, RED_ONE, c("green-14")]) == 1


def test_buckeye_ones_outrank_the_14():
    r = trick_rules(PRESETS["buckeye"], "red")
    assert r.winner([c("black-14"), c("black-1"), c("black-13")]) == 1


def test_under_no_trump_the_bird_is_the_ten_and_a_half_of_red():
    r = trick_rules(ruleset_from("tournament", {"no_trump": True}), "no_trump")
    assert r.suit[BIRD] == "red" and r.privileged is None
    assert r.winner([c("red-10"), BIRD, c("red-11")]) == 2
    assert r.winner([c("green-5"), c("red-14")]) == 0
