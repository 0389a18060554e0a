"""A beach-house tournament's rule sheet, run through the API: a round robin decided
by won-lost, seeded by the director; two teams tied play one game of 500; three
tied draw cards, the high card has a bye, the other two play, and the winner plays
the team with the bye for the title."""

import pytest

from play.models import Game
from tests.factories import players_of
from tournaments import print_docs
from tournaments.models import Tournament

# Seven teams, seeds 1-7. The top three beat each other in a cycle and beat the
# rest; below them 4 and 5 win twice, 6 and 7 once. With the bye (a win) that is
# 6, 6, 6, 3, 3, 2, 2: a three-way tie for first and a two-way tie for fourth.
BEATS = {(1, 2), (2, 3), (3, 1), (4, 5), (4, 6), (5, 6), (5, 7), (6, 7), (7, 4)}
BEATS |= {(top, low) for top in (1, 2, 3) for low in (4, 5, 6, 7)}


def create(api, club, **options):
    body = {
        "name": "Beach House",
        "club": club.pk,
        "ruleset": "tournament",
        "format": "round_robin",
        "options": {"tie_breakers": ["wins"], "playoff_places": 4, **options},
    }
    response = api.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def register(api, event, club, teams=7):
    players = players_of(club, 2 * teams)
    ids = {}
    for seed in range(1, teams + 1):
        pair = [p.pk for p in players[2 * seed - 2 : 2 * seed]]
        body = {"players": pair, "name": f"Team {seed}", "seed": seed}
        response = api.post(f"/api/v1/tournaments/{event}/entries/", body, format="json")
        assert response.status_code == 201, response.json()
        ids[seed] = response.json()["id"]
    return ids


def play_round_robin(api, event, ids):
    seed_of = {pk: seed for seed, pk in ids.items()}
    for rnd in api.get(f"/api/v1/tournaments/{event}/rounds/").json():
        for match in rnd["matches"]:
            if match["bye"]:
                continue
            a, b = (seed_of[e["id"]] for e in match["entries"])
            games = [[300, 200]] if (a, b) in BEATS else [[200, 300]]
            response = result(api, match["id"], games)
            assert response.status_code == 200, response.json()


def result(api, match_id, games):
    return api.post(f"/api/v1/matches/{match_id}/result/", {"games": games}, format="json")


def finished_event(api, club):
    event = create(api, club)
    ids = register(api, event, club)
    assert api.post(f"/api/v1/tournaments/{event}/start/", {}, format="json").status_code == 200
    play_round_robin(api, event, ids)
    return event, ids


def standings(api, event):
    return api.get(f"/api/v1/tournaments/{event}/standings/").json()


def test_won_lost_leaves_three_teams_tied_for_first_and_two_for_fourth(api, club):
    event, _ = finished_event(api, club)

    rows = standings(api, event)

    assert [r["rank"] for r in rows] == [1, 1, 1, 4, 4, 6, 6]
    assert all(r["playoff_needed"] for r in rows)


