"""Opponent confirmation and director corrections (service and API)."""

import pytest
from rest_framework.test import APIClient

from play.confirmations import hand_confirm
from play.corrections import hand_correct
from play.hands import hand_record
from play.models import HandCorrection
from rookclub.core.errors import Invalid, NotAllowed
from rookclub.core.roles import SYSTEM
from tests.factories import UserFactory
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated_users(players):
    """Give each seated player a user account: north, east, south, west."""
    users = []
    for player in players:
        player.user = UserFactory()
        player.save()
        users.append(player.user)
    return users


def test_a_player_of_the_other_side_confirms_a_hand(game, seated_users):
    north, east, _, _ = seated_users
    hand = hand_record(game=game, data=made_hand(), entered_by=SYSTEM)
    hand.entered_by = north
    hand.save()

    confirmed = hand_confirm(hand=hand, by=east)

    assert confirmed.confirmed
    assert confirmed.confirmed_by == east and confirmed.confirmed_at is not None


def test_the_person_who_entered_a_hand_cannot_confirm_it(game, scorer):
    hand = hand_record(game=game, data=made_hand(), entered_by=scorer)

    with pytest.raises(NotAllowed) as refused:
        hand_confirm(hand=hand, by=scorer)

    assert refused.value.code == "own_hand"
    hand.refresh_from_db()
    assert not hand.confirmed


def test_the_partner_of_whoever_entered_a_hand_cannot_confirm_it(game, seated_users):
    north, _, south, _ = seated_users
    hand = hand_record(game=game, data=made_hand(), entered_by=SYSTEM)
    hand.entered_by = north
    hand.save()

    with pytest.raises(NotAllowed):
        hand_confirm(hand=hand, by=south)


def test_a_director_confirms_any_hand(game, scorer, director):
    hand = hand_record(game=game, data=made_hand(), entered_by=scorer)

    assert hand_confirm(hand=hand, by=director).confirmed_by == director


def test_the_api_refuses_a_confirmation_by_the_person_who_entered_it(api, game, director):
    hand_id = api.post(
        f"/api/v1/games/{game.pk}/hands/", made_hand(number=1), format="json"
    ).json()["id"]

    refused = api.post(f"/api/v1/hands/{hand_id}/confirm/")
    director_client = APIClient()
    director_client.force_authenticate(director)
    accepted = director_client.post(f"/api/v1/hands/{hand_id}/confirm/")

    assert refused.status_code == 403
    assert accepted.status_code == 200
    assert accepted.json()["confirmed"] is True


def test_a_correction_replays_every_later_total_and_keeps_the_history(game, scorer, director):
    first = hand_record(game=game, data=made_hand(bid=80, ns=85), entered_by=scorer)
    hand_record(game=game, data=made_hand(bid=80, ns=90), entered_by=scorer)

    hand_correct(hand=first, data=made_hand(bid=80, ns=75), by=director, reason="miscounted")

    hands = list(game.hands.order_by("number"))
    # Hand 1 is now set: -80 / +45; hand 2 adds 90 / 30.
    assert (hands[0].total_ns, hands[0].total_ew) == (-80, 45)
    assert (hands[1].total_ns, hands[1].total_ew) == (10, 75)
    game.refresh_from_db()
    assert game.totals == {"north_south": 10, "east_west": 75}
    correction = HandCorrection.objects.get()
    assert correction.corrected_by == director and correction.reason == "miscounted"
    assert correction.before["score"]["sides"] == {"north_south": 85, "east_west": 35}
    assert correction.after["score"]["sides"] == {"north_south": -80, "east_west": 45}


def test_a_correction_can_undo_the_end_of_a_game(game, scorer, director):
    hands = [
        hand_record(game=game, data=made_hand(bid=120, ns=120), entered_by=scorer) for _ in range(3)
    ]
    game.refresh_from_db()
    assert game.winner == "north_south"

    hand_correct(hand=hands[2], data=made_hand(bid=80, ns=0), by=director, reason="set, not made")

    game.refresh_from_db()
    assert game.status == "in_progress" and game.winner is None and game.finished_at is None


def test_only_a_director_corrects_a_hand(game, scorer):
    hand = hand_record(game=game, data=made_hand(), entered_by=scorer)

    with pytest.raises(NotAllowed):
        hand_correct(hand=hand, data=made_hand(ns=90), by=scorer, reason="typo")

    assert not HandCorrection.objects.exists()


