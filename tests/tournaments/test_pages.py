"""Tournament pages render for the director and the public, with a fixed number of queries."""

import pytest
from django.urls import reverse

from tests.factories import PASSWORD
from tests.tournaments.conftest import make_event, play_round
from tournaments.results import match_result_enter


@pytest.fixture
def director_client(client, director):
    client.login(username=director.username, password=PASSWORD)
    return client


def test_the_dashboard_offers_the_director_the_next_step(director_client, club, director):
    tournament = make_event(club, director, "swiss", 6, rounds=3)
    play_round(tournament, director)

    page = director_client.get(reverse("tournament-detail", args=[tournament.pk]))

    assert page.status_code == 200
    assert b"Pair the next round" in page.content
    response = director_client.post(reverse("tournament-pair", args=[tournament.pk]), follow=True)
    assert b"The next round is paired." in response.content
    assert tournament.round_set.count() == 2


def test_the_director_enters_a_result_from_the_dashboard(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.filter(status="ready").first()

    response = director_client.post(
        reverse("tournament-match-result", args=[match.pk]),
        {"score_a": "310", "score_b": "150"},
        follow=True,
    )

    assert b"Result recorded." in response.content
    match.refresh_from_db()
    assert match.winner_id == match.entry_a_id


def test_a_refused_result_is_shown_not_a_500(director_client, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    match = tournament.matches.filter(status="ready").first()

    response = director_client.post(
        reverse("tournament-match-result", args=[match.pk]),
        {"score_a": "200", "score_b": "200"},
        follow=True,
    )

    assert response.status_code == 400
    assert b"tie" in response.content


def test_the_public_sees_pairings_with_table_numbers(client, club, director):
    tournament = make_event(club, director, "round_robin", 4)

    page = client.get(reverse("tournament-rounds", args=[tournament.pk]))

    assert page.status_code == 200
    assert b"Table 1" in page.content and b"Table 2" in page.content


def test_standings_poll_every_ten_seconds_and_answer_htmx_with_the_table(client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    url = reverse("tournament-standings", args=[tournament.pk])

    page = client.get(url)
    partial = client.get(url, HTTP_HX_REQUEST="true")

    assert b'hx-trigger="every 10s' in page.content
    assert partial.status_code == 200
    assert b"<html" not in partial.content
    assert b"Entry 1" in partial.content


def test_the_bracket_page_draws_every_match(client, club, director):
    tournament = make_event(club, director, "double_elimination", 8)

    page = client.get(reverse("tournament-bracket", args=[tournament.pk]))

    assert page.status_code == 200
    for key in (b"W1-1", b"L1-1", b"GF"):
        assert key in page.content


@pytest.mark.parametrize(
    "name", ["tournament-standings", "tournament-rounds", "tournament-bracket"]
)
def test_public_pages_take_the_same_queries_whatever_the_size(
    client, club, director, django_assert_max_num_queries, name
):
    counts = []
    for size in (4, 16):
        tournament = make_event(club, director, "double_elimination", size)
        play_round(tournament, director)
        url = reverse(name, args=[tournament.pk])
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(6):
        client.get(url)


def next_step(page) -> str:
    """The dashboard's Next step card in words."""
    import re
    from html import unescape

    card = page.content.decode().split('id="next-step"', 1)[1].split("</section>", 1)[0]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", card)).split())


@pytest.mark.parametrize("entries", [4, 8])
def test_the_next_step_counts_the_round_being_played_in_a_knockout(
    director_client, club, director, entries
):
    tournament = make_event(club, director, "single_elimination", entries)
    dashboard = reverse("tournament-detail", args=[tournament.pk])
    first = entries // 2

    assert f"Round 1: 0 of {first} results in." in next_step(director_client.get(dashboard))

    semi = tournament.matches.filter(status="ready").order_by("table").first()
    match_result_enter(match=semi, games=[[300, 150]], by=director)
    words = next_step(director_client.get(dashboard))
    assert f"Round 1: 1 of {first} results in." in words
    assert "Round 2" not in words


def test_the_next_step_counts_both_rounds_when_a_semi_final_opens_early(
    director_client, club, director
):
    tournament = make_event(club, director, "single_elimination", 8)
    for match in tournament.matches.filter(status="ready").order_by("table")[:2]:
        match_result_enter(match=match, games=[[300, 150]], by=director)

    words = next_step(director_client.get(reverse("tournament-detail", args=[tournament.pk])))

    assert "Round 1: 2 of 4 results in. Round 2: 0 of 2 results in." in words


@pytest.mark.parametrize("name", ["tournament-detail", "tournament-standings", "tournament-audit"])
def test_a_table_that_scrolls_sideways_can_be_scrolled_from_the_keyboard(
    director_client, club, director, name
):
    """A phone shows the wide tables in a box that scrolls sideways; the box takes the
    keyboard's focus, so it can be scrolled without a pointer (axe-core's
    scrollable-region-focusable), as the club's standings already do."""
    tournament = make_event(club, director, "round_robin", 4)
    play_round(tournament, director)

    page = director_client.get(reverse(name, args=[tournament.pk])).content.decode()

    boxes = page.count('class="table-scroll"')
    assert boxes and page.count('class="table-scroll" tabindex="0"') == boxes


def test_a_bracket_that_scrolls_sideways_can_be_scrolled_from_the_keyboard(client, club, director):
    tournament = make_event(club, director, "double_elimination", 4)

    page = client.get(reverse("tournament-bracket", args=[tournament.pk])).content.decode()

    boxes = page.count('class="bracket" role="list"')  # winners, losers, the finals
    assert boxes >= 2 and page.count('class="bracket" role="list" tabindex="0"') == boxes


def test_a_round_robins_dashboard_counts_only_the_round_being_played(
    director_client, club, director
):
    """Paired whole at the start, a round robin plays one round at a time: once round
    1 is in, round 2 is under way and round 3 still to come."""
    tournament = make_event(club, director, "round_robin", 4)
    for match in tournament.round_set.get(number=1).matches.all():
        match_result_enter(match=match, games=[[300, 150]], by=director)

    page = director_client.get(reverse("tournament-detail", args=[tournament.pk]))

    text = page.content.decode()
    assert "Round 2: 0 of 2 results in." in text and "Round 3: 0 of" not in text
    statuses = dict(tournament.round_set.values_list("number", "status"))
    assert statuses == {1: "finished", 2: "running", 3: "pending"}
