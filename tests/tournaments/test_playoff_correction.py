"""A playoff result corrected by the director: the tied entries change places in the
standings, the CSV, the print and the projector, and the playoff flag follows (gone
while the playoff is decided, back while a reset game is replayed)."""

from tests.tournaments.test_sheet_beach_house import finished_event, result
from tournaments import print_docs
from tournaments.models import Tournament


def correct(api, match_id, games, **extra):
    body = {"games": games, "reason": "scores swapped on the sheet", **extra}
    return api.post(f"/api/v1/matches/{match_id}/result/", body, format="json")


def playoff_matches(api, event):
    made = api.post(
        f"/api/v1/tournaments/{event}/playoffs/", {"draw_seed": "shells"}, format="json"
    )
    assert made.status_code == 201, made.json()
    return {m["bracket_key"]: m for m in made.json()}


def order_everywhere(api, client, event, names):
    """The entry names in standings order, as the API, the CSV, the print and the
    projector show them (each list cut to the names asked about)."""
    rows = api.get(f"/api/v1/tournaments/{event}/standings/").json()
    by_api = [r["entry"]["name"] for r in rows if r["entry"]["name"] in names]
    csv = api.get(f"/api/v1/tournaments/{event}/standings/?format=csv").content.decode()
    by_csv = [n for line in csv.splitlines()[1:] for n in names if n in line]
    printed = print_docs.tournament_standings_doc(Tournament.objects.get(pk=event)).tables[0].rows
    by_print = [n for row in printed for n in names if row["name"].startswith(n)]
    wall = client.get(f"/tournaments/{event}/standings/projector/").content.decode()
    by_wall = sorted(names, key=wall.index)
    return [by_api, by_csv, by_print, by_wall]


def rows_of(api, event, ids):
    rows = api.get(f"/api/v1/tournaments/{event}/standings/").json()
    return [r for r in rows if r["entry"]["id"] in ids]


def test_a_corrected_two_way_playoff_swaps_the_tied_entries_everywhere(api, club, director, client):
    event, _ = finished_event(api, club)
    client.force_login(director)
    fourth = playoff_matches(api, event)["P4-F"]
    first, second = fourth["entries"]
    names = [first["name"], second["name"]]
    assert result(api, fourth["id"], [[500, 455]]).status_code == 200
    assert order_everywhere(api, client, event, names) == [names] * 4

    corrected = correct(api, fourth["id"], [[455, 500]])

    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["winner"] == second["id"]
    assert order_everywhere(api, client, event, names[::-1]) == [names[::-1]] * 4
    rows = rows_of(api, event, {first["id"], second["id"]})
    assert [(r["entry"]["id"], r["rank"]) for r in rows] == [(second["id"], 4), (first["id"], 5)]
    assert [(r["playoff_needed"], r["played_off"]) for r in rows] == [(False, True)] * 2
    assert rows[1]["decided_by"] == "playoff"
    audit = api.get(f"/api/v1/tournaments/{event}/audit/").json()
    assert audit[-1]["what"] == "result_corrected"
    assert audit[-1]["reason"] == "scores swapped on the sheet"


def test_correcting_a_playoff_semi_final_resets_the_final_and_brings_the_flag_back(
    api, club, director, client
):
    event, _ = finished_event(api, club)
    client.force_login(director)
    keys = playoff_matches(api, event)
    result(api, keys["P4-F"]["id"], [[500, 455]])
    semi = keys["P1-S"]
    assert result(api, semi["id"], [[310, 500]]).status_code == 200
    final = api.get(f"/api/v1/matches/{keys['P1-F']['id']}/").json()
    assert result(api, final["id"], [[500, 260]]).status_code == 200
    tied = {e["id"] for e in semi["entries"]} | {e["id"] for e in final["entries"]}
    assert [r["rank"] for r in rows_of(api, event, tied)] == [1, 2, 3]
    assert api.get(f"/api/v1/tournaments/{event}/").json()["status"] == "finished"

    refused = correct(api, semi["id"], [[500, 310]])
    assert refused.status_code == 409, refused.json()
    assert [m["bracket_key"] for m in refused.json()["dependent_matches"]] == ["P1-F"]
    confirmed = correct(api, semi["id"], [[500, 310]], confirm=True)

    assert confirmed.status_code == 200, confirmed.json()
    replay = api.get(f"/api/v1/matches/{final['id']}/").json()
    semi_winner = semi["entries"][0]
    assert replay["status"] == "ready" and replay["winner"] is None
    assert [e["id"] for e in replay["entries"]][1] == semi_winner["id"]
    rows = rows_of(api, event, tied)
    assert [r["rank"] for r in rows] == [1, 1, 1]
    assert all(r["playoff_needed"] and not r["played_off"] for r in rows)
    assert api.get(f"/api/v1/tournaments/{event}/").json()["status"] == "running"
    # The other playoff keeps its order.
    fourth = rows_of(api, event, {e["id"] for e in keys["P4-F"]["entries"]})
    assert [(r["rank"], r["played_off"]) for r in fourth] == [(4, True), (5, True)]

    assert result(api, final["id"], [[250, 500]]).status_code == 200
    rows = rows_of(api, event, tied)
    bye = final["entries"][0]["id"]
    loser = next(e["id"] for e in semi["entries"] if e["id"] != semi_winner["id"])
    assert [r["entry"]["id"] for r in rows] == [semi_winner["id"], bye, loser]
    assert [(r["rank"], r["playoff_needed"], r["played_off"]) for r in rows] == [
        (1, False, True),
        (2, False, True),
        (3, False, True),
    ]
    names = [r["entry"]["name"] for r in rows]
    assert order_everywhere(api, client, event, names) == [names] * 4
    assert api.get(f"/api/v1/tournaments/{event}/").json()["status"] == "finished"
