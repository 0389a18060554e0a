"""Pairing a round starts every match's game at its table, with the pairing's seats,
so each table's link opens its game at once (point 6)."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from play.models import Game, GameSeat
from tests.tournaments.conftest import make_event
from tournaments.models import Match
from tournaments.results import match_result_enter
from tournaments.rounds import round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = "https://rook.example.org/"
    cache.clear()


def swiss(club, director, **options):
    return make_event(club, director, "swiss", 4, options={"start_games": True, **options})


def tables(api, rnd):
    response = api.get(f"/api/v1/rounds/{rnd.pk}/tables/")
    assert response.status_code == 200, response.content
    return {row["number"]: row for row in response.json()}


def test_starting_a_swiss_event_starts_a_game_at_every_table_of_round_one(api, club, director):
    event = swiss(club, director)
    rnd = event.round_set.get(number=1)

    rows = tables(api, rnd)

    assert sorted(rows) == [1, 2]
    assert all(row["game"] is not None for row in rows.values())
    for match in rnd.matches.filter(table__isnull=False):
        game = match.games.get().game
        seats = {s.seat: s.player for s in GameSeat.objects.filter(game=game)}
        side_a = set(match.entry_a.players.all())
        # Side A sits north-south, side B east-west: the pairing's seats.
        assert {seats["north"], seats["south"]} == side_a
        assert {seats["east"], seats["west"]} == set(match.entry_b.players.all())


def test_a_round_table_link_opens_its_game_as_soon_as_the_round_is_paired(api, club, director):
    event = swiss(club, director)
    for match in event.round_set.get(number=1).matches.all():
        match_result_enter(match=match, games=[[300, 150]], by=director)

    rnd = round_pair_next(tournament=event, by=director)
    rows = tables(api, rnd)
    key = rows[1]["key"]
    read = APIClient().get(f"/api/v1/table/{key}/")

    assert read.status_code == 200
    assert read.json()["id"] == rows[1]["game"]
    assert Game.objects.filter(pk=rows[2]["game"], status="in_progress").exists()


def test_an_event_scored_from_paper_starts_no_games(api, club, director):
    event = swiss(club, director, start_games=False)

    rows = tables(api, event.round_set.get(number=1))

    assert [row["game"] for row in rows.values()] == [None, None]
    assert not Game.objects.exists()


def test_changing_the_pairings_voids_the_unplayed_games_and_starts_new_ones(api, club, director):
    event = make_event(club, director, "round_robin", 4, options={"start_games": True})
    rnd = event.round_set.get(number=1)
    first, second = rnd.matches.order_by("table")
    before = set(Game.objects.values_list("pk", flat=True))
    assert len(before) == 2

    response = api.post(
        f"/api/v1/rounds/{rnd.pk}/override/",
        {"action": "swap", "a": first.entry_a_id, "b": second.entry_a_id},
        format="json",
    )

    assert response.status_code == 200, response.json()
    assert set(Game.objects.filter(voided_at__isnull=False).values_list("pk", flat=True)) == before
    live = Match.objects.filter(round=rnd, table__isnull=False)
    assert all(m.games.get().game.voided_at is None for m in live)


def test_a_waiting_table_page_is_told_to_reload_once_a_game_starts(api, club, director, settings):
    from tournaments.match_games import match_game_start

    settings.LIVE_POLL_SECONDS = 2
    event = swiss(club, director, start_games=False)
    rnd = event.round_set.get(number=1)
    key = tables(api, rnd)[1]["key"]
    page = APIClient()

    waiting = page.get(f"/t/{key}/")
    polled = page.get(f"/t/{key}/?live=1")
    match_game_start(match=rnd.matches.get(table=1), by=director)
    started = page.get(f"/t/{key}/?live=1")

    assert b"table-waiting-poll" in waiting.content
    assert b'hx-trigger="every 2s"' in waiting.content  # LIVE_POLL_SECONDS, read now
    assert polled.status_code == 204 and "HX-Refresh" not in polled
    assert started.status_code == 200 and started["HX-Refresh"] == "true"


def test_a_brackets_next_match_starts_its_game_once_both_entries_are_known(api, club, director):
    event = make_event(club, director, "single_elimination", 4, options={"start_games": True})
    first = event.round_set.get(number=1)
    final = event.matches.exclude(round=first).get()
    assert not final.games.exists()

    for match in first.matches.filter(bye=False).order_by("table"):
        match_result_enter(match=match, games=[[300, 150]], by=director)

    final.refresh_from_db()
    assert final.status == Match.Status.READY
    if final.table is None:
        pytest.skip("this bracket gives its later matches no table")
    game = final.games.get().game
    assert game.status == Game.Status.IN_PROGRESS


def test_a_round_robins_next_round_starts_its_games_once_the_last_result_is_in(api, club, director):
    """A round robin is paired whole at the start; each later round's tables start
    their games when the round before is over, so its table links open them."""
    event = make_event(club, director, "round_robin", 4, options={"start_games": True})
    first, second, third = event.round_set.order_by("number")
    played = list(first.matches.filter(table__isnull=False).order_by("table"))
    match_result_enter(match=played[0], games=[[300, 150]], by=director)
    assert not Game.objects.filter(match_game__match__round=second).exists()

    # The last table of round 1 finishes at the table: its game is played out.
    game = played[1].games.get().game
    hand = {"bidder": "north", "bid": 80, "trump": "red", "number": 1}
    hand["counters"] = {"north_south": 85, "east_west": 35}
    with_clock = {"fixed_hands": 1}
    Game.objects.filter(pk=game.pk).update(ruleset={**game.ruleset, **with_clock})
    assert api.post(f"/api/v1/games/{game.pk}/hands/", hand, format="json").status_code == 201

    rows = tables(api, second)
    assert all(row["game"] is not None for row in rows.values())
    second.refresh_from_db()
    assert second.status == "running" and second.started_at is not None
    assert not Game.objects.filter(match_game__match__round=third).exists()


def test_an_event_scored_from_paper_starts_no_games_in_later_rounds(club, director):
    event = make_event(club, director, "round_robin", 4)
    for match in event.round_set.get(number=1).matches.filter(table__isnull=False):
        match_result_enter(match=match, games=[[300, 150]], by=director)

    assert not Game.objects.filter(match_game__match__tournament=event).exists()
