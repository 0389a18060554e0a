"""Engine messages carry the sentence for the table and the rule apart (messages.py),
while their string is the cited form the API returns: "… (docs/rules.md §2)"."""

import copy
import json
import pickle

import pytest

from scoring.engine import (
    PRESETS,
    AuctionError,
    CardHand,
    HandRecord,
    HandRefused,
    Message,
    RulesetError,
    check_card_hand,
    cite,
    plain,
    ruleset_from,
    run_auction,
    score_hand,
    simulate_hand,
)
from scoring.engine.messages import as_message
from scoring.engine.rotation import change_message
from tests.rulebook import SECTIONS

from .helpers import TOURNAMENT, contract, score

BAD_HANDS = [
    {
        "bidder": "north",
        "bid": 72,
        "trump": "red",
        "counters": {"north_south": 70, "east_west": 45},
    },
    {"bidder": "north", "bid": 65, "trump": "blue", "counters": {"north_south": 72}},
    {"bidder": "north", "bid": 200, "trump": "red", "counters": {"north_south": 5, "east_west": 5}},
    {
        "bidder": "north",
        "bid": 95,
        "trump": "red",
        "made": True,
        "counters": {"north_south": 75, "east_west": 45},
    },
    {
        "bidder": "north",
        "bid": 70,
        "trump": "red",
        "made": False,
        "counters": {"north_south": 75, "east_west": 45},
    },
    {
        "bidder": "north",
        "bid": 70,
        "trump": "red",
        "counters": {"north_south": 75, "east_west": 45},
        "renege": {"seat": "east", "found": "in_time", "counters": {"north_south": 5}},
        "penalties": [{"seat": "east", "kind": "improper_discard"}],
    },
    {
        "bidder": "north",
        "bid": 95,
        "renege": {"seat": "east", "found": "later"},
        "counters": {"north_south": 5},
    },
    {"misdeal": {"found": "before_three_tricks"}, "bid": 70, "trump": "red"},
    {"redeal": {"reason": "all_passed"}, "bid": 70, "counters": {"north_south": 5}},
    {
        "bidder": "north",
        "bid": 70,
        "trump": "red",
        "partner": "south",
        "last_trick": "x",
        "tricks": {"north_south": 3, "east_west": 3},
        "counters": {"north_south": 0},
    },
    {"bid": "lots", "counters": [1], "colour": "blue", "penalties": [{"seat": "north"}]},
]
GOOD_HANDS = [
    {
        "bidder": "north",
        "bid": 95,
        "trump": "red",
        "counters": {"north_south": 75, "east_west": 45},
    },
    {
        "bidder": "east",
        "bid": 70,
        "trump": "red",
        "counters": {"north_south": 45, "east_west": 75},
        "penalties": [{"seat": "east", "kind": "table_talk"}],
        "renege": {"seat": "north", "found": "in_time"},
    },
    {
        "bidder": "north",
        "bid": 95,
        "renege": {"seat": "east", "found": "later", "counters": {"north_south": 60}},
    },
    {"misdeal": {"found": "before_three_tricks"}},
    {"misdeal": {"found": "later"}, "bidder": "north", "bid": 75},
    {"redeal": {"reason": "exposed_card"}},
    {"redeal": {"reason": "no_card_above_nine"}},
    {"redeal": {"reason": "all_passed"}},
]


def assert_well_formed(message):
    assert isinstance(message, Message)
    assert message.text
    assert "rules.md" not in message.text.lower()
    if message.rule is None:
        assert str(message) == message.text
    else:
        assert f"docs/rules.md {message.rule}" in message
        assert set(message.rule.replace(",", " ").split()) - {"and"} <= SECTIONS
    assert plain(message) == message.text
    assert plain(str(message)) == message.text  # as read back from JSON
    again = as_message(str(message))
    assert (again, again.text, again.rule) == (message, message.text, message.rule)


def refusals():
    """Every message the engine gives for a batch of impossible or malformed hands."""
    for slug in ("tournament", "partnership", "dixie", "high-card-partner", "beginner"):
        r = PRESETS[slug]
        for body in BAD_HANDS:
            with pytest.raises(HandRefused) as caught:
                score_hand(r, HandRecord.from_dict(body), dealer=r.player_seats[0])
            yield from (m for messages in caught.value.errors.values() for m in messages)


