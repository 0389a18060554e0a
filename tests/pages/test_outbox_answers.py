"""What the phone's offline outbox relies on: the score page answers a kept hand's post
in JSON (Accept: application/json), a retry of a stored hand is not refused, and the
service worker is served at the site root."""

import pytest

from play.hands import hand_record
from play.models import Hand
from tests.pages.conftest import hand_body, made_hand

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def url(game):
    return f"/games/{game.pk}/"


def test_a_kept_hand_is_recorded_and_answered_in_json(as_scorer, game):
    response = as_scorer.post(url(game), made_hand(number=1), **JSON)

    assert response.status_code == 200
    assert response.json() == {"number": 1, "replayed": False, "message": "Hand 1 recorded."}
    assert Hand.objects.filter(game=game).count() == 1


def test_the_same_hand_sent_again_by_its_phone_reads_as_recorded(as_scorer, game):
    as_scorer.post(url(game), made_hand(number=1), **JSON)

    response = as_scorer.post(url(game), made_hand(number=1), **JSON)

    assert response.status_code == 200
    assert response.json() == {
        "number": 1,
        "replayed": True,
        "message": "Hand 1 recorded.",
    }
    assert Hand.objects.filter(game=game).count() == 1


def test_a_number_taken_by_another_phone_is_refused_with_the_reason(as_scorer, game, director):
    hand_record(game=game, data=hand_body("east", 80, "green", 40), entered_by=director)

    response = as_scorer.post(url(game), made_hand(number=1), **JSON)

    assert response.status_code == 409
    assert response.json()["code"] == "hand_number_taken"
    assert response.json()["message"] == (
        "Hand 1 is already recorded; the next hand is 2. What differs from the stored "
        "hand 1: declarer East stored, North in yours; trump Green stored, Red in yours; "
        "counters N-S 40 / E-W 80 stored, N-S 85 / E-W 35 in yours."
    )
    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_the_rules_refuse_is_answered_with_each_fields_reason(as_scorer, game):
    response = as_scorer.post(url(game), made_hand(number=1, bid=73), **JSON)

    assert response.status_code == 400
    body = response.json()
    assert "bid" in body["errors"]
    assert body["message"].startswith("Bid: ")
    assert "multiple of 5" in body["message"]
    assert not Hand.objects.exists()


def test_a_logged_out_phone_is_told_to_log_in(client, game):
    response = client.post(url(game), made_hand(number=1), **JSON)

    assert response.status_code == 403
    assert response.json()["message"] == "Log in to record hands."


def test_the_service_worker_is_served_from_the_site_root(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    # The static files it keeps for offline use, by their served URLs.
    assert "/static/js/outbox.js" in body
    assert "/static/js/htmx.min.js" in body


def test_the_score_page_has_the_outbox_status_line(as_scorer, game):
    page = as_scorer.get(url(game)).content.decode()

    assert 'id="outbox-status" role="status"' in page
    assert "data-outbox" in page


def test_a_visitor_gets_no_outbox(client, game):
    assert b'id="outbox"' not in client.get(url(game)).content


def test_a_post_that_lost_its_hand_number_is_refused_and_stores_nothing(as_scorer, game):
    """Without its number a retry of the page's post could record the hand twice."""
    response = as_scorer.post(url(game), made_hand(), **JSON)

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "number": ["The form lost its hand number; reload the page and record the hand again."]
    }
    assert not Hand.objects.exists()


def test_the_score_page_form_sends_the_next_hand_number(as_scorer, game, scorer):
    hand_record(game=game, data=hand_body("north", 80, "red", 85), entered_by=scorer)

    page = as_scorer.get(url(game)).content.decode()

    assert 'type="hidden" name="number" value="2"' in page


def test_a_kept_hand_for_a_game_voided_meanwhile_is_refused_with_the_reason(
    as_scorer, game, director
):
    from play.voiding import game_void

    game_void(game=game, by=director, reason="wrong players")

    response = as_scorer.post(url(game), made_hand(number=1), **JSON)

    assert response.status_code == 409
    assert response.json() == {
        "code": "game_void",
        "message": "This game was voided (wrong players); you can no longer record hands in it.",
        "errors": {},
    }
    assert not Hand.objects.exists()


def test_the_service_worker_is_served_with_the_production_static_storage(client, tmp_path):
    """under DEBUG=0 (hashed names from the manifest) /sw.js answered 500.
    The names come from the manifest: the compressed copies are not made here (they
    were 15 of the test's 16 CPU-seconds); CI's production-static browser step makes
    and serves them."""
    from django.contrib.staticfiles.storage import staticfiles_storage

    from tests.production_static import collected_static

    override = collected_static(tmp_path, compress=False)
    try:
        response = client.get("/sw.js")
        hashed = staticfiles_storage.stored_name("js/outbox.js")
    finally:
        override.disable()

    assert response.status_code == 200
    body = response.content.decode()
    assert 'const STATIC_URL = "/static/";' in body
    assert hashed != "js/outbox.js" and f'"/static/{hashed}"' in body
