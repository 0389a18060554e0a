"""The director's "disputed hand" page: a hand entered card by card, replayed trick by
trick with the renege marked, and linked from the hand's row for directors only."""

import re

import pytest

from play.disputes import card_name
from play.hands import hand_record
from tests.factories import game_for, players_of
from tests.pages.conftest import hand_body
from tests.play.card_hands import played_hand, reneging_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(club):
    return game_for(club, players_of(club, 4))


def test_the_page_replays_every_trick_and_marks_the_renege(as_director, table, scorer):
    card_hand, trick, seat, card = reneging_hand(dealer="north")
    hand = hand_record(game=table, data={"card_hand": card_hand.to_dict()}, entered_by=scorer)

    response = as_director.get(f"/hands/{hand.pk}/disputed/")

    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('<li id="trick-') == 9  # every trick of a nine-card hand
    verdict = re.search(r'<li class="renege-line" id="renege-1">(.*?)</li>', html, re.S).group(1)
    assert f"Trick {trick}:" in verdict and seat.capitalize() in verdict
    assert card_name(card) in verdict
    # The renege's trick is marked, and in it exactly the reneging play.
    trick_html = re.search(
        rf'<li id="trick-{trick}" class="trick has-renege">(.*?)</li>', html, re.S
    )
    assert trick_html is not None
    marked = re.findall(r'<tr class="play renege[^"]*">\s*<td>(\w+)', trick_html.group(1))
    assert marked == [seat.capitalize()]
    assert card_name(card) in trick_html.group(1)
    assert html.count('class="play renege') == len(re.findall("has-renege", html))


def test_the_verdict_says_what_the_renege_scores_and_the_page_cites_no_rule(
    as_director, club, scorer
):
    rulebook = game_for(club, players_of(club, 4))
    house = game_for(club, players_of(club, 4), options={"renege_points": 100})
    pages = []
    for game in (rulebook, house):
        card_hand = reneging_hand(dealer="north")[0]
        hand = hand_record(game=game, data={"card_hand": card_hand.to_dict()}, entered_by=scorer)
        pages.append(as_director.get(f"/hands/{hand.pk}/disputed/").content.decode())

    assert "the reneging side is set back the bid." in pages[0]
    assert "the reneging side scores \N{MINUS SIGN}100 and every other side +100" in pages[1]
    assert all("rules.md" not in page for page in pages)


def test_a_clean_hand_says_no_renege_and_marks_no_play(as_director, table, scorer):
    hand = hand_record(
        game=table, data={"card_hand": played_hand("north").to_dict()}, entered_by=scorer
    )
    html = as_director.get(f"/hands/{hand.pk}/disputed/").content.decode()
    assert "No renege" in html
    assert "play renege" not in html
    assert html.count("took the trick") == 9


def test_only_a_director_sees_the_page_or_its_link(client, as_director, table, scorer):
    hand = hand_record(
        game=table, data={"card_hand": played_hand("north").to_dict()}, entered_by=scorer
    )
    url = f"/hands/{hand.pk}/disputed/"
    assert url in as_director.get(f"/games/{table.pk}/").content.decode()

    client.force_login(scorer)
    assert url not in client.get(f"/games/{table.pk}/").content.decode()
    refused = client.get(url)
    assert refused.status_code == 403
    assert "Only a director can replay a disputed hand." in refused.content.decode()


def test_a_score_sheet_hand_has_no_replay_link_and_no_page(as_director, table, scorer):
    hand = hand_record(game=table, data=hand_body("north", 80, "red", 85), entered_by=scorer)
    assert (
        f"/hands/{hand.pk}/disputed/" not in as_director.get(f"/games/{table.pk}/").content.decode()
    )
    response = as_director.get(f"/hands/{hand.pk}/disputed/")
    assert response.status_code == 404
    assert "not card by card" in response.content.decode()


def test_a_card_record_that_no_longer_checks_is_refused_with_a_sentence(as_director, table, scorer):
    hand = hand_record(
        game=table, data={"card_hand": played_hand("north").to_dict()}, entered_by=scorer
    )
    broken = {**hand.card_hand, "tricks": hand.card_hand["tricks"][:8]}
    type(hand).objects.filter(pk=hand.pk).update(card_hand=broken)
    response = as_director.get(f"/hands/{hand.pk}/disputed/")
    assert response.status_code == 409
    assert "no longer passes the checks" in response.content.decode()
