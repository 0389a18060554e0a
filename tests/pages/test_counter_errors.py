"""A side's counters error names the box as the player sees it and sits under that box."""

import re

import pytest

from play.forms import HandForm
from play.models import Hand
from scoring.engine import ruleset_from
from tests.pages.conftest import made_hand

pytestmark = pytest.mark.django_db


def box(page: str, name: str) -> str:
    """The ``<div>`` around one counters box: its label, input and errors."""
    start = page.index(f'for="hand_{name}"')
    return page[start : page.index("</div>", start)]


def errors_in(html: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", html)


def test_each_sides_counters_error_is_under_its_own_box_in_its_words(as_scorer, game):
    data = {**made_hand(number=1), "counters_north_south": 43, "counters_east_west": 77}

    response = as_scorer.post(f"/games/{game.pk}/", data)

    assert response.status_code == 400
    page = response.content.decode()
    ns, ew = box(page, "counters_north_south"), box(page, "counters_east_west")
    assert errors_in(ns) == [
        "North-South counters: 43 is not a multiple of 5 — counters come in 5s"
    ]
    assert errors_in(ew) == ["East-West counters: 77 is not a multiple of 5 — counters come in 5s"]
    assert "north_south:" not in page and "east_west:" not in page
    assert not Hand.objects.filter(game=game).exists()


def test_a_renege_counters_error_goes_under_that_sides_renege_box():
    form = HandForm(data={}, ruleset=ruleset_from("tournament", {}))

    placed = form.place_error("renege.counters", "east_west: 12 is not a multiple of 5")

    assert placed == ("renege_counters_east_west", "East-West had: 12 is not a multiple of 5")
    assert form.place_error("bid", "bid 73 is not a multiple of 5") is None


def test_the_offline_answer_names_each_box_once(as_scorer, game):
    data = {**made_hand(number=1), "counters_north_south": 43, "counters_east_west": 77}

    body = as_scorer.post(f"/games/{game.pk}/", data, HTTP_ACCEPT="application/json").json()

    assert body["errors"]["counters_east_west"] == [
        "East-West counters: 77 is not a multiple of 5 — counters come in 5s"
    ]
    assert body["message"].count("North-South counters:") == 1
    assert body["message"].count("East-West counters:") == 1
