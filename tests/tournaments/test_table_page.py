"""The tournament table page a table card's QR code opens: the match at one table of a round,
straight on to the game being played there, or a button to start it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from play.hands import hand_record
from play.models import Game
from tests.factories import PASSWORD, UserFactory, hand_in, member_of, scorer_of
from tests.tournaments.conftest import make_event, play_round
from tournaments.entries import entry_withdraw
from tournaments.models import Match, MatchGame
from tournaments.results import match_result_enter
from tournaments.rounds import round_pair_next

pytestmark = pytest.mark.django_db


def logged_in(client, user):
    client.login(username=user.username, password=PASSWORD)
    return client


@pytest.fixture
def scorer(club):
    return scorer_of(club, username="sid")


@pytest.fixture
def as_scorer(client, scorer):
    return logged_in(client, scorer)


def at_table(tournament, table=1, number=1) -> Match:
    return tournament.matches.get(round__number=number, table=table)


def url_of(match) -> str:
    return reverse("tournament-table", args=[match.round_id, match.table])


def names(entry) -> list[str]:
    return [link.player.name for link in entry.memberships.select_related("player").order_by("id")]


def test_the_page_shows_the_match_with_side_a_north_south(client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = at_table(tournament, 2)

    page = client.get(url_of(match))

    assert page.status_code == 200
    html = page.content.decode()
    assert "Table 2" in html and "Round 1" in html and tournament.name in html
    north, south = names(match.entry_a)
    east, west = names(match.entry_b)
    for seat, name in (("North", north), ("South", south), ("East", east), ("West", west)):
        assert f'<span class="muted">{seat}:</span> {name}' in html
    assert html.index("North–South") < html.index(match.entry_a.name)
    assert html.index("East–West") < html.index(match.entry_b.name)
    assert "Start the game at this table" not in html, "a visitor cannot start it"
    assert f"/accounts/login/?next={url_of(match)}" in html


def test_an_individual_events_table_names_both_partners_of_each_side(client, club, director):
    tournament = make_event(club, director, "individual", 8, rounds=2)
    match = at_table(tournament, 1)

    html = client.get(url_of(match)).content.decode()

    for entry, seat in (
        (match.entry_a, "North"),
        (match.partner_a, "South"),
        (match.entry_b, "East"),
        (match.partner_b, "West"),
    ):
        assert f'<span class="muted">{seat}:</span> {names(entry)[0]}' in html


def test_a_scorer_starts_the_game_once_and_lands_on_its_score_entry(as_scorer, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = at_table(tournament, 1)
    page = as_scorer.get(url_of(match))
    assert b"Start the game at this table" in page.content
    assert b'name="csrfmiddlewaretoken"' in page.content

    first = as_scorer.post(url_of(match))
    second = as_scorer.post(url_of(match))  # a double tap, or a second scorer

    game = Game.objects.get()
    assert first.status_code == second.status_code == 302
    assert first.url == second.url == reverse("game-detail", args=[game.pk])
    assert MatchGame.objects.filter(match=match).count() == 1
    seats = dict(game.seats.values_list("seat", "player__name"))
    assert [seats["north"], seats["south"]] == names(match.entry_a)
    assert [seats["east"], seats["west"]] == names(match.entry_b)
    # The card's URL now leads straight to the game being played.
    again = as_scorer.get(url_of(match))
    assert again.status_code == 302 and again.url == reverse("game-detail", args=[game.pk])


def test_the_start_button_needs_a_csrf_token(client, club, director, scorer):
    from django.test import Client

    tournament = make_event(club, director, "round_robin", 4)
    match = at_table(tournament, 1)
    strict = Client(enforce_csrf_checks=True)
    logged_in(strict, scorer)

    assert strict.post(url_of(match)).status_code == 403
    assert not Game.objects.exists()


def test_game_two_of_a_best_of_three_starts_from_the_same_page(as_scorer, club, director):
    tournament = make_event(
        club, director, "round_robin", 2, games_per_match=3, options={"round_clock": {"hands": 2}}
    )
    match = tournament.matches.get()
    as_scorer.post(url_of(match))
    game = Game.objects.get()
    for hand in (hand_in(bid=80, ns=100), hand_in("east", 90, ns=40)):
        hand_record(game=game, data=hand, entered_by=director)

    page = as_scorer.get(url_of(match))

    assert page.status_code == 200, "game 1 is over: no redirect to it"
    html = page.content.decode()
    assert "Start the game at this table" in html and "game 2 of the best of 3" in html
    assert "Game 1:" in html
    response = as_scorer.post(url_of(match))
    second = Game.objects.exclude(pk=game.pk).get()
    assert response.url == reverse("game-detail", args=[second.pk])
    assert list(MatchGame.objects.filter(match=match).values_list("number", "game")) == [
        (1, game.pk),
        (2, second.pk),
    ]


def test_a_decided_match_shows_its_result_and_starts_nothing(as_scorer, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = at_table(tournament, 1)
    match_result_enter(match=match, games=[[310, 150]], by=director)

    page = as_scorer.get(url_of(match))
    refused = as_scorer.post(url_of(match), follow=True)

    html = page.content.decode()
    assert page.status_code == 200
    assert f"{match.entry_a.name} won: 310–150" in html
    assert "Start the game at this table" not in html
    assert refused.status_code == 200 and b"already has a result" in refused.content
    assert not Game.objects.exists()


def test_a_forfeited_match_says_so(as_scorer, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = at_table(tournament, 1)
    entry_withdraw(entry=match.entry_b, by=director)

    html = as_scorer.get(url_of(match)).content.decode()

    assert f"{match.entry_a.name} wins by walkover" in html


def test_a_bracket_match_waiting_for_its_entries_says_so(client, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    final = tournament.matches.get(bracket_key="W2-1")

    html = client.get(url_of(final)).content.decode()

    assert "waits for the winners of earlier matches" in html


def test_members_who_are_not_scorers_and_visitors_cannot_start_a_game(client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = at_table(tournament, 1)

    anonymous = client.post(url_of(match))
    member = logged_in(client, member_of(club, username="meg"))
    page = member.get(url_of(match)).content.decode()
    refused = member.post(url_of(match), follow=True)
    stranger = logged_in(client, UserFactory())
    also_refused = stranger.post(url_of(match))

    assert anonymous.status_code == 302 and anonymous.url.startswith("/accounts/login/")
    assert "Only a director or scorer" in page and "Start the game" not in page
    assert refused.status_code == 200, "a message on the table page, not a 500"
    assert b"Only a director or scorer of the club can start a game." in refused.content
    assert also_refused.status_code == 302 and also_refused.url == url_of(match)
    assert not Game.objects.exists()


@pytest.mark.parametrize("where", ["no table", "no round"])
def test_a_table_or_round_that_does_not_exist_is_404(client, club, director, where):
    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)
    args = [rnd.pk, 99] if where == "no table" else [999999, 1]

    assert client.get(reverse("tournament-table", args=args)).status_code == 404
    assert client.put(url_of(at_table(tournament))).status_code == 405


def test_the_page_takes_the_same_queries_whatever_the_size(
    client, club, director, django_assert_max_num_queries
):
    counts = []
    for size in (4, 32):
        tournament = make_event(club, director, "swiss", size, rounds=3)
        play_round(tournament, director)
        round_pair_next(tournament=tournament, by=director)
        match = at_table(tournament, 1, number=2)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url_of(match)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
    logged_in(client, director)
    with django_assert_max_num_queries(6):
        assert client.get(url_of(match)).status_code == 200