def test_every_refusal_names_the_problem_without_the_citation_and_cites_the_rule_apart():
    messages = list(refusals())
    assert len(messages) > 100
    for message in messages:
        assert_well_formed(message)
    assert {m.rule for m in messages} >= {None, "§1", "§2", "§3", "§5"}


def test_every_score_reason_has_its_text_and_rule():
    reasons = [
        reason for body in GOOD_HANDS for reason in score(HandRecord.from_dict(body)).reasons
    ]
    for slug in ("partnership", "dixie", "two-player", "high-card-partner", "beginner"):
        r = PRESETS[slug]
        for seed in range(10):
            dealer = r.player_seats[seed % len(r.player_seats)]
            result = check_card_hand(r, simulate_hand(r, seed, dealer=dealer), dealer=dealer)
            reasons.extend(score_hand(r, result.record, dealer=dealer).reasons)
    assert len(reasons) > 100
    for reason in reasons:
        assert_well_formed(reason)
    assert {r.rule for r in reasons} >= {None, "§2", "§3", "§5"}
    assert all(r.rule == "§3" for r in reasons if r.text.startswith(("Most tricks", "Tricks tied")))


def test_the_strings_are_the_cited_forms_the_api_returns():
    with pytest.raises(HandRefused) as caught:
        score(contract("north", 72, 70, 45))
    bid, counters = caught.value.errors["bid"][0], caught.value.errors["counters"][0]
    assert bid == "bid 72 is not a multiple of 5 (docs/rules.md §2)"
    assert (bid.text, bid.rule) == ("bid 72 is not a multiple of 5", "§2")
    assert counters.text == "counters add up to 115, not the deck's 120"
    assert json.dumps(caught.value.errors) == json.dumps(
        {
            "bid": ["bid 72 is not a multiple of 5 (docs/rules.md §2)"],
            "counters": ["counters add up to 115, not the deck's 120 (docs/rules.md §3)"],
        }
    )

    made = score(contract("north", 95, 75, 45)).reasons[0]
    assert made == "Set: 75 counters < bid 95, scores \u221295 (North-South, docs/rules.md §3)"
    assert made.text == "Set: 75 counters < bid 95, scores \u221295 (North-South)"
    assert made.rule == "§3"


def test_a_message_quoting_another_quotes_its_text_and_its_citation():
    with pytest.raises(HandRefused) as caught:
        score(contract("north", 95, 75, 45, made=True))
    (message,) = caught.value.errors["made"]
    assert message == (
        "marked made, but the counters say set: Set: 75 counters < bid 95, "
        "scores \u221295 (North-South, docs/rules.md §3) (docs/rules.md §3)"
    )
    assert message.text == (
        "marked made, but the counters say set: Set: 75 counters < bid 95, "
        "scores \u221295 (North-South)"
    )
    assert_well_formed(message)


def test_auction_ruleset_and_card_level_errors_are_messages_too():
    messages = []
    for calls in ([72], [65], [70, 70], [70, None, None, None, 80], [70, "x"], [70]):
        with pytest.raises(AuctionError) as caught:
            run_auction(TOURNAMENT, "west", calls)
        messages.extend(caught.value.messages)
    for options in ({"colour": "blue", "target": "lots"}, {"bird": False}, {"min_bid": 130}):
        with pytest.raises(RulesetError) as caught:
            ruleset_from("tournament", options)
        messages.extend(m for ms in caught.value.errors.values() for m in ms)
    hand = simulate_hand(TOURNAMENT, 7, dealer="west").to_dict()
    hand["discards"] = hand["discards"][:2]
    with pytest.raises(HandRefused) as caught:
        check_card_hand(TOURNAMENT, CardHand.from_dict(hand), dealer="west")
    messages.extend(m for ms in caught.value.errors.values() for m in ms)
    for message in messages:
        assert_well_formed(message)
    assert "call 1 (North bids 72): bids go in steps of 5 (docs/rules.md §2)" in messages
    assert any(m.rule == "§5" and m.text.endswith("recorded on the score sheet") for m in messages)


def test_the_seat_message_is_read_out_at_the_table_so_it_cites_no_rule():
    seats = {"north": 1, "east": 2, "south": 3, "west": 4}
    message = change_message(TOURNAMENT, seats, {**seats, "north": 3, "south": 1})
    assert message == "North and South exchange seats"
    assert (message.text, message.rule) == ("North and South exchange seats", None)


