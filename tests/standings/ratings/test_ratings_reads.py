"""Reading ratings: the profile API's ``rating`` and ``rating_history``, the player
page's rating card, season standings by rating -- each at a fixed query count."""

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from standings.models import PlayerRating
from standings.ratings import RatingPoint, player_rating
from standings.ratings_core import display
from tests.factories import NightFactory
from tests.standings.ratings.conftest import finished_game

pytestmark = pytest.mark.django_db


def history_of(club, players, games, night=None):
    """``games`` finished games among ``players``, partners and winners varying."""
    for i in range(games):
        four = [players[(i + k) % len(players)] for k in range(4)]
        finished_game(club, four, ns_wins=i % 3 != 0, night=night, minute=i)


def test_the_profile_has_no_rating_before_a_first_game(api, players):
    body = api.get(f"/api/v1/players/{players[0].pk}/profile/").json()
    assert body["rating"] is None
    assert body["rating_history"] == []
    assert body["games"] == 0  # the existing fields are still there


def test_the_profile_gives_the_rating_and_its_history_oldest_first(api, club, players):
    history_of(club, players, 5)
    body = api.get(f"/api/v1/players/{players[0].pk}/profile/").json()
    row = PlayerRating.objects.get(player=players[0])
    assert body["rating"] == {
        "mu": row.mu,
        "sigma": row.sigma,
        "display": display(row.mu, row.sigma),
    }
    history = body["rating_history"]
    assert len(history) == row.games
    assert [h["at"] for h in history] == sorted(h["at"] for h in history)
    assert history[-1]["mu"] == row.mu and history[-1]["sigma"] == row.sigma
    assert set(history[0]) == {"game", "at", "mu", "sigma", "display"}


@pytest.mark.parametrize("games", [2, 30])
def test_the_profile_costs_the_same_queries_whatever_the_history(
    api, club, players, games, django_assert_max_num_queries
):
    history_of(club, players, games)
    with django_assert_max_num_queries(6):  # 5 today: the rating history is one of them
        response = api.get(f"/api/v1/players/{players[0].pk}/profile/")
    assert len(response.json()["rating_history"]) > 0


def test_the_player_selector_is_one_query(club, players, django_assert_num_queries):
    history_of(club, players, 3)
    with django_assert_num_queries(1):
        rated = player_rating(club=club, player=players[3])  # in all three games
    row = PlayerRating.objects.get(club=club, player=players[3])
    assert rated.games == row.games == 3
    assert (rated.current.mu, rated.current.sigma) == (row.mu, row.sigma)
    assert [p.at for p in rated.history] == sorted(p.at for p in rated.history)


def test_a_rating_point_shows_the_conservative_estimate_scaled():
    at = timezone.now()
    assert RatingPoint(game=1, at=at, mu=25.0, sigma=25 / 3).display == 1000  # a new player
    assert RatingPoint(game=1, at=at, mu=30.0, sigma=2.0).display == 1960  # 1000 + 40 * 24
    assert RatingPoint(game=1, at=at, mu=20.0, sigma=8.0).display == 840  # below 0: under 1000


@pytest.mark.parametrize("games", [2, 30])
def test_the_player_page_shows_the_rating_at_a_fixed_query_count(
    client, director, club, players, games, django_assert_max_num_queries
):
    history_of(club, players, games)
    client.force_login(director)
    # The whole page (figures, partners, history, the rating card, and whether the
    # viewer is a member who may download its CSV) is 13 at any size;
    # tests/pages/test_player_pages.py checks it is the same at 3 and 60 nights.
    with django_assert_max_num_queries(13):
        response = client.get(reverse("player-detail", args=[players[0].pk]))
    html = response.content.decode()
    row = PlayerRating.objects.get(player=players[0])
    assert f"<dd>{display(row.mu, row.sigma)}</dd>" in html
    assert "<svg" in html and "skill over time" in html


def test_a_long_history_is_drawn_thinned(club, players):
    import re

    history_of(club, players, 200)
    rated = player_rating(club=club, player=players[0])
    assert rated.games > 120
    line = re.search(r'class="chart-line" points="([^"]*)"', str(rated.chart)).group(1)
    assert len(line.split()) == 120


def test_the_player_page_before_a_first_game(client, director, players):
    client.force_login(director)
    html = client.get(reverse("player-detail", args=[players[0].pk])).content.decode()
    assert "Not rated yet" in html


def standings_url(club, **query):
    from urllib.parse import urlencode

    return f"/api/v1/clubs/{club.pk}/standings/?" + urlencode({"year": 2025, **query})


def test_season_standings_sort_by_rating(api, club, players):
    night = NightFactory(club=club)
    history_of(club, players, 8, night=night)
    default = api.get(standings_url(club)).json()
    by_rating = api.get(standings_url(club, sort="rating")).json()
    assert [r["name"] for r in default["players"]] != [] and "rating" in default["players"][0]
    shown = [r["rating"] for r in by_rating["players"]]
    assert shown == sorted(shown, reverse=True)
    assert sorted(r["name"] for r in by_rating["players"]) == sorted(
        r["name"] for r in default["players"]
    )
    for row in by_rating["partnerships"]:
        assert isinstance(row["rating"], int)


def test_a_bad_sort_is_a_400(api, club):
    response = api.get(standings_url(club, sort="luck"))
    assert response.status_code == 400
    assert "sort" in response.json()


@pytest.mark.parametrize("games", [2, 20])
def test_the_season_page_by_rating_at_a_fixed_query_count(
    client, director, club, players, games, django_assert_max_num_queries
):
    night = NightFactory(club=club)
    history_of(club, players, games, night=night)
    client.force_login(director)
    with django_assert_max_num_queries(8):  # 7 today, the ratings one of them
        response = client.get(
            reverse("season-standings", args=[club.slug]) + "?year=2025&sort=rating"
        )
    with django_assert_max_num_queries(6):
        api_client = APIClient()
        api_client.force_authenticate(director)
        assert api_client.get(standings_url(club, sort="rating")).status_code == 200
    html = response.content.decode()
    assert "Rating" in html and "By rating" in html
    best = max(PlayerRating.objects.filter(club=club), key=lambda r: display(r.mu, r.sigma))
    first_row = html.split("<tbody>")[1].split("</tr>")[0]
    assert best.player.name in first_row
