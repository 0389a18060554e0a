"""A county tournament's registration form, run through the API: players sign up
alone, two friends are pinned together, and partners are drawn at the start with
the stored draw seed, which re-runs to the same pairs."""

from tests.factories import players_of
from tournaments.formats.partners import draw_partners
from tournaments.models import Entry


def create(api, club, **options):
    body = {
        "name": "County Tournament",
        "club": club.pk,
        "ruleset": "tournament",
        "format": "round_robin",
        "options": {"partners": "drawn", "start_games": False, **options},
    }
    response = api.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def sign_up(api, event, players):
    ids = []
    for player in players:
        response = api.post(
            f"/api/v1/tournaments/{event}/entries/", {"players": [player.pk]}, format="json"
        )
        assert response.status_code == 201, response.json()
        ids.append(response.json()["id"])
    return ids


def test_players_sign_up_alone_and_play_with_the_partners_drawn(api, club):
    event = create(api, club)
    signups = sign_up(api, event, players_of(club, 10))
    pinned = [signups[3], signups[8]]
    pins = api.put(f"/api/v1/tournaments/{event}/partner-pins/", {"pins": [pinned]}, format="json")
    assert pins.status_code == 200, pins.json()

    started = api.post(f"/api/v1/tournaments/{event}/start/", {"draw_seed": "fair"}, format="json")

    assert started.status_code == 200, started.json()
    draw = started.json()["partner_draw"]
    assert draw["pins"] == [pinned] and draw["pool"] == sorted(signups)
    assert draw["pairs"][0] == pinned
    rerun = draw_partners(draw["pool"], pins=draw["pins"], rng_seed=started.json()["draw_seed"])
    assert [list(pair) for pair in rerun] == draw["pairs"]
    entries = api.get(f"/api/v1/tournaments/{event}/entries/").json()
    teams = {e["id"]: e for e in entries if e["status"] == "active"}
    assert sorted(teams) == sorted(a for a, _ in draw["pairs"])
    assert all(len(team["players"]) == 2 for team in teams.values())
    assert sum(e["status"] == "paired" for e in entries) == 5
    for match in (
        m
        for r in api.get(f"/api/v1/tournaments/{event}/rounds/").json()
        for m in r["matches"]
        if not m["bye"]
    ):
        result = api.post(
            f"/api/v1/matches/{match['id']}/result/", {"games": [[300, 200]]}, format="json"
        )
        assert result.status_code == 200, result.json()
    standings = api.get(f"/api/v1/tournaments/{event}/standings/").json()
    assert sorted(row["entry"]["id"] for row in standings) == sorted(teams)
    assert api.get(f"/api/v1/tournaments/{event}/").json()["status"] == "finished"


def test_an_entry_of_two_players_is_refused_where_partners_are_drawn(api, club):
    event = create(api, club)
    pair = [p.pk for p in players_of(club, 2)]

    response = api.post(f"/api/v1/tournaments/{event}/entries/", {"players": pair}, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "players_per_entry"


def test_a_player_pinned_to_two_partners_is_refused_with_its_code(api, club):
    event = create(api, club)
    a, b, c, *_ = sign_up(api, event, players_of(club, 4))

    response = api.put(
        f"/api/v1/tournaments/{event}/partner-pins/", {"pins": [[a, b], [b, c]]}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["code"] == "pinned_twice" and response.json()["pins"]
    assert api.get(f"/api/v1/tournaments/{event}/").json()["partner_draw"] == {}


def test_pins_are_refused_for_an_event_with_fixed_partners(api, club):
    body = {"name": "Pairs", "club": club.pk, "format": "round_robin"}
    event = api.post("/api/v1/tournaments/", body, format="json").json()["id"]

    response = api.put(f"/api/v1/tournaments/{event}/partner-pins/", {"pins": []}, format="json")

    assert response.status_code == 400 and response.json()["code"] == "partners_not_drawn"


def test_an_odd_number_of_players_cannot_be_drawn_into_pairs(api, club):
    event = create(api, club)
    sign_up(api, event, players_of(club, 5))

    response = api.post(f"/api/v1/tournaments/{event}/start/", {}, format="json")

    assert response.status_code == 409 and response.json()["code"] == "odd_field"
    assert not Entry.objects.filter(tournament_id=event, status="paired").exists()


def test_a_withdrawn_sign_up_takes_its_pin_with_it(api, club):
    event = create(api, club)
    a, b, *_ = sign_up(api, event, players_of(club, 4))
    api.put(f"/api/v1/tournaments/{event}/partner-pins/", {"pins": [[a, b]]}, format="json")

    api.post(f"/api/v1/entries/{b}/withdraw/", {"reason": "ill"}, format="json")

    assert api.get(f"/api/v1/tournaments/{event}/").json()["partner_draw"]["pins"] == []


def test_a_director_pins_two_players_on_the_dashboard_and_sees_the_draw(
    api, club, director, client
):
    event = create(api, club)
    a, b, *_ = sign_up(api, event, players_of(club, 4))
    client.force_login(director)

    client.post(f"/tournaments/{event}/partner-pins/", {"a": a, "b": b})

    page = client.get(f"/tournaments/{event}/").content.decode()
    assert f'id="pin-{a}"' in page and "Unpin" in page
    api.post(f"/api/v1/tournaments/{event}/start/", {"draw_seed": "county"}, format="json")
    page = client.get(f"/tournaments/{event}/").content.decode()
    assert "draw seed <code>county</code>" in page
    assert f'id="pair-{a}"' in page and "pinned" in page