@pytest.mark.parametrize(
    ("stored", "text"),
    [
        ("bid 72 is not a multiple of 5 (docs/rules.md §2)", "bid 72 is not a multiple of 5"),
        (
            "Set: 75 counters < bid 95, scores −95 (east_west, docs/rules.md §3)",
            "Set: 75 counters < bid 95, scores −95 (east_west)",
        ),
        ("Misdeal: see docs/rules.md §5 and §6 for the deal", "Misdeal: see for the deal"),
        ("Redeal rules (docs/rules.md §2, §6). Deal again", "Redeal rules. Deal again"),
        # As older versions stored them, citing a rulebook kept outside the project.
        ("bid 72 is not a multiple of 5 (RULES.md §2)", "bid 72 is not a multiple of 5"),
        (
            "Set: 75 counters < bid 95, scores −95 (east_west, RULES.md §3)",
            "Set: 75 counters < bid 95, scores −95 (east_west)",
        ),
        (
            "Made: 95 counters ≥ bid 90, scores 95 (RULES.md §3: east_west)",
            "Made: 95 counters ≥ bid 90, scores 95 (east_west)",
        ),
        ("Misdeal: see RULES.md §5 and §6 for the deal", "Misdeal: see for the deal"),
        ("Redeal rules (RULES.md §2, §6). Deal again", "Redeal rules. Deal again"),
        ("North and South exchange seats (RULES.md §6)", "North and South exchange seats"),
        ("Hand 1 is already recorded; the next hand is 2.",) * 2,
        ("", ""),
    ],
)
def test_plain_drops_every_citation_form_from_a_stored_string(stored, text):
    assert plain(stored) == text
    assert as_message(stored) == stored
    assert as_message(stored).text == text


def test_as_message_reads_the_rule_back_from_a_stored_string():
    assert as_message("x (docs/rules.md §2)").rule == "§2"
    assert as_message("x (docs/rules.md §2, §6)").rule == "§2, §6"
    assert as_message("see docs/rules.md §5 and §6").rule == "§5 and §6"
    assert as_message("no citation").rule is None


def test_an_older_stored_citation_reads_as_the_section_that_now_holds_its_rule():
    """Older versions cited "RULES.md", whose sections 1 to 6 are docs/rules.md's; the
    only stored reasons citing its §7 are the trick bonuses, now in §3."""
    assert as_message("x (RULES.md §2)").rule == "§2"
    assert as_message("see RULES.md §5 and §6").rule == "§5 and §6"
    assert as_message("Most tricks (8 of 14): north_south +20 (RULES.md §7)").rule == "§3"


def test_cite_builds_the_cited_form_from_its_parts():
    assert cite("plain") == "plain"
    assert cite("bid 72 is too low", "§2") == "bid 72 is too low (docs/rules.md §2)"
    assert cite("scores 95", "§3", aside="east_west") == "scores 95 (east_west, docs/rules.md §3)"
    assert cite("scores 95", aside="east_west") == "scores 95 (east_west)"
    assert cite("x", "§5 and §6").rule == "§5 and §6"
    refused = [("", None), ("x (docs/rules.md §2)", "§2"), ("x (RULES.md §2)", None)]
    refused += [("x", "2"), ("x", "docs/rules.md §2")]
    for text, rule in refused:
        with pytest.raises(ValueError):
            cite(text, rule)


@pytest.mark.parametrize(
    "message",
    [
        cite("bid 72 is not a multiple of 5", "§2"),
        cite("scores 95", "§3", aside="east_west"),
        cite("marked made: ", "§3", quote=cite("scores 95", "§3", aside="east_west")),
        cite("North and South exchange seats"),
    ],
)
def test_a_message_round_trips_through_json_pickle_and_copy(message):
    assert json.dumps(message) == json.dumps(str(message))
    assert json.loads(json.dumps(message)) == message
    assert as_message(json.loads(json.dumps(message))).text == message.text
    for again in (pickle.loads(pickle.dumps(message)), copy.copy(message), copy.deepcopy(message)):
        assert isinstance(again, Message)
        assert (again, again.text, again.rule) == (message, message.text, message.rule)
    assert type(str(message)) is str
    assert f"{message}" == str(message)
    assert hash(message) == hash(str(message))


def test_a_message_is_immutable():
    message = cite("bid 72 is not a multiple of 5", "§2")
    with pytest.raises(AttributeError):
        message.text = "something else"
    with pytest.raises(AttributeError):
        del message.rule
    assert message.text == "bid 72 is not a multiple of 5"