def test_a_correction_needs_a_reason_and_a_hand_the_rules_accept(game, scorer, director):
    hand = hand_record(game=game, data=made_hand(), entered_by=scorer)

    with pytest.raises(Invalid) as no_reason:
        hand_correct(hand=hand, data=made_hand(ns=90), by=director, reason=" ")
    with pytest.raises(Invalid) as bad_hand:
        hand_correct(hand=hand, data=made_hand(bid=83), by=director, reason="typo")

    assert "reason" in no_reason.value.errors
    assert "bid" in bad_hand.value.errors
    hand.refresh_from_db()
    assert hand.score_ns == 85
    assert not HandCorrection.objects.exists()


def test_a_correction_that_would_end_the_game_before_later_hands_is_refused(game, scorer, director):
    for ns in (120, 120, 40, 120):  # 120, 240, 160 (set), 280
        hand_record(
            game=game, data=made_hand(bid=120 if ns == 120 else 80, ns=ns), entered_by=scorer
        )
    third = game.hands.get(number=3)

    with pytest.raises(Invalid) as refused:
        hand_correct(hand=third, data=made_hand(bid=120, ns=120), by=director, reason="made")

    assert refused.value.code == "correction_ends_game"
    game.refresh_from_db()
    assert game.totals == {"north_south": 280, "east_west": 80}


def test_the_api_corrects_a_hand_and_shows_the_history(director_api, api, game):
    hand_id = api.post(
        f"/api/v1/games/{game.pk}/hands/", made_hand(number=1), format="json"
    ).json()["id"]

    response = director_api.post(
        f"/api/v1/hands/{hand_id}/correct/",
        {"reason": "east-west counted 40", "hand": made_hand(ns=80)},
        format="json",
    )

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["score"] == {"north_south": 80, "east_west": 40}
    assert body["corrections"][0]["reason"] == "east-west counted 40"
    assert body["corrections"][0]["by"] == "dana"


def test_the_api_refuses_a_correction_by_a_scorer(api, game):
    hand_id = api.post(
        f"/api/v1/games/{game.pk}/hands/", made_hand(number=1), format="json"
    ).json()["id"]

    response = api.post(
        f"/api/v1/hands/{hand_id}/correct/",
        {"reason": "x", "hand": made_hand(ns=80)},
        format="json",
    )

    assert response.status_code == 403


# ---- who may confirm: the one rule the service and the score sheet share ---------------------


def test_when_a_scorer_who_is_not_seated_entered_a_hand_either_side_confirms(
    game, scorer, seated_users
):
    north, east, _, _ = seated_users
    first = hand_record(game=game, data=made_hand(), entered_by=scorer)
    second = hand_record(game=game, data=made_hand(bidder="east", ns=40), entered_by=scorer)

    assert hand_confirm(hand=first, by=north).confirmed_by == north
    assert hand_confirm(hand=second, by=east).confirmed_by == east


def test_a_player_of_another_table_cannot_confirm(club, game, scorer):
    from tests.factories import game_for

    other_table = game_for(club)
    stranger = other_table.seats.get(seat="east").player
    stranger.user = UserFactory()
    stranger.save()
    hand = hand_record(game=game, data=made_hand(), entered_by=scorer)

    with pytest.raises(NotAllowed) as refused:
        hand_confirm(hand=hand, by=stranger.user)

    assert "Only a player of the other side or a director" in refused.value.message
    hand.refresh_from_db()
    assert not hand.confirmed


def test_confirmable_hands_answers_for_a_whole_sheet_as_can_confirm_does_hand_by_hand(
    game, scorer, director, member, seated_users
):
    from play.permissions import can_confirm, confirmable_hands

    north, east, south, west = seated_users
    by_scorer = hand_record(game=game, data=made_hand(), entered_by=scorer)
    by_north = hand_record(game=game, data=made_hand(bidder="east", ns=40), entered_by=SYSTEM)
    by_north.entered_by = north
    by_north.save()
    hands = [by_scorer, by_north]

    expected = {
        director: {by_scorer.pk, by_north.pk},
        scorer: set(),  # not seated at the table (and entered the first)
        member: set(),
        north: {by_scorer.pk},
        south: {by_scorer.pk},  # north's partner
        east: {by_scorer.pk, by_north.pk},
        west: {by_scorer.pk, by_north.pk},
    }
    for user, hands_ok in expected.items():
        assert confirmable_hands(user, game, hands) == hands_ok, user
        assert {h.pk for h in hands if can_confirm(user, h)} == hands_ok, user


# ---- a correction reopens the hand's confirmation ---------------------------------------------


