"""What players read at the table carries no "(docs/rules.md §…)" citations; the API keeps
them for directors and developers (docs/hand-format.md)."""

import pytest
from rest_framework.test import APIClient

from play.forms import table_text
from play.hands import hand_record
from play.models import Hand
from tests.pages.conftest import hand_body, made_hand

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("engine", "table"),
    [
        ("bid 72 is not a multiple of 5 (docs/rules.md §2)", "bid 72 is not a multiple of 5"),
        (
            "counters add up to 115, not the deck's 120 (docs/rules.md §3)",
            "counters add up to 115, not the deck's 120",
        ),
        (
            "Set: 75 counters < bid 95, scores −95 (east_west, docs/rules.md §3)",
            "Set: 75 counters < bid 95, scores −95 (east_west)",
        ),
        ("Redeal rules (docs/rules.md §2, §6). Deal again", "Redeal rules. Deal again"),
        # A reason stored by an older version, citing the rulebook it had then.
        ("North and South exchange seats (RULES.md §6)", "North and South exchange seats"),
        ("Hand 1 is already recorded; the next hand is 2.",) * 2,
        ("", ""),
        (None, None),
    ],
)
def test_table_text_drops_rule_citations_and_keeps_the_sentence(engine, table):
    assert table_text(engine) == table


def test_a_refused_hand_shows_the_reason_without_the_citation_but_the_api_keeps_it(
    as_scorer, scorer, game
):
    page = as_scorer.post(f"/games/{game.pk}/", made_hand(bid=73, number=1)).content.decode()
    api = APIClient()
    api.force_authenticate(scorer)
    body = {**hand_body("north", 73, "red", 85), "number": 1}
    answer = api.post(f"/api/v1/games/{game.pk}/hands/", body, format="json").json()

    assert "bid 73 is not a multiple of 5" in page
    assert "rules.md" not in page
    assert answer["bid"] == ["bid 73 is not a multiple of 5 (docs/rules.md §2)"]
    assert not Hand.objects.exists()


def test_a_refused_correction_shows_no_citation_either(as_director, game, scorer):
    hand = hand_record(game=game, data=hand_body("north", 80, "red", 85), entered_by=scorer)
    data = {**made_hand(ns=40), "counters_east_west": 90, "reason": "miscounted"}

    page = as_director.post(f"/hands/{hand.pk}/correct/", data).content.decode()

    assert "add up to 130" in page
    assert "rules.md" not in page


def test_the_recorded_hands_reasons_keep_their_citations_in_the_api(scorer, game):
    hand = hand_record(game=game, data=hand_body("north", 95, "red", 75), entered_by=scorer)

    assert any("docs/rules.md §3" in reason for reason in hand.score["reasons"])