def test_the_ties_are_played_off_and_decide_the_standings_print_and_projector(
    api, club, director, client, django_assert_max_num_queries
):
    event, ids = finished_event(api, club)
    name = {pk: f"Team {seed}" for seed, pk in ids.items()}

    made = api.post(
        f"/api/v1/tournaments/{event}/playoffs/", {"draw_seed": "shells"}, format="json"
    )

    assert made.status_code == 201, made.json()
    keys = {m["bracket_key"]: m for m in made.json()}
    assert set(keys) == {"P1-S", "P1-F", "P4-F"}
    with django_assert_max_num_queries(4):  # the event, playoffs, their matches, games
        playoffs = api.get(f"/api/v1/tournaments/{event}/playoffs/").json()
    first, fourth = playoffs
    assert first["place"] == 1 and first["draw_seed"] == "shells"
    high = max(first["draw"], key=lambda c: (c["turn"], int(c["card"].split()[0])))
    assert first["bye"] == high["entry"]
    others = [e for e in first["entries"] if e != first["bye"]]
    assert sorted(e["id"] for e in keys["P1-S"]["entries"]) == sorted(others)
    assert [e["id"] for e in keys["P1-F"]["entries"]] == [first["bye"]]
    assert sorted(fourth["entries"]) == sorted([ids[4], ids[5]]) and fourth["draw"] == []
    # The game started at the table is one game of 500: no clock, no fixed hands.
    game = Game.objects.get(match_game__match_id=keys["P4-F"]["id"])
    assert game.ruleset["target"] == 500 and game.ruleset["fixed_hands"] is None

    semi_winner = keys["P1-S"]["entries"][1]["id"]
    assert result(api, keys["P1-S"]["id"], [[310, 500]]).status_code == 200
    final = api.get(f"/api/v1/matches/{keys['P1-F']['id']}/").json()
    assert [e["id"] for e in final["entries"]] == [first["bye"], semi_winner]
    assert result(api, keys["P1-F"]["id"], [[260, 505]]).status_code == 200
    fourth_final = keys["P4-F"]
    fourth_winner = fourth_final["entries"][0]["id"]
    assert result(api, fourth_final["id"], [[500, 455]]).status_code == 200

    semi_loser = next(e for e in others if e != semi_winner)
    fourth_loser = next(e for e in fourth["entries"] if e != fourth_winner)
    expected = [semi_winner, first["bye"], semi_loser, fourth_winner, fourth_loser]
    with django_assert_max_num_queries(3):  # the event, entries, matches (and playoffs)
        rows = standings(api, event)
    assert [r["entry"]["id"] for r in rows[:5]] == expected
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5, 6, 6]
    assert [r["playoff_needed"] for r in rows] == [False] * 5 + [True] * 2
    assert all(r["played_off"] for r in rows[:5]) and rows[1]["decided_by"] == "playoff"
    assert api.get(f"/api/v1/tournaments/{event}/").json()["status"] == "finished"
    assert api.get(f"/api/v1/tournaments/{event}/playoffs/").json()[0]["order"] == expected[:3]

    csv = api.get(f"/api/v1/tournaments/{event}/standings/?format=csv").content.decode()
    lines = [line for line in csv.splitlines()[1:] if line]
    assert [next(n for n in name.values() if n in line) for line in lines[:5]] == [
        name[e] for e in expected
    ]
    tournament = Tournament.objects.get(pk=event)
    printed = print_docs.tournament_standings_doc(tournament).tables[0].rows
    assert [row["name"] for row in printed[:5]] == [f"{name[e]} (by playoff)" for e in expected]
    client.force_login(director)
    wall = client.get(f"/tournaments/{event}/standings/projector/").content.decode()
    assert [wall.index(name[e]) for e in expected] == sorted(wall.index(name[e]) for e in expected)


def test_a_tie_is_not_played_off_before_every_result_is_in(api, club):
    event = create(api, club)
    register(api, event, club)
    api.post(f"/api/v1/tournaments/{event}/start/", {}, format="json")

    response = api.post(f"/api/v1/tournaments/{event}/playoffs/", {}, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "event_not_finished" and response.json()["status"]


def test_a_place_played_off_once_is_not_played_off_again(api, club):
    event, _ = finished_event(api, club)
    api.post(f"/api/v1/tournaments/{event}/playoffs/", {}, format="json")
    for match in api.get(f"/api/v1/tournaments/{event}/rounds/").json()[-2]["matches"]:
        result(api, match["id"], [[500, 300]])
    final = api.get(f"/api/v1/tournaments/{event}/rounds/").json()[-1]["matches"][0]
    result(api, final["id"], [[500, 300]])

    response = api.post(f"/api/v1/tournaments/{event}/playoffs/", {}, format="json")

    assert response.status_code == 400 and response.json()["code"] == "no_tie"


@pytest.mark.parametrize("games", [[[300, 200]], [[500, 500]]])
def test_a_playoff_game_must_reach_its_target_and_cannot_end_tied(api, club, games):
    event, _ = finished_event(api, club)
    made = api.post(f"/api/v1/tournaments/{event}/playoffs/", {}, format="json").json()
    fourth = next(m for m in made if m["bracket_key"] == "P4-F")

    response = result(api, fourth["id"], games)

    assert response.status_code == 400 and response.json()["games"]


def test_an_elimination_event_is_refused_a_playoff(api, club):
    body = {"name": "Fair", "club": club.pk, "format": "single_elimination"}
    event = api.post("/api/v1/tournaments/", body, format="json").json()["id"]

    response = api.post(f"/api/v1/tournaments/{event}/playoffs/", {}, format="json")

    assert response.status_code == 400 and response.json()["code"] == "no_playoff_format"


def test_the_dashboard_offers_the_playoff_and_shows_the_card_draw(api, club, director, client):
    event, _ = finished_event(api, club)
    client.force_login(director)
    page = client.get(f"/tournaments/{event}/").content.decode()
    assert 'id="playoff-offer"' in page and "places 1, 4" in page

    response = client.post(f"/tournaments/{event}/playoffs/", {"draw_seed": "sand"})

    assert response.status_code == 302
    page = client.get(f"/tournaments/{event}/").content.decode()
    assert 'id="playoff-1"' in page and "draw seed <code>sand</code>" in page
    assert "has the bye and plays the winner of the other two" in page
    assert 'id="playoff-offer"' not in page
