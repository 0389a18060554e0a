"""The house rules a director may set on the create-event form: ruleset options
(``scoring.engine.options``) with their words. Whether they can be played together is
the engine's call; a blank option keeps the ruleset's value."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.options import CHOICES


@dataclass(frozen=True)
class HouseRule:
    name: str  # the ruleset option, as stored in options.ruleset_options
    label: str
    kind: str  # "int", "bool" or "choice"
    help: str = ""


RULES: tuple[HouseRule, ...] = (
    HouseRule("target", "Game to (points)", "int", "e.g. 500"),
    HouseRule("fixed_hands", "Or play a fixed number of hands", "int"),
    HouseRule("min_bid", "Lowest bid", "int"),
    HouseRule("bid_step", "Bids go up by", "int"),
    HouseRule("bird_points", "The Rook bird is worth", "int"),
    HouseRule("bird_rank", "The Rook bird ranks", "choice"),
    HouseRule("nest_capture", "The nest goes to", "choice"),
    HouseRule("counters_in_nest", "Counters may be buried in the nest", "bool"),
    HouseRule("most_tricks_bonus", "Bonus for most tricks", "int"),
    HouseRule("set_declarer", "A set declarer scores", "choice"),
    HouseRule("all_pass", "When everyone passes", "choice"),
    HouseRule("no_trump", "Declarer may call no trump", "bool"),
    HouseRule("low_card", "Declarer may call low", "bool"),
    HouseRule("circus", "Declarer may call circus", "bool"),
    HouseRule("table_talk_penalty", "Table-talk penalty", "int"),
    HouseRule("misdeal_penalty", "Misdeal penalty", "int"),
    HouseRule(
        "renege_points",
        "A renege found later scores",
        "int",
        "the reneging side loses it and every other side gains it, nothing else scores; "
        "blank: the reneging side is set back the bid",
    ),
    HouseRule("seat_exchange_interval", "Partners exchange seats every (hands, 0: never)", "int"),
    HouseRule(
        "tie_at_target",
        "Players tied past the target",
        "choice",
        "games won by a player (docs/rules.md §4, §9)",
    ),
)

#: The words for each choice's values (the engine's values are the keys).
CHOICE_LABELS: dict[str, dict[str, str]] = {
    "bird_rank": {"high": "highest trump", "low": "lowest trump", "ten_and_a_half": "as a 10½"},
    "nest_capture": {"last_trick": "whoever takes the last trick", "nobody": "nobody"},
    "set_declarer": {"minus_bid": "minus the bid", "zero": "nothing"},
    "all_pass": {"redeal": "redeal", "dealer_forced": "the dealer must bid"},
    "tie_at_target": {
        "play_on": "play another hand",
        "shared_win": "share the win",
        "tie": "the game ends tied",
    },
}


def choices(name: str) -> list[tuple[str, str]]:
    """A choice option's values with their words (the engine's value where there are none)."""
    words = CHOICE_LABELS.get(name, {})
    return [(value, words.get(value, value.replace("_", " "))) for value in CHOICES[name]]
