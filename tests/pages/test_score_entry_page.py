"""The score-entry page (game-detail): recording hands, refusals as form errors."""

import pytest

from play.models import Hand
from tests.pages.conftest import made_hand

pytestmark = pytest.mark.django_db


def url(game):
    return f"/games/{game.pk}/"


def test_the_page_shows_seats_dealer_and_an_empty_sheet(as_scorer, game):
    response = as_scorer.get(url(game))

    assert response.status_code == 200
    page = response.content.decode()
    assert "Dealer: North" in page
    assert "Record hand 1" in page
    assert "No hands yet." in page
    for seat in ("north", "east", "south", "west"):
        assert game.seats.get(seat=seat).player.name in page


def test_a_visitor_reads_the_sheet_without_the_form(client, game):
    response = client.get(url(game))

    assert response.status_code == 200
    assert b"Record hand" not in response.content
    assert b"Log in</a> to record" in response.content


def live_region(page: str) -> str:
    """#hand-result: the live region just above the form (or the sheet, with no form)."""
    return page.split('id="hand-result"')[1].split("<section")[0]


def test_recording_a_hand_stores_it_and_moves_the_deal(as_scorer, game):
    response = as_scorer.post(url(game), made_hand(number=1), follow=True)

    assert response.status_code == 200
    hand = Hand.objects.get(game=game)
    assert (hand.number, hand.bid, hand.score_ns, hand.score_ew) == (1, 80, 85, 35)
    assert b"Hand 1 recorded" in response.content
    assert b"Dealer: East" in response.content


def test_without_javascript_the_redirect_opens_at_the_result_above_the_form(as_scorer, game):
    response = as_scorer.post(url(game), made_hand(number=1))

    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/?recorded=1#hand-result"
    page = as_scorer.get(response["Location"]).content.decode()
    live = live_region(page)
    assert "Hand 1 recorded: North bid 80, made — N-S +85, E-W +35" in live
    assert "Totals: N-S 85 · E-W 35" in live
    # ... just above the next hand's form, which posts back to the same place.
    assert page.index('id="hand-result"') < page.index('id="record-heading"')
    assert f'action="/games/{game.pk}/#hand-result"' in page


def test_the_result_is_in_a_polite_live_region_the_script_focuses(as_scorer, game):
    response = as_scorer.post(url(game), made_hand(number=1), HTTP_HX_REQUEST="true")

    page = response.content.decode()
    region = page.split('id="hand-result"')[1].split(">")[0]
    assert 'role="status"' in region
    assert 'aria-live="polite"' in region
    assert 'tabindex="-1"' in region
    assert "data-announce" in region
    # The form is ready for the next hand: empty, numbered 2, the next dealer shown.
    assert 'name="number" value="2"' in page
    assert 'name="bid" ' in page and 'name="bid" value=' not in page
    assert "Record hand 2" in page
    assert "Dealer: East" in page


def test_a_plain_visit_has_no_news_to_announce(as_scorer, game):
    page = as_scorer.get(url(game)).content.decode()

    assert "data-announce" not in page.split('id="hand-result"')[1].split(">")[0]
    assert "recorded:" not in page


def test_a_set_hand_says_so_with_each_sides_score(as_scorer, game):
    response = as_scorer.post(
        url(game), made_hand(number=1, bidder="north", bid=80, ns=50), HTTP_HX_REQUEST="true"
    )

    live = live_region(response.content.decode())
    assert "Hand 1 recorded: North bid 80, set — N-S -80, E-W +70" in live
    assert "Totals: N-S -80 · E-W 70" in live
    assert 'class="result set"' in live


def test_a_stale_recorded_link_shows_no_result(as_scorer, game):
    as_scorer.post(url(game), made_hand(number=1))
    as_scorer.post(url(game), made_hand(number=2, bidder="east", ns=40))

    page = as_scorer.get(url(game) + "?recorded=1").content.decode()

    assert "Hand 1 recorded" not in page


def test_a_refused_hand_keeps_what_was_typed_and_says_why_at_the_form(as_scorer, game):
    response = as_scorer.post(url(game), {**made_hand(number=1), "bid": 73}, HTTP_HX_REQUEST="true")

    assert response.status_code == 400
    page = response.content.decode()
    live = live_region(page)
    assert "Hand 1 was not recorded." in live
    assert "not a multiple of 5" in live
    assert "data-announce" in page.split('id="hand-result"')[1].split(">")[0]
    assert 'name="bid" value="73"' in page
    assert 'name="counters_north_south" value="85"' in page