def test_a_correction_unconfirms_the_hand_and_keeps_who_had_confirmed_it(
    game, scorer, director, seated_users
):
    _, east, _, _ = seated_users
    first = hand_record(game=game, data=made_hand(bid=80, ns=85), entered_by=scorer)
    second = hand_record(game=game, data=made_hand(bid=80, ns=90), entered_by=scorer)
    hand_confirm(hand=first, by=east)
    hand_confirm(hand=second, by=east)

    corrected = hand_correct(hand=first, data=made_hand(bid=80, ns=75), by=director, reason="x")

    assert not corrected.confirmed
    assert corrected.confirmed_by is None and corrected.confirmed_at is None
    second.refresh_from_db()
    assert second.confirmed_by == east and second.confirmed_at is not None  # replayed, kept
    assert (second.total_ns, second.total_ew) == (10, 75)
    correction = HandCorrection.objects.get()
    assert correction.before["confirmed_by"] == east.pk
    assert correction.before["confirmed_by_name"] == game.seats.get(seat="east").player.name
    assert correction.before["confirmed_at"] is not None
    assert correction.after["confirmed_by"] is None
    assert correction.after["confirmed_by_name"] is None


def test_after_a_correction_the_other_side_or_the_correcting_director_confirms_again(
    game, scorer, director, seated_users
):
    from play.permissions import can_confirm

    north, east, south, west = seated_users
    by_north = hand_record(game=game, data=made_hand(), entered_by=SYSTEM)
    by_north.entered_by = north
    by_north.save()
    hand_confirm(hand=by_north, by=east)
    hand_correct(hand=by_north, data=made_hand(ns=80), by=director, reason="counted again")
    by_north.refresh_from_db()

    assert [can_confirm(u, by_north) for u in (north, south, east, west, director)] == [
        False,
        False,
        True,
        True,
        True,
    ]
    with pytest.raises(NotAllowed):
        hand_confirm(hand=by_north, by=south)
    assert hand_confirm(hand=by_north, by=director).confirmed_by == director


def test_the_api_marks_a_corrected_hand_and_names_whoever_confirms_it_again(
    api, director_api, club, game, players
):
    from tests.factories import member_of

    east, west = member_of(club, username="ed"), member_of(club, username="wes")
    for player, user in zip(players[1::2], (east, west), strict=True):  # east and west
        player.user = user
        player.save()
    west.first_name, west.last_name = "Wilma", "West"
    west.save()
    west_player = game.seats.get(seat="west").player
    ids = [
        api.post(f"/api/v1/games/{game.pk}/hands/", made_hand(number=n), format="json").json()["id"]
        for n in (1, 2)
    ]
    east_client, west_client = APIClient(), APIClient()
    east_client.force_authenticate(east)
    west_client.force_authenticate(west)
    for hand_id in ids:
        assert east_client.post(f"/api/v1/hands/{hand_id}/confirm/").status_code == 200

    corrected = director_api.post(
        f"/api/v1/hands/{ids[0]}/correct/",
        {"reason": "east-west counted 40", "hand": made_hand(ns=80)},
        format="json",
    )

    assert corrected.status_code == 200, corrected.json()
    east_name = game.seats.get(seat="east").player.name
    assert corrected.json()["corrections"][0]["before"]["confirmed_by_name"] == east_name
    first, second = api.get(f"/api/v1/games/{game.pk}/").json()["hands"]
    assert (first["confirmed"], first["corrected"], first["confirmed_by_name"]) == (
        False,
        True,
        None,
    )
    assert (second["confirmed"], second["corrected"], second["confirmed_by_name"]) == (
        True,
        False,
        east_name,
    )

    assert west_client.post(f"/api/v1/hands/{ids[0]}/confirm/").status_code == 200

    first = api.get(f"/api/v1/games/{game.pk}/").json()["hands"][0]
    assert (first["confirmed"], first["corrected"]) == (True, True)
    assert first["confirmed_by_name"] == west_player.name  # the player, not "Wilma West"


def test_confirmed_by_name_falls_back_to_full_name_then_a_club_member(api, game, director):
    director.first_name, director.last_name = "Dana", "Director"
    director.save()
    olive = UserFactory(username="olive")
    hands = [hand_record(game=game, data=made_hand(), entered_by=SYSTEM) for _ in range(2)]
    hand_confirm(hand=hands[0], by=director)  # no player of the club: the full name
    hands[1].confirmed_by, hands[1].confirmed_at = olive, hands[0].confirmed_at  # nor a name
    hands[1].save()

    first, second = api.get(f"/api/v1/games/{game.pk}/").json()["hands"]
    assert first["confirmed_by_name"] == "Dana Director"
    # Never the username (usernames do not reach what the public sees).
    assert second["confirmed_by_name"] == "a club member"
