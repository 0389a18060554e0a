"""Confirming a hand (the other side or a director, never its scorer) and a director's
correction with its before/after history."""

import pytest

from play import night_closing
from play.confirmations import hand_confirm
from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Hand, HandCorrection
from tests.factories import UserFactory
from tests.pages.conftest import hand_body, made_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def hands(game, scorer):
    """Three hands at table 1, entered by the scorer."""
    return [
        hand_record(game=game, data=body, entered_by=scorer)
        for body in (
            hand_body("north", 80, "red", 85),
            hand_body("east", 75, "green", 40),
            hand_body("south", 70, "black", 70),
        )
    ]


def seated_user(game, seat, username):
    player = game.seats.get(seat=seat).player
    player.user = UserFactory(username=username)
    player.save()
    return player.user


def test_the_scorer_who_entered_a_hand_cannot_confirm_it(as_scorer, hands):
    response = as_scorer.post(f"/hands/{hands[0].pk}/confirm/", follow=True)

    assert b"cannot confirm" in response.content
    assert not Hand.objects.get(pk=hands[0].pk).confirmed


def test_a_player_at_the_table_confirms_from_the_sheet(client, game, hands):
    client.force_login(seated_user(game, "east", "ivy"))
    east = game.seats.get(seat="east").player.name

    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'aria-label="Confirm hand 1"' in page
    response = client.post(f"/hands/{hands[0].pk}/confirm/", HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert f"✓ confirmed by {east}" in response.content.decode()  # the player, not "ivy"
    assert Hand.objects.get(pk=hands[0].pk).confirmed_by.username == "ivy"


def test_confirming_with_htmx_answers_with_that_hands_row_only(client, game, hands):
    client.force_login(seated_user(game, "east", "ivy"))
    page = client.get(f"/games/{game.pk}/").content.decode()
    form = hand_row(page, 1).split("<form")[1].split(">")[0]
    assert 'hx-target="#hand-1"' in form and 'hx-swap="outerHTML"' in form

    response = client.post(f"/hands/{hands[0].pk}/confirm/", HTTP_HX_REQUEST="true")

    row = response.content.decode()
    assert row.lstrip().startswith('<li id="hand-1"')
    assert 'id="game-live"' not in row and 'id="hand-2"' not in row
    assert '✓<span class="status-word"> confirmed' in row.split('class="confirm-cell"')[1]
    assert 'aria-label="Confirm hand 1"' not in row


def test_without_javascript_confirming_comes_back_to_the_hand(client, game, hands):
    client.force_login(seated_user(game, "east", "ivy"))

    response = client.post(f"/hands/{hands[0].pk}/confirm/")

    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/#hand-1"


def test_a_refused_htmx_confirm_says_why_in_the_row(client, member, hands):
    client.force_login(member)

    response = client.post(f"/hands/{hands[0].pk}/confirm/", HTTP_HX_REQUEST="true")

    row = response.content.decode()
    assert row.lstrip().startswith('<li id="hand-1"')
    assert 'role="alert">Only a player of the other side or a director' in row


def test_a_hand_row_tells_who_entered_and_who_confirmed_it(client, game, hands):
    ivy = seated_user(game, "east", "ivy")
    hand_confirm(hand=hands[0], by=ivy)
    east = game.seats.get(seat="east").player.name

    page = client.get(f"/games/{game.pk}/").content.decode()

    first, second = hand_row(page, 1), hand_row(page, 2)
    # A scorer without a full name: "a club member", never the username.
    assert '<dd class="entered-how">entered by a club member</dd>' in first
    assert f"✓ confirmed by {east}" in first
    assert '<dd class="confirmed-by">not yet confirmed</dd>' in second
    assert "<summary>" in first and "Red" in first.split("</summary>")[1]  # trump, on tap


def test_a_member_who_did_not_play_is_refused(client, member, hands):
    client.force_login(member)

    response = client.post(f"/hands/{hands[0].pk}/confirm/", HTTP_HX_REQUEST="true")

    assert response.status_code == 403
    assert b"Only a player of the other side or a director" in response.content
    assert not Hand.objects.get(pk=hands[0].pk).confirmed


def test_a_director_confirms(as_director, hands):
    response = as_director.post(f"/hands/{hands[1].pk}/confirm/", follow=True)

    assert b"Hand 2 confirmed." in response.content
    assert Hand.objects.get(pk=hands[1].pk).confirmed


def test_a_visitor_must_log_in_to_confirm(client, hands):
    response = client.post(f"/hands/{hands[0].pk}/confirm/")

    assert response.status_code == 302
    assert not Hand.objects.get(pk=hands[0].pk).confirmed


def test_the_correction_form_shows_the_hand_as_recorded(as_director, hands):
    response = as_director.get(f"/hands/{hands[1].pk}/correct/")

    assert response.status_code == 200
    page = response.content.decode()
    assert 'value="east" id="id_bidder_east" data-side="east_west" checked' in page
    assert 'value="75"' in page
    assert "Not corrected yet." in page


def test_only_a_director_corrects(as_scorer, hands):
    page = as_scorer.get(f"/hands/{hands[1].pk}/correct/")
    assert page.status_code == 200 and b"Save correction" not in page.content
    response = as_scorer.post(
        f"/hands/{hands[1].pk}/correct/", {**made_hand(), "reason": "mine"}, follow=True
    )
    assert b"Only a director can correct a hand." in response.content
    assert not HandCorrection.objects.exists()


def test_a_correction_needs_a_reason(as_director, hands):
    response = as_director.post(f"/hands/{hands[1].pk}/correct/", made_hand(bidder="east"))

    assert response.status_code == 400
    assert b"Give the reason" in response.content
    assert not HandCorrection.objects.exists()


def test_an_impossible_correction_is_refused_and_changes_nothing(as_director, hands):
    data = {**made_hand(bidder="east", bid=75, ns=40), "counters_east_west": 90, "reason": "x"}

    response = as_director.post(f"/hands/{hands[1].pk}/correct/", data)

    assert response.status_code == 400
    assert b"add up to 130" in response.content
    assert Hand.objects.get(pk=hands[1].pk).record["counters"]["east_west"] == 80


def test_a_correction_replays_later_totals_and_keeps_the_history(as_director, game, hands):
    data = {**made_hand(bidder="east", bid=75, trump="green", ns=35), "reason": "Nest miscounted"}

    response = as_director.post(f"/hands/{hands[1].pk}/correct/", data, follow=True)

    assert b"Hand 2 corrected" in response.content
    third = Hand.objects.get(pk=hands[2].pk)
    assert (third.total_ns, third.total_ew) == (85 + 35 + 70, 35 + 85 + 50)
    history = as_director.get(f"/hands/{hands[1].pk}/correct/").content.decode()
    assert "Nest miscounted" in history
    assert "North-South 40, East-West 80" in history and "North-South 35, East-West 85" in history
    assert "dana" in history


def test_a_closed_night_still_shows_its_sheets(client, night, director, game, hands):
    night_closing.night_close(night=night, by=director)

    assert client.get(f"/games/{game.pk}/").status_code == 200


# ---- the Confirm button: shown exactly where hand_confirm would accept -----------------------


@pytest.fixture
def north_scores(club, game):
    """North's player scores their own table: hand 1 is entered by north's account."""
    from tests.factories import scorer_of

    north = game.seats.get(seat="north").player
    north.user = scorer_of(club, username="nora")
    north.save()
    hand = hand_record(game=game, data=hand_body("north", 80, "red", 85), entered_by=north.user)
    return hand


def hand_row(page: str, number: int) -> str:
    """One hand's element of the score sheet (games/_sheet_row.html)."""
    return page.split(f'id="hand-{number}"')[1].split("</li>")[0]


def confirm_button(client, game, number=1) -> bool:
    page = client.get(f"/games/{game.pk}/").content.decode()
    return f'aria-label="Confirm hand {number}"' in page


@pytest.mark.parametrize(
    ("who", "shown"),
    [
        ("director", True),
        ("east", True),
        ("west", True),
        ("north", False),  # entered it
        ("south", False),  # the partner of whoever entered it
        ("scorer", False),  # not seated at the table
        ("member", False),
        ("visitor", False),
    ],
)
def test_confirm_shows_only_to_whoever_may_confirm(
    client, game, director, scorer, member, north_scores, who, shown
):
    from play.permissions import can_confirm

    users = {
        "director": director,
        "scorer": scorer,
        "member": member,
        "visitor": None,
        "north": north_scores.entered_by,
    }
    if who in ("east", "south", "west"):
        users[who] = seated_user(game, who, f"{who}-player")
    user = users[who]
    if user is not None:
        client.force_login(user)

    assert confirm_button(client, game) is shown
    if user is not None:
        assert can_confirm(user, north_scores) is shown


def test_the_partner_of_whoever_entered_a_hand_is_refused_even_posting_directly(
    client, game, north_scores
):
    client.force_login(seated_user(game, "south", "sue"))

    response = client.post(f"/hands/{north_scores.pk}/confirm/", HTTP_HX_REQUEST="true")

    assert response.status_code == 403
    assert "Only a player of the other side or a director" in response.content.decode()
    assert not Hand.objects.get(pk=north_scores.pk).confirmed


def test_a_confirmed_hand_shows_who_confirmed_it_to_everyone(client, game, north_scores):
    east = seated_user(game, "east", "ed")
    hand_confirm(hand=north_scores, by=east)
    client.force_login(seated_user(game, "west", "wes"))

    page = client.get(f"/games/{game.pk}/").content.decode()

    assert f"✓ confirmed by {game.seats.get(seat='east').player.name}" in page
    assert "✓ confirmed by ed" not in page
    assert 'aria-label="Confirm hand 1"' not in page


# ---- a correction reopens the hand's confirmation -----------------------------------------


def test_a_corrected_hand_waits_for_confirmation_again_on_the_sheet(client, director, game, hands):
    from django.test import Client

    as_director = Client()
    as_director.force_login(director)
    ivy = seated_user(game, "east", "ivy")
    east = game.seats.get(seat="east").player.name
    hand_confirm(hand=hands[0], by=ivy)
    hand_confirm(hand=hands[1], by=ivy)
    data = {**made_hand(bidder="north", bid=80, trump="red", ns=75), "reason": "Nest miscounted"}

    response = as_director.post(f"/hands/{hands[0].pk}/correct/", data, follow=True)

    assert b"Hand 1 corrected" in response.content
    client.force_login(ivy)
    page = client.get(f"/games/{game.pk}/").content.decode()
    hand_1 = hand_row(page, 1)
    hand_2 = hand_row(page, 2)
    assert "corrected — waiting for confirmation" in hand_1
    assert "✓ confirmed by" not in hand_1
    assert 'aria-label="Confirm hand 1"' in hand_1  # the other side may confirm it again
    assert f"✓ confirmed by {east}" in hand_2  # a later hand keeps its confirmation
    assert "waiting for confirmation" not in hand_2
    history = as_director.get(f"/hands/{hands[0].pk}/correct/").content.decode()
    assert f"confirmed by {east}" in history.split('id="history"')[1]  # the earlier confirmer

    client.post(f"/hands/{hands[0].pk}/confirm/", HTTP_HX_REQUEST="true")

    page = client.get(f"/games/{game.pk}/").content.decode()
    hand_1 = hand_row(page, 1)
    assert f"✓ confirmed by {east}" in hand_1
    assert "waiting for confirmation" not in hand_1


def test_a_correction_from_its_page_answers_the_row_and_what_changed(
    as_director, game, hands, django_assert_max_num_queries
):
    data = {**made_hand(bidder="east", bid=75, trump="green", ns=35), "reason": "Nest miscounted"}

    with django_assert_max_num_queries(32):
        response = as_director.post(f"/hands/{hands[1].pk}/correct/", data, HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    answer = response.content.decode()
    # The row first (the form's target), as the sheet draws it: 35 / 85 now.
    assert answer.lstrip().startswith('<li id="hand-2"')
    assert "35 / 85" in hand_row(answer, 2)
    # Out of band: the totals after every later hand is replayed, the next hand's seats
    # and dealer, the sheet's count, the history and the form showing the hand as it is.
    totals = answer.split('id="scoreline"')[1].split("</div>\n</div>")[0]
    assert 'hx-swap-oob="true"' in totals
    assert f">{85 + 35 + 70}</strong>" in totals and f">{35 + 85 + 50}</strong>" in totals
    assert 'id="seat-cards" aria-label="Seats for the next hand" hx-swap-oob="true"' in answer
    assert 'id="unconfirmed-count" hx-swap-oob="true"' in answer
    history = answer.split('id="history"')[1]
    assert history.startswith(' aria-labelledby="history-heading" hx-swap-oob="true"')
    assert "Nest miscounted" in history and "North-South 35, East-West 85" in history
    form = answer.split('id="correction-form"')[1].split("</form>")[0]
    assert 'hx-swap-oob="true"' in form and 'name="counters_north_south"' in form
    assert 'value="35"' in form and "Nest miscounted" not in form  # a fresh reason
    assert "Hand 2 corrected; later totals replayed." in answer
    assert Hand.objects.get(pk=hands[2].pk).total_ns == 85 + 35 + 70


def test_the_correction_page_shows_the_row_and_its_form_posts_with_htmx(
    as_director, hands, django_assert_max_num_queries
):
    with django_assert_max_num_queries(15):
        page = as_director.get(f"/hands/{hands[1].pk}/correct/").content.decode()

    assert '<li id="hand-2"' in page and 'id="scoreline"' in page and 'id="seat-cards"' in page
    form = page.split('id="correction-form"')[1].split(">")[0]
    assert f'hx-post="/hands/{hands[1].pk}/correct/"' in form
    assert 'hx-target="#hand-2"' in form and 'hx-swap="outerHTML"' in form
    assert f'action="/hands/{hands[1].pk}/correct/"' in page.split('id="correction-form"')[0]


def test_a_refused_htmx_correction_answers_the_form_with_its_errors(as_director, hands):
    data = {**made_hand(bidder="east", bid=75, ns=40), "counters_east_west": 90, "reason": "x"}

    response = as_director.post(f"/hands/{hands[1].pk}/correct/", data, HTTP_HX_REQUEST="true")

    assert response.status_code == 400
    assert response["HX-Retarget"] == "#correction-form"
    assert response["HX-Reswap"] == "outerHTML"
    answer = response.content.decode()
    assert answer.lstrip().startswith('<form method="post"')
    assert "add up to 130" in answer and "<html" not in answer
    assert not HandCorrection.objects.exists()


def test_an_htmx_correction_by_a_scorer_sends_the_browser_back_to_the_sheet(as_scorer, game, hands):
    data = {**made_hand(bidder="east", bid=75, ns=35), "reason": "mine"}

    response = as_scorer.post(f"/hands/{hands[1].pk}/correct/", data, HTTP_HX_REQUEST="true")

    assert response.status_code == 403
    assert response["HX-Redirect"] == f"/games/{game.pk}/"
    assert not HandCorrection.objects.exists()


def test_a_scorer_reads_a_corrected_hands_history_in_the_tables_words(
    as_scorer, director, game, hands
):
    """The sheet links a corrected hand to its history for everyone: a scorer reads it
    there (without the form), the trump named as the table says it."""
    hand_correct(
        hand=hands[1],
        data=hand_body("east", 75, "green", 35),
        by=director,
        reason="Nest miscounted",
    )

    sheet = as_scorer.get(f"/games/{game.pk}/").content.decode()
    assert f"/hands/{hands[1].pk}/correct/#history" in sheet
    page = as_scorer.get(f"/hands/{hands[1].pk}/correct/")

    assert page.status_code == 200
    history = page.content.decode()
    assert "Hand 2: its history" in history and "Nest miscounted" in history
    assert "East bid 75 Green" in history and "East bid 75 green" not in history
    assert "Save correction" not in history