def test_an_htmx_post_answers_with_the_live_region_only(as_scorer, game):
    response = as_scorer.post(url(game), made_hand(number=1), HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="game-live">')
    assert 'id="hand-1"' in page
    assert "Hand 1 recorded: North bid 80, made" in live_region(page)
    assert "<html" not in page


@pytest.mark.parametrize(
    ("change", "field_message"),
    [
        ({"bid": 73}, "not a multiple of 5"),
        ({"bid": 60}, "below the minimum bid 70"),
        ({"counters_east_west": 40}, "add up to 125"),
        ({"bid": "eighty"}, "Enter a whole number."),
        ({"bidder": ""}, "seat is needed to score the hand"),
        ({"trump": "purple"}, "Select a valid choice."),
    ],
)
def test_a_hand_the_rules_refuse_shows_the_reason_and_stores_nothing(
    as_scorer, game, change, field_message
):
    response = as_scorer.post(url(game), {**made_hand(number=1), **change})

    assert response.status_code == 400
    page = response.content.decode()
    assert field_message in page
    assert 'class="field-errors"' in page
    assert not Hand.objects.filter(game=game).exists()


def test_half_a_penalty_is_a_form_error(as_scorer, game):
    response = as_scorer.post(url(game), {**made_hand(number=1), "penalty_seat": "east"})

    assert response.status_code == 400
    assert b"Choose what the penalty is for." in response.content
    assert not Hand.objects.exists()


def test_a_penalty_is_recorded_with_the_hand(as_scorer, game):
    data = {**made_hand(number=1), "penalty_seat": "east", "penalty_kind": "table_talk"}

    as_scorer.post(url(game), data)

    hand = Hand.objects.get(game=game)
    assert hand.record["penalties"] == [{"seat": "east", "kind": "table_talk"}]
    assert hand.score_ew == 35 - 40


def test_a_misdeal_and_a_redeal_have_their_own_small_forms(as_scorer, game):
    as_scorer.post(url(game), {"kind": "misdeal", "number": 1, "misdeal_found": "later"})
    as_scorer.post(url(game), {"kind": "redeal", "number": 2, "redeal_reason": "exposed_card"})

    misdeal, redeal = Hand.objects.filter(game=game).order_by("number")
    assert misdeal.record == {"misdeal": {"found": "later"}}
    assert misdeal.score_ns == -40  # the dealer's (North's) side is set back 40
    assert redeal.void


def test_a_doubled_post_stores_the_hand_once(as_scorer, game):
    as_scorer.post(url(game), made_hand(number=1))

    response = as_scorer.post(url(game), made_hand(number=1), HTTP_HX_REQUEST="true")

    # The same hand again (its answer was lost): told so, not refused.
    assert response.status_code == 200
    assert b"Hand 1 was already recorded." in response.content
    assert Hand.objects.filter(game=game).count() == 1


def test_a_different_hand_under_a_taken_number_is_refused(as_scorer, game):
    as_scorer.post(url(game), made_hand(number=1))

    response = as_scorer.post(url(game), made_hand(number=1, ns=90), HTTP_HX_REQUEST="true")

    assert response.status_code == 409
    assert b"Hand 1 is already recorded" in response.content
    assert Hand.objects.filter(game=game).count() == 1


def test_a_member_who_is_not_a_scorer_is_refused_with_a_message(client, member, game):
    client.force_login(member)

    response = client.post(url(game), made_hand(number=1))

    assert response.status_code == 403
    assert b"Only a director or scorer" in response.content
    assert not Hand.objects.exists()


def test_a_visitor_cannot_post_a_hand(client, game):
    response = client.post(url(game), made_hand(number=1))

    assert response.status_code == 403
    assert b"Log in to record hands." in response.content
    assert not Hand.objects.exists()


def test_a_form_the_page_does_not_have_is_refused(as_scorer, game):
    response = as_scorer.post(url(game), {"kind": "shuffle"})

    assert response.status_code == 400
    assert not Hand.objects.exists()


def test_after_four_hands_the_page_prompts_the_seat_exchange(as_scorer, game):
    for number in range(1, 5):
        as_scorer.post(url(game), made_hand(number=number, bid=70, ns=60))

    response = as_scorer.get(url(game))

    assert b'id="seat-exchange"' in response.content
    assert b"exchange seats" in response.content


def test_the_seat_exchange_comes_with_the_fourth_hands_result_at_the_form(as_scorer, game):
    for number in range(1, 4):
        as_scorer.post(url(game), made_hand(number=number, bid=70, ns=60))

    response = as_scorer.post(url(game), made_hand(number=4, bid=70, ns=60), HTTP_HX_REQUEST="true")

    live = live_region(response.content.decode())
    assert "Hand 4 recorded" in live
    assert 'id="seat-exchange"' in live
    assert "exchange seats before hand 5" in live


def test_the_last_hand_shows_game_over_in_the_live_region(as_scorer, game):
    for number in range(1, 3):
        as_scorer.post(url(game), made_hand(number=number, bid=120, ns=120))

    response = as_scorer.post(
        url(game), made_hand(number=3, bid=120, ns=120), HTTP_HX_REQUEST="true"
    )

    live = live_region(response.content.decode())
    assert "Hand 3 recorded: North bid 120, made" in live
    assert "Game over — North-South win" in live


def test_a_finished_game_shows_the_banner_and_no_form(as_scorer, game):
    for number in range(1, 5):
        as_scorer.post(url(game), made_hand(number=number, bid=120, ns=120))

    response = as_scorer.get(url(game))

    assert b"Game over" in response.content
    assert b"North-South win" in response.content
    assert b"Record hand" not in response.content
    refused = as_scorer.post(url(game), made_hand(number=4))
    assert refused.status_code == 409
    assert Hand.objects.filter(game=game).count() == 3


def test_a_missing_game_is_a_404(as_scorer, db):
    assert as_scorer.get("/games/999999/").status_code == 404
