"""Hands, their corrections and games are never deleted: the database protects them,
the admin offers no delete, and a director voids a game instead."""

import pytest
from django.contrib.auth import get_user_model
from django.db.models import ProtectedError

from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Game, GameSeat, Hand, HandCorrection, Irregularity
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def corrected(game, scorer, director):
    """Hand 1 recorded with a table-talk penalty, then corrected by the director."""
    body = {**made_hand(), "penalties": [{"seat": "west", "kind": "table_talk"}]}
    hand = hand_record(game=game, data=body, entered_by=scorer)
    return hand_correct(hand=hand, data=body | made_hand(ns=80), by=director, reason="typo")


@pytest.fixture
def admin_client(client):
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw-root-2026")
    client.force_login(admin)
    return client


def test_a_game_with_hands_cannot_be_deleted(corrected):
    with pytest.raises(ProtectedError):
        corrected.game.delete()

    assert Hand.objects.filter(pk=corrected.pk).exists()


def test_a_game_without_hands_cannot_be_deleted_either(game):
    # Its seats are who played it: deleting the game would delete them.
    with pytest.raises(ProtectedError):
        game.delete()

    assert GameSeat.objects.filter(game=game).count() == 4


def test_a_hand_with_corrections_or_penalties_cannot_be_deleted(corrected):
    with pytest.raises(ProtectedError):
        corrected.delete()

    assert HandCorrection.objects.filter(hand=corrected).count() == 1
    assert Irregularity.objects.filter(hand=corrected).count() == 1


def test_a_player_who_sat_in_a_game_cannot_be_deleted(game):
    with pytest.raises(ProtectedError):
        game.seats.first().player.delete()


@pytest.mark.parametrize("model", ["hand", "handcorrection", "game"])
def test_the_admin_offers_no_delete_for_scoring_history(admin_client, corrected, model):
    obj = {
        "hand": corrected,
        "handcorrection": corrected.corrections.get(),
        "game": corrected.game,
    }[model]

    page = admin_client.get(f"/admin/scoring/{model}/{obj.pk}/delete/")
    posted = admin_client.post(f"/admin/scoring/{model}/{obj.pk}/delete/", {"post": "yes"})
    listing = admin_client.get(f"/admin/scoring/{model}/").content.decode()

    assert page.status_code == 403
    assert posted.status_code == 403
    assert 'value="delete_selected"' not in listing
    assert type(obj).objects.filter(pk=obj.pk).exists()


def test_the_admin_cannot_add_a_hand_around_the_rules_engine(admin_client, game):
    assert admin_client.get("/admin/scoring/hand/add/").status_code == 403
    assert admin_client.get("/admin/scoring/handcorrection/add/").status_code == 403


def test_the_admin_cannot_rewrite_a_correction(admin_client, corrected):
    correction = corrected.corrections.get()

    admin_client.post(f"/admin/scoring/handcorrection/{correction.pk}/change/", {"reason": "x"})

    correction.refresh_from_db()
    assert correction.reason == "typo"


def test_the_admin_cannot_void_a_game_by_hand(admin_client, game):
    """Void fields are read only there: voiding goes through the director's action."""
    page = admin_client.get(f"/admin/scoring/game/{game.pk}/change/").content.decode()

    assert 'name="void_reason"' not in page
    assert Game.objects.get(pk=game.pk).voided_at is None
