"""Engine rules and house-rule options through the public API (``POST /api/v1/games/``
and its hands): each test quotes the sentence the engine now follows."""

import pytest

pytestmark = pytest.mark.django_db

COMPASS = ("north", "east", "south", "west")


def start(api, ruleset, players, seats, **extra):
    body = {"ruleset": ruleset, "seats": {s: p.pk for s, p in zip(seats, players, strict=False)}}
    created = api.post("/api/v1/games/", {**body, **extra}, format="json")
    assert created.status_code == 201, created.json()
    return f"/api/v1/games/{created.json()['id']}/hands/"


def test_a_late_misdeal_in_the_2011_game_for_three_sets_back_the_dealer_alone(api, players):
    """ "the dealer's partnership is set back 40 points for the error and the other
    partnership does not score" (seed 000): nobody partners the dealer in the deal."""
    url = start(api, "three-player-2011", players, ("seat1", "seat2", "seat3"))

    answer = api.post(url, {"number": 1, "misdeal": {"found": "later"}}, format="json")

    assert answer.status_code == 201, answer.json()
    one, two, three = players[:3]
    assert answer.json()["player_totals"] == {str(one.pk): -40, str(two.pk): 0, str(three.pk): 0}


def test_dixie_partners_exchange_seats_after_four_hands(api, players):
    """Dixie "is similar to TOURNAMENT ROOK except …" (seed 000); Tournament Rook:
    "After Four Hands: One set of partners should exchange seats"."""
    url = start(api, "dixie", players, COMPASS, options={"target": 1000})
    hand = {
        "bidder": "north",
        "bid": 70,
        "trump": "red",
        "counters": {"north_south": 80, "east_west": 20},
        "tricks": {"north_south": 8, "east_west": 6},
    }

    for number in range(1, 5):
        answer = api.post(url, {"number": number, **hand}, format="json")
        assert answer.status_code == 201, answer.json()

    north, south = players[0], players[2]
    body = answer.json()
    assert body["seat_message"] == "North and South exchange seats"
    assert body["next_seats"]["north"] == south.pk and body["next_seats"]["south"] == north.pk


def test_dixie_keeps_its_seats_with_the_option(api, players):
    url = start(
        api, "dixie", players, COMPASS, options={"seat_exchange_interval": 0, "target": 1000}
    )
    hand = {
        "bidder": "north",
        "bid": 70,
        "trump": "red",
        "counters": {"north_south": 80, "east_west": 20},
        "tricks": {"north_south": 8, "east_west": 6},
    }
    for number in range(1, 5):
        answer = api.post(url, {"number": number, **hand}, format="json")

    assert answer.json()["seat_message"] is None


def test_game_for_two_counters_below_50_are_refused(api, players):
    """The nest is set aside in the game for two (seed 000): its five cards hold at most
    50 of the 100 points, so at least 50 are taken in tricks."""
    url = start(api, "two-player", players, ("seat1", "seat2"))
    hand = {
        "number": 1,
        "bidder": "seat1",
        "bid": 30,
        "trump": "red",
        "counters": {"seat1": 40, "seat2": 0, "dummy": 0},
        "tricks": {"seat1": 7, "seat2": 6, "dummy": 0},
    }

    answer = api.post(url, hand, format="json")

    assert answer.status_code == 400
    assert any("at least 50 stay in play" in m for m in answer.json()["counters"])


def test_partnership_one_trick_cannot_hold_50_counters(api, players):
    """One trick is four cards, and four cards hold at most 40 counters (docs/rules.md §3)."""
    url = start(api, "partnership", players, COMPASS)
    hand = {
        "number": 1,
        "bidder": "north",
        "bid": 50,
        "trump": "red",
        "counters": {"north_south": 50, "east_west": 50},
        "tricks": {"north_south": 13, "east_west": 1},
    }

    answer = api.post(url, hand, format="json")

    assert answer.status_code == 400
    assert answer.json()["counters"] == [
        "east_west took 1 trick (4 cards), which hold at most 40 counters, not 50 "
        "(docs/rules.md §3)"
    ]


def test_beginner_refuses_a_table_talk_penalty_unless_the_house_rule_sets_one(api, players):
    """Beginner has no partners, and table talk is a suggestion "to affect the partner's
    play" (seed 001)."""
    hand = {
        "number": 1,
        "trump": "red",
        "counters": {"north": 6, "east": 6, "south": 6, "west": 6},
        "penalties": [{"seat": "north", "kind": "table_talk"}],
    }
    plain = start(api, "beginner", players, COMPASS)
    house = start(api, "beginner", players, COMPASS, options={"table_talk_penalty": 40})

    refused = api.post(plain, hand, format="json")
    scored = api.post(house, hand, format="json")

    assert refused.status_code == 400 and "penalties" in refused.json()
    assert scored.status_code == 201
    assert scored.json()["player_totals"][str(players[0].pk)] == -34


def test_the_2011_game_for_three_defenders_share_the_win_under_the_option(api, players):
    """ "These two players' scores are combined at the end of the hand" (seed 001): both
    defenders reach 200 together; by default they play another hand, with
    ``tie_at_target: shared_win`` they share the win."""
    hand = {
        "bidder": "seat1",
        "bid": 50,
        "trump": "red",
        "counters": {"declarers": 0, "defenders": 100},
    }
    seats = ("seat1", "seat2", "seat3")
    rulebook = start(api, "three-player-2011", players, seats)
    shared = start(
        api, "three-player-2011", players, seats, options={"tie_at_target": "shared_win"}
    )

    for url in (rulebook, shared):
        for number in (1, 2):
            last = api.post(url, {"number": number, **hand}, format="json")
            assert last.status_code == 201, last.json()
        if url == rulebook:
            assert last.json()["status"] == "in_progress"
        else:
            assert last.json()["status"] == "finished"
            assert sorted(last.json()["winners"]) == sorted([players[1].pk, players[2].pk])
