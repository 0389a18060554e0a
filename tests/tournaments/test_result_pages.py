"""Tournament pages a director can trust: a refused result is shown on its
own row with what was typed kept, a correction needs a reason, "next step" offers only
what can be done, the projector says which round is being played and how many of its
results are in, and playoff tags wait for the last round."""

import re

import pytest
from django.urls import reverse

from tests.factories import PASSWORD
from tests.tournaments.conftest import make_event, play_round
from tournaments.models import MatchGame
from tournaments.results import match_result_enter
from tournaments.rounds import round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def director_client(client, director):
    client.login(username=director.username, password=PASSWORD)
    return client


def row_of(page: str, match) -> str:
    return page.split(f'<tr id="match-{match.pk}"')[1].split("</tr>")[0]


def test_a_refused_result_is_shown_on_its_own_row_with_what_was_typed(
    director_client, club, director
):
    tournament = make_event(club, director, "round_robin", 4)
    first, second = tournament.matches.filter(status="ready").order_by("table")[:2]

    response = director_client.post(
        reverse("tournament-match-result", args=[second.pk]),
        {"score_a": "3100", "score_b": "180"},
    )

    assert response.status_code == 400
    page = response.content.decode()
    row = row_of(page, second)
    assert 'role="alert"' in row and "3100 is more than a game to 300 can end on" in row
    assert (
        'name="score_a_1" inputmode="numeric" pattern="-?[0-9]*" autocomplete="off" value="3100"'
        in row
    )
    assert 'value="180"' in row
    assert "3100" not in row_of(page, first)
    assert not MatchGame.objects.exists()


def test_a_correction_on_the_page_needs_a_reason(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.filter(status="ready").first()
    match_result_enter(match=match, games=[[300, 150]], by=director)
    url = reverse("tournament-match-result", args=[match.pk])

    without = director_client.post(url, {"score_a": "305", "score_b": "150"})
    kept = list(MatchGame.objects.filter(match=match).values_list("score_a", "score_b"))
    with_reason = director_client.post(
        url, {"score_a": "305", "score_b": "150", "reason": "the slip said 305"}
    )

    assert without.status_code == 400
    assert "Say why the result is corrected" in row_of(without.content.decode(), match)
    assert kept == [(300, 150)]
    assert with_reason.status_code == 302
    assert list(MatchGame.objects.filter(match=match).values_list("score_a", "score_b")) == [
        (305, 150)
    ]


def test_start_is_offered_only_with_enough_entries(director_client, club, director):
    empty = make_event(club, director, "round_robin", 0, start=False)
    ready = make_event(club, director, "round_robin", 4, start=False)

    empty_page = director_client.get(reverse("tournament-detail", args=[empty.pk])).content
    ready_page = director_client.get(reverse("tournament-detail", args=[ready.pk])).content

    assert b"Start the tournament</button>" not in empty_page
    assert b"Add 2 more entries</strong>; then start the tournament." in empty_page
    assert b"Start the tournament</button>" in ready_page


def test_the_projector_says_which_round_is_in_progress_and_how_many_results_are_in(
    client, club, director
):
    tournament = make_event(club, director, "swiss", 8, rounds=3)
    play_round(tournament, director)
    round_pair_next(tournament=tournament, by=director)

    standings = client.get(reverse("tournament-standings-projector", args=[tournament.pk]))
    pairings = client.get(reverse("tournament-pairings-projector", args=[tournament.pk]))

    text = re.sub(r"\s+", " ", standings.content.decode())
    assert "round 2 in progress, 0 of 4 in" in text
    assert "Standings after round 2" not in text
    assert "Round 2 · 0 of 4 results in" in re.sub(r"\s+", " ", pairings.content.decode())


def test_playoff_tags_wait_for_the_last_round(client, club, director):
    tournament = make_event(club, director, "swiss", 4, rounds=3)
    play_round(tournament, director)

    page = client.get(reverse("tournament-standings", args=[tournament.pk])).content.decode()

    assert tournament.status == "running"
    assert 'class="playoff"' not in page


def words(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def test_after_the_event_the_pairings_projector_names_the_winner(client, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    url = reverse("tournament-pairings-projector", args=[tournament.pk])
    play_round(tournament, director)
    assert "find your table and seat" in words(client.get(url))

    play_round(tournament, director)  # the final: the first seed wins
    tournament.refresh_from_db()

    page, live = words(client.get(url)), client.get(url + "?live=1")
    assert tournament.status == "finished"
    assert "find your table and seat" not in page
    assert "The event is over · winner: Entry 1" in page
    # A projector left up learns it from its poll: the line comes with the rows.
    assert 'id="projector-sub" hx-swap-oob="true"' in live.content.decode()
    assert "The event is over · winner: Entry 1" in words(live)


def test_a_tie_for_first_is_named_on_the_pairings_projector(client, club, director):
    tournament = make_event(club, director, "round_robin", 3)
    for match in tournament.matches.filter(status="ready"):
        match_result_enter(match=match, games=[[300, 150]], by=director)
    tournament.refresh_from_db()

    page = words(client.get(reverse("tournament-pairings-projector", args=[tournament.pk])))

    assert tournament.status == "finished"
    assert "The event is over · tied for first:" in page
