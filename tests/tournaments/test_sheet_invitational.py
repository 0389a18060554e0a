"""An invitational with individual scoring, run through the API: sixteen players,
three rounds of four hands, seated by the regulations' tiers (round 1 by seed,
then by score with the seed breaking ties: the i-th of the upper half partners
the i-th of the lower half, teams filling the tables in order), the house rules
of a 45-card deck with the 1s high, and a round clock that stops a table at its
four hands, level or not (an all-pass hand is not one of them)."""

from tests.factories import players_of, redeal_in
from tournaments.models import Match

HOUSE_RULES = {
    "ranks": [1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
    "ones_high": True,
    "counter_values": {"1": 20, "14": 10, "10": 10, "5": 5},
    "bird_points": 20,
    "min_bid": 100,
    "hand_size": 10,
    "nest_size": 5,
    "nest_capture": "last_trick",
}
PASSED = redeal_in("all_passed")


def hand(bidder, ns, ew, bid=100):
    return {
        "bidder": bidder,
        "bid": bid,
        "trump": "green",
        "counters": {"north_south": ns, "east_west": ew},
    }


def create(api, club):
    body = {
        "name": "Invitational",
        "club": club.pk,
        "ruleset": "tournament",
        "format": "individual",
        "rounds": 3,
        "options": {
            "movement": "tiers",
            "tie_breakers": ["points"],
            "round_clock": {"hands": 4, "minutes": 20},
            "ruleset_options": HOUSE_RULES,
        },
    }
    response = api.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def register(api, event, club):
    seeds = {}
    for seed, player in enumerate(players_of(club, 16), start=1):
        body = {"players": [player.pk], "seed": seed, "name": f"Player {seed}"}
        response = api.post(f"/api/v1/tournaments/{event}/entries/", body, format="json")
        assert response.status_code == 201, response.json()
        seeds[response.json()["id"]] = seed
    return seeds


def regulation_tables(ranking):
    """Table t: upper-tier players 2t-1 and 2t, each partnering the lower-tier
    player of the same place (ranking: seeds, best first)."""
    half = len(ranking) // 2
    upper, lower = ranking[:half], ranking[half:]
    return [
        ((upper[2 * t], lower[2 * t]), (upper[2 * t + 1], lower[2 * t + 1]))
        for t in range(len(ranking) // 4)
    ]


def seated(round_body, seeds):
    tables = sorted((m for m in round_body["matches"] if not m["bye"]), key=lambda m: m["table"])
    return [
        tuple(
            (seeds[m["entries"][side]["id"]], seeds[m["partners"][side]["id"]]) for side in (0, 1)
        )
        for m in tables
    ]


def ranking_now(api, event, seeds):
    rows = api.get(f"/api/v1/tournaments/{event}/standings/").json()
    points = {seeds[r["entry"]["id"]]: r["points_for"] for r in rows}
    return sorted(seeds.values(), key=lambda s: (-points[s], s))


def play(api, match, hands):
    game = match["games"][0]["game"]
    for number, body in enumerate(hands, start=1):
        response = api.post(
            f"/api/v1/games/{game}/hands/", {"number": number, **body}, format="json"
        )
        assert response.status_code == 201, response.json()
    return api.get(f"/api/v1/games/{game}/").json()


def test_the_invitational_is_seated_by_the_regulations_and_clocked_at_four_hands(api, club):
    event = create(api, club)
    seeds = register(api, event, club)
    started = api.post(f"/api/v1/tournaments/{event}/start/", {"draw_seed": "inv"}, format="json")
    assert started.status_code == 200, started.json()

    for number in (1, 2, 3):
        rounds = api.get(f"/api/v1/tournaments/{event}/rounds/").json()
        current = rounds[number - 1]
        expected = regulation_tables(
            list(range(1, 17)) if number == 1 else ranking_now(api, event, seeds)
        )
        assert seated(current, seeds) == expected, f"round {number}"
        for match in sorted(current["matches"], key=lambda m: m["table"]):
            t = match["table"]
            if number == 1 and t == 1:
                # Level after four hands, an all-pass hand between them: the table stops.
                level = [
                    hand("north", 120, 80),
                    hand("east", 80, 120),
                    PASSED,
                    hand("north", 100, 100),
                    hand("east", 100, 100),
                ]
                game = play(api, match, level)
                assert game["status"] == "finished" and game["winner"] is None
                assert game["totals"] == {"north_south": 400, "east_west": 400}
                continue
            margin = 10 * ((t + number) % 5)
            bidder = "north" if t % 2 else "east"
            ns, ew = (100 + margin, 100 - margin) if t % 2 else (100 - margin, 100 + margin)
            play(api, match, [hand(bidder, ns, ew)] * 4)
        decided = api.get(f"/api/v1/tournaments/{event}/rounds/").json()[number - 1]
        assert all(m["status"] == "decided" for m in decided["matches"])
        if number < 3:
            paired = api.post(f"/api/v1/tournaments/{event}/rounds/", {}, format="json")
            assert paired.status_code == 201, paired.json()

    first = Match.objects.get(round__tournament_id=event, round__number=1, table=1)
    assert first.status == "decided" and first.winner_id is None  # a draw
    rows = api.get(f"/api/v1/tournaments/{event}/standings/").json()
    assert len(rows) == 16 and {r["played"] for r in rows} == {3}
    points = [r["points_for"] for r in rows]
    assert points == sorted(points, reverse=True)
    assert api.get(f"/api/v1/tournaments/{event}/").json()["status"] == "finished"


def test_the_tiers_movement_needs_a_number_of_rounds(api, club):
    body = {
        "name": "Invitational",
        "club": club.pk,
        "format": "individual",
        "options": {"movement": "tiers"},
    }

    response = api.post("/api/v1/tournaments/", body, format="json")

    assert response.status_code == 400 and response.json()["rounds"]
