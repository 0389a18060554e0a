"""A player's page: season figures, partners and opponents, charts
drawn as SVG, the history night by night 25 a page, the CSV; and "my night" from a
table link, scoped to that night and that table."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play import night_closing, night_opening, table_links
from play.hands import hand_record
from play.models import Game, TableLink
from play.services import game_start
from play.voiding import game_void
from rookclub.clubs.models import Membership
from rookclub.core.roles import SYSTEM
from tests.factories import ClubFactory, director_of, member_of, players_of
from tests.pages.conftest import hand_body

pytestmark = pytest.mark.django_db

SEATS = ("north", "east", "south", "west")


def nights_of(club, director, players, count, year=2025):
    """``count`` nights from 1 January ``year``, one game of the four a night, north
    making 80 with 85."""
    for n in range(count):
        day = datetime.date(year, 1, 1) + datetime.timedelta(days=n)
        night = night_opening.night_open(club=club, opened_by=director, date=day)
        game = game_start(
            seats=dict(zip(SEATS, players, strict=True)), night=night, created_by=SYSTEM
        )
        hand_record(game=game, data=hand_body("north", 80, "red", 85), entered_by=director)


def test_the_page_shows_the_season_its_tables_and_charts(client, club, director):
    four = players_of(club, 4)
    nights_of(club, director, four, 2)
    nights_of(club, director, four, 1, year=2024)

    # The page is for the club's members, as the API's profile and stats are.
    assert client.get(f"/players/{four[0].pk}/").status_code == 404
    client.force_login(member_of(club, Membership.Role.MEMBER, username="mia"))
    page = client.get(f"/players/{four[0].pk}/").content.decode()

    assert "Record · 2025" in page  # the latest season with games
    assert '<option value="2024">2024</option>' in page and ">All seasons</option>" in page
    assert "<dt>Bids</dt><dd>2</dd>" in page and "<dt>Counters bidding</dt><dd>85.0</dd>" in page
    assert 'aria-label="Partners"' in page and 'aria-label="Opponents"' in page
    assert page.count('<svg class="chart"') == 2
    assert f'href="/players/{four[0].pk}/stats.csv?year=2025"' in page
    assert page.count('<h3 class="event">') == 2
    every = client.get(f"/players/{four[0].pk}/?year=all").content.decode()
    assert "Record · all seasons" in every and every.count('<h3 class="event">') == 3


def test_the_page_csv_follows_the_season(client, club, director):
    four = players_of(club, 4)
    nights_of(club, director, four, 2)
    assert client.get(f"/players/{four[0].pk}/stats.csv").status_code == 404  # not a member
    client.force_login(member_of(club, username="mia"))

    response = client.get(f"/players/{four[0].pk}/stats.csv?year=2025")

    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response.content.decode().startswith("\ufeffplayer,season,stat,value")
    assert f"{four[0].name},2025,games,2".encode() in response.content
    assert client.get("/players/987654/stats.csv").status_code == 404


def test_a_long_history_is_paged_25_nights_at_a_time_newest_first(client, club, director):
    four = players_of(club, 4)
    nights_of(club, director, four, 27)
    url = f"/players/{four[0].pk}/?year=2025"
    client.force_login(director)

    first = client.get(url).content.decode()
    second = client.get(url + "&page=2").content.decode()

    assert first.count('<h3 class="event">') == 25 and second.count('<h3 class="event">') == 2
    assert first.index("27 Jan 2025") < first.index("26 Jan 2025")
    assert "Club night 1 Jan 2025" in second and "Club night 1 Jan 2025" not in first
    assert "Page 1 of 2" in first and 'rel="next"' in first and 'rel="prev"' in second
    assert client.get(url + "&page=99").content.decode().count('<h3 class="event">') == 2
    assert client.get(url + "&page=x").status_code == 200


def page_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_page_costs_the_same_queries_for_3_and_60_nights(client, db):
    counts = []
    for size in (3, 60):
        club = ClubFactory()
        director = director_of(club)
        four = players_of(club, 4)
        nights_of(club, director, four, size)
        client.force_login(director)
        counts.append(page_queries(client, f"/players/{four[0].pk}/?year=2025&page=2"))
        counts.append(page_queries(client, f"/players/{four[0].pk}/"))
    assert counts[:2] == counts[2:], counts
    assert max(counts) <= 13  # 13: is the reader a member (the CSV link)


# ---- my night ---------------------------------------------------------------------------


@pytest.fixture
def tonight(club, director, scorer, night, game):
    """Tonight's table 1 played one hand; the same four played last week too."""
    hand_record(game=game, data=hand_body("north", 80, "red", 85), entered_by=scorer)
    four = [game.seats.get(seat=s).player for s in SEATS]
    last_week = night_opening.night_open(
        club=club, date=datetime.date(2025, 2, 27), opened_by=director
    )
    old = game_start(seats=dict(zip(SEATS, four, strict=True)), night=last_week, created_by=SYSTEM)
    hand_record(game=old, data=hand_body("east", 120, "red", 0), entered_by=scorer)
    link = table_links.links_for(club=club, kind=TableLink.Kind.NIGHT, night=night, numbers=[1])[1]
    return link, four


def test_the_table_page_links_each_players_night(client, tonight):
    link, four = tonight

    page = client.get(f"/t/{link.key}/").content.decode()

    for player in four:
        assert f'href="/t/{link.key}/players/{player.pk}/"' in page


def test_my_night_shows_tonights_games_only(client, tonight, game):
    link, four = tonight

    response = client.get(f"/t/{link.key}/players/{four[0].pk}/")

    page = response.content.decode()
    assert response.status_code == 200
    assert "<dt>Games</dt><dd>1</dd>" in page and "<dt>Points</dt><dd>85</dd>" in page
    assert four[2].name in page  # the partner
    assert "playing" in page
    # Nothing of last week (east bid 120 and took everything there), no player pages.
    assert "<dt>Points</dt><dd>120</dd>" not in page
    assert "/players/" not in page.replace(f"/t/{link.key}/players/", "")


def test_my_night_is_only_for_the_players_at_that_table(client, club, tonight, twelve, night):
    link, four = tonight
    elsewhere = Game.objects.get(night=night, table_seating__table=2).seats.first().player
    other_club = players_of(ClubFactory(), 1)[0]

    for player in (elsewhere, other_club):
        assert client.get(f"/t/{link.key}/players/{player.pk}/").status_code == 404
    assert client.get(f"/t/not-a-key/players/{four[0].pk}/").status_code == 404
    new = table_links.link_replace(
        club=club, kind=TableLink.Kind.NIGHT, night=night, number=1, by=SYSTEM
    )
    assert client.get(f"/t/{link.key}/players/{four[0].pk}/").status_code == 404
    assert client.get(f"/t/{new.key}/players/{four[0].pk}/").status_code == 200


def test_my_night_calls_a_game_left_at_close_unfinished(client, director, tonight, night):
    link, four = tonight
    night_closing.night_close(night=night, by=director)

    page = client.get(f"/t/{link.key}/players/{four[1].pk}/").content.decode()

    assert "unfinished" in page and "<dt>Games</dt><dd>1</dd>" in page


def test_my_night_leaves_out_a_void_game(client, director, tonight, game):
    link, four = tonight
    game_void(game=game, by=director, reason="wrong table")

    page = client.get(f"/t/{link.key}/players/{four[0].pk}/").content.decode()

    assert "<dt>Games</dt><dd>0</dd>" in page and "No games yet tonight." in page
