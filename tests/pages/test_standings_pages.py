"""Standings pages: the night, the season leaderboard and a player's page."""

import pytest

from play.hands import hand_record
from tests.pages.conftest import hand_body, made_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(game, scorer):
    """Table 1: North makes 80 (85 counters), then East is set on 100 (EW took 60)."""
    for body in (
        hand_body("north", 80, "red", 85),
        hand_body("east", 100, "green", 60),
    ):
        hand_record(game=game, data=body, entered_by=scorer)
    return game


def test_the_night_standings_list_players_and_partnerships(client, night, played):
    response = client.get(f"/sessions/{night.pk}/standings/")

    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('<tr>\n          <td class="num">') == 12 + 6
    north = played.seats.get(seat="north").player
    assert north.name in page
    assert 'aria-label="Players"' in page and 'aria-label="Partnerships"' in page


def test_the_season_leaderboard_counts_nights(client, club, night, played):
    response = client.get(f"/clubs/{club.slug}/standings/?year=2025")

    assert response.status_code == 200
    assert b"2025 season" in response.content
    assert b"Nights" in response.content


def test_a_bad_season_year_falls_back_to_this_year(client, club):
    assert client.get(f"/clubs/{club.slug}/standings/?year=abc").status_code == 200
    assert b"all seasons" in client.get(f"/clubs/{club.slug}/standings/?year=all").content


def test_a_player_page_shows_bids_sets_and_partners(client, played, scorer):
    east = played.seats.get(seat="east").player
    west = played.seats.get(seat="west").player
    client.force_login(scorer)  # a player's page is for the club's members

    page = client.get(f"/players/{east.pk}/").content.decode()

    assert "<dt>Sets</dt><dd>1</dd>" in page
    assert "<dt>Average bid</dt><dd>100.0</dd>" in page
    assert "<dt>Bids made</dt><dd>0%</dd>" in page
    assert west.name in page
    assert "playing" in page


def test_an_unknown_player_is_a_404(client, db):
    assert client.get("/players/424242/").status_code == 404


def test_standings_follow_a_recorded_hand(as_scorer, client, night, game):
    as_scorer.post(f"/games/{game.pk}/", made_hand(number=1))

    page = client.get(f"/sessions/{night.pk}/standings/").content.decode()

    assert '<td class="num">85</td>' in page
