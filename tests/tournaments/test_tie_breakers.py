"""Tie-breakers have words: one registry (tournaments/tie_breakers.py) names each key
the standings compute, and the create form, the standings page and the API read it."""

from django.urls import reverse

from tests.factories import PASSWORD
from tests.tournaments.conftest import make_event, play_round
from tournaments import tie_breakers
from tournaments.formats.standings import TIE_BREAKERS


def test_the_registry_names_every_key_the_standings_compute_and_no_other():
    assert tuple(tie_breakers.REGISTRY) == TIE_BREAKERS == tie_breakers.ORDER
    for t in tie_breakers.REGISTRY.values():
        assert t.name and t.abbr and t.description.endswith(".")


def test_the_create_form_offers_ordered_menus_with_names_and_descriptions(client, director):
    client.login(username=director.username, password=PASSWORD)

    page = client.get(reverse("tournament-list")).content.decode()

    # One menu per place, all named tie_breakers, each offering every tie-breaker by name.
    assert page.count('<select name="tie_breakers"') == len(TIE_BREAKERS)
    assert (
        '<option value="sonneborn_berger" title="The match points of the opponents beaten' in page
    )
    assert "Sonneborn-Berger (S-B)" in page
    assert "What each tie-breaker counts" in page


def test_a_refused_form_keeps_the_chosen_order(client, director, club):
    client.login(username=director.username, password=PASSWORD)

    response = client.post(
        reverse("tournament-create"),
        {
            "club": club.pk,
            "name": "",
            "format": "swiss",
            "ruleset": "tournament",
            "games_per_match": "1",
            "tie_breakers": ["spread", "wins"],
        },
    )

    assert response.status_code == 400
    page = response.content.decode()
    first, second = page.index('id="id_tie_breakers"'), page.index('id="id_tie_breakers_1"')
    spread = '<option value="spread" title="Points scored minus points conceded." selected>'
    wins = '<option value="wins" title="Matches won (a draw counts half, a bye as the event says).'
    assert spread in page[first:second]
    assert wins + '" selected>' in page[second : page.index('id="id_tie_breakers_2"')]


def test_the_standings_page_heads_columns_with_the_abbreviations_and_says_the_order(
    client, club, director
):
    chosen = {"tie_breakers": ["wins", "sonneborn_berger", "spread"]}
    tournament = make_event(club, director, "swiss", 4, options=chosen)
    play_round(tournament, director)
    page = client.get(reverse("tournament-standings", args=[tournament.pk])).content.decode()

    assert (
        '<abbr title="Sonneborn-Berger: The match points of the opponents beaten, plus half of '
        'those drawn.">S-B</abbr>' in page
    )
    assert (
        '<abbr title="Buchholz: The match points of every opponent met, added up.">Buch</abbr>'
        in page
    )
    assert (
        'Ranked by <abbr title="Matches won (a draw counts half, a bye as the event says).">'
        "Match points</abbr>, then <abbr"
    ) in page
    assert page.index(">Sonneborn-Berger</abbr>") < page.index(">Spread</abbr>")


def test_the_api_lists_the_tie_breakers_with_their_words(api):
    response = api.get("/api/v1/tournaments/tie-breakers/")

    assert response.status_code == 200
    body = response.json()
    assert [t["key"] for t in body] == list(TIE_BREAKERS)
    assert body[4] == {
        "key": "buchholz",
        "name": "Buchholz",
        "abbr": "Buch",
        "description": "The match points of every opponent met, added up.",
    }
