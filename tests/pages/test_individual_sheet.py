"""A game scored by player on the score-entry page, its phone sheet rows and the printed
score sheet (part 2): each player's points and running total, and the winner
by name."""

import re

import pytest

from play.hands import hand_record
from play.print_docs import game_sheet_doc
from rookclub.printing import render
from tests.factories import game_for, players_of
from tests.print.conftest import pdf_text

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def beginner_game(club):
    players = players_of(club, 4)
    for player, name in zip(players, NAMES, strict=True):
        player.name = name
        player.save()
    return game_for(club, players, ruleset="beginner")


def record(game, user, north, east, south, west):
    counters = {"north": north, "east": east, "south": south, "west": west}
    return hand_record(game=game, data={"trump": "red", "counters": counters}, entered_by=user)


def cells(html: str, number: int) -> list[tuple[str, str]]:
    """(hand score, running total) of each player column in hand ``number``'s row."""
    row = re.search(rf'<li id="hand-{number}".*?</summary>', html, re.S).group(0)
    return re.findall(
        r'<span class="side player">.*?<small class="score">([^<]*)</small>.*?'
        r'<strong class="total">([^<]*)</strong>',
        row,
        re.S,
    )


def test_the_sheet_shows_a_column_per_player_with_points_and_running_totals(
    as_scorer, beginner_game, scorer
):
    record(beginner_game, scorer, 10, 6, 4, 4)
    record(beginner_game, scorer, 2, 12, 6, 4)

    html = as_scorer.get(f"/games/{beginner_game.pk}/").content.decode()

    head = re.search(r'<div class="hands-head by-player players-4".*?</div>', html, re.S).group(0)
    assert re.findall(r'<span class="side player">(\w+)</span>', head) == NAMES  # names whole
    assert cells(html, 1) == [("+10", "10"), ("+6", "6"), ("+4", "4"), ("+4", "4")]
    assert cells(html, 2) == [("+2", "12"), ("+12", "18"), ("+6", "10"), ("+4", "8")]
    scoreline = re.search(r'<div class="scoreline".*?</div>\s*</div>', html, re.S).group(0)
    assert re.findall(r'data-total="player-\d+">(\d+)<', scoreline) == ["12", "18", "10", "8"]
    assert "Ann 12 · Bob 18 · Cat 10 · Dan 8" in html  # the opened row's totals


def test_the_game_over_banner_names_the_winning_player(as_scorer, beginner_game, scorer):
    for _ in range(4):
        record(beginner_game, scorer, 10, 6, 4, 4)
    html = as_scorer.get(f"/games/{beginner_game.pk}/").content.decode()
    banner = re.search(r'<div class="banner gameover" id="game-over">(.*?)</div>', html, re.S)
    assert banner.group(1).startswith("Game over — Ann wins")


def test_the_result_after_record_says_each_players_points(as_scorer, beginner_game, scorer):
    response = as_scorer.post(
        f"/games/{beginner_game.pk}/",
        {
            "kind": "hand",
            "number": 1,
            "trump": "red",
            "counters_north": 10,
            "counters_east": 6,
            "counters_south": 4,
            "counters_west": 4,
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Hand 1 recorded: Ann +10, Bob +6, Cat +4, Dan +4" in html
    assert "Totals: Ann 10 · Bob 6 · Cat 4 · Dan 4" in html


def test_a_confirmed_row_alone_keeps_the_player_columns(client, beginner_game, scorer, director):
    hand = record(beginner_game, scorer, 10, 6, 4, 4)
    client.force_login(director)
    response = client.post(f"/hands/{hand.pk}/confirm/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert cells(response.content.decode(), 1) == [
        ("+10", "10"),
        ("+6", "6"),
        ("+4", "4"),
        ("+4", "4"),
    ]


def test_the_printed_sheet_has_a_column_pair_per_player_and_the_winner(beginner_game, scorer):
    for _ in range(4):
        record(beginner_game, scorer, 10, 6, 4, 4)

    doc = game_sheet_doc(beginner_game)

    assert doc.players == tuple(NAMES)
    assert doc.lines[1].player_cells == [(10, 20), (6, 12), (4, 8), (4, 8)]
    assert doc.player_finals == [("Ann", 40), ("Bob", 24), ("Cat", 16), ("Dan", 16)]
    assert doc.winner == "Ann"
    text = " ".join(pdf_text(render.render_pdf("print/game_sheets.html", {"items": [doc]})).split())
    assert "Ann Bob Cat Dan Hand Dealer Declarer Bid Trump Hand Total Hand Total" in text
    assert "4 W — Red 10 40 6 24 4 16 4 16" in text  # the last hand: points, running total
    assert "TOTAL ANN TOTAL BOB TOTAL CAT TOTAL DAN WINNER 40 24 16 16 Ann" in text
