"""A closed club night: no new hands or games, confirmations and corrections still
allowed, unfinished games kept as they are, and a director may reopen it (services
and API)."""

import datetime

import pytest
import time_machine

from play.checkins import night_check_in, night_reopen
from play.confirmations import hand_confirm
from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Game, Hand, HandCorrection, Night, NightEvent
from play.night_closing import night_close
from play.night_opening import night_open
from play.night_seating import night_seat
from play.services import game_start
from play.table_games import table_new_game
from rookclub.core.errors import Conflict, Invalid, NotAllowed
from standings.standings import night_standings
from tests.factories import UserFactory, misdeal_in, players_of, redeal_in
from tests.play.conftest import made_hand, play_out

pytestmark = pytest.mark.django_db

NIGHT = datetime.date(2025, 3, 6)
# 22:40 on the night in the clubs' time (America/Chicago, UTC-6 in March before DST).
AT_22_40 = datetime.datetime(2025, 3, 7, 4, 40, tzinfo=datetime.UTC)
REFUSAL = "This club night was closed at 22:40; ask the director to reopen it to record more hands."


@pytest.fixture
def night(club, director):
    """Eight players at two tables; both games just started."""
    night = night_open(club=club, date=NIGHT, opened_by=director)
    night_check_in(night=night, players=players_of(club, 8), by=director)
    night_seat(night=night, by=director, seed=3)
    return night


@pytest.fixture
def tables(night):
    return list(Game.objects.filter(night=night).order_by("table_seating__table"))


def close_at(night, director, when=AT_22_40):
    with time_machine.travel(when, tick=False):  # the clock stands at ``when``
        return night_close(night=night, by=director)


# ---- recording after close --------------------------------------------------------------


def test_a_closed_night_refuses_a_new_hand_with_the_time_and_stores_nothing(
    night, tables, director, scorer
):
    game = tables[0]
    hand_record(game=game, data=made_hand(), entered_by=scorer)
    close_at(night, director)

    with pytest.raises(Conflict) as refused:
        hand_record(game=game, data=made_hand(bidder="east", ns=40), entered_by=scorer, number=2)

    assert refused.value.code == "session_closed"
    assert refused.value.message == REFUSAL
    assert game.hands.count() == 1
    game.refresh_from_db()
    assert game.totals == {"north_south": 85, "east_west": 35}
    assert game.status == "in_progress"


@pytest.mark.parametrize("body", [misdeal_in("later"), redeal_in("all_passed")])
def test_a_closed_night_refuses_misdeals_and_redeals_too(night, tables, director, body):
    close_at(night, director)

    with pytest.raises(Conflict) as refused:
        hand_record(game=tables[0], data=body, entered_by=director)

    assert refused.value.code == "session_closed"
    assert not Hand.objects.exists()


def test_a_night_closed_the_next_morning_says_which_day(night, tables, director, scorer):
    close_at(night, director, datetime.datetime(2025, 3, 7, 15, 15, tzinfo=datetime.UTC))

    with pytest.raises(Conflict) as refused:
        hand_record(game=tables[0], data=made_hand(), entered_by=scorer)

    assert refused.value.message.startswith("This club night was closed on 7 March at 09:15;")


def test_the_refusal_for_a_finished_game_is_still_game_over(night, tables, director, scorer):
    play_out(tables[0], scorer)
    close_at(night, director)

    with pytest.raises(Conflict) as refused:
        hand_record(game=tables[0], data=made_hand(), entered_by=scorer)

    assert refused.value.code == "game_finished"


def test_a_closed_night_starts_no_game(night, tables, director, scorer):
    play_out(tables[0], scorer)
    close_at(night, director)
    seats = {s.seat: s.player for s in tables[0].seats.all()}

    with pytest.raises(Conflict) as new_game:
        table_new_game(table=tables[0].table_seating, by=director)
    with pytest.raises(Conflict) as started:
        game_start(seats=seats, night=night, created_by=director)

    assert new_game.value.code == started.value.code == "session_closed"
    assert new_game.value.message.endswith("reopen it to start another game.")
    assert Game.objects.filter(night=night).count() == 2


def test_a_closed_night_still_takes_confirmations(night, tables, director, scorer):
    game = tables[0]
    hand = hand_record(game=game, data=made_hand(bidder="north"), entered_by=scorer)
    east = game.seats.get(seat="east").player
    east.user = UserFactory(username="ivy")
    east.save()
    close_at(night, director)

    confirmed = hand_confirm(hand=hand, by=east.user)

    assert confirmed.confirmed_by == east.user


def test_a_director_still_corrects_a_hand_of_a_closed_night(night, tables, director, scorer):
    game = tables[0]
    first = hand_record(game=game, data=made_hand(ns=85), entered_by=scorer)
    hand_record(game=game, data=made_hand(ns=90), entered_by=scorer)
    close_at(night, director)

    hand_correct(hand=first, data=made_hand(ns=75), by=director, reason="nest miscounted")

    game.refresh_from_db()
    assert game.totals == {"north_south": -80 + 90, "east_west": 45 + 30}
    assert game.hands.count() == 2
    assert HandCorrection.objects.get().reason == "nest miscounted"
    with pytest.raises(NotAllowed):
        hand_correct(hand=first, data=made_hand(ns=80), by=scorer, reason="mine")


# ---- closing with games in progress ----------------------------------------------------------


def test_closing_keeps_unfinished_games_as_they_are_and_records_them(
    night, tables, director, scorer
):
    finished, playing = tables
    play_out(finished, scorer)
    hand_record(game=playing, data=made_hand(ns=85), entered_by=scorer)

    close_at(night, director)

    playing.refresh_from_db()
    assert (playing.status, playing.winner) == ("in_progress", None)
    assert playing.totals == {"north_south": 85, "east_west": 35}
    event = NightEvent.objects.get(night=night)
    assert (event.action, event.by) == ("closed", director)
    assert event.details == {"unfinished_games": [playing.pk]}


def test_the_night_standings_count_an_unfinished_game_as_played_and_unwon(
    night, tables, director, scorer
):
    finished, playing = tables
    play_out(finished, scorer)  # north-south take 120 a hand: 360
    hand_record(game=playing, data=made_hand(ns=85), entered_by=scorer)
    close_at(night, director)

    standings = night_standings(night=night)

    assert (standings.games, standings.unfinished) == (2, 1)
    rows = {row.players[0].pk: row for row in standings.players}
    north = playing.seats.get(seat="north").player
    row = rows[north.pk]
    assert (row.games, row.won, row.unfinished, row.points) == (1, 0, 1, 85)
    assert standings.players[0].won == 1  # the winners of the finished game lead
    assert sum(r.unfinished for r in standings.partnerships) == 2


def test_closing_a_closed_night_again_is_a_conflict(night, director):
    close_at(night, director)

    with pytest.raises(Conflict) as again:
        night_close(night=night, by=director)

    assert again.value.message == "This club night was already closed at 22:40."
    assert NightEvent.objects.count() == 1


# ---- reopening --------------------------------------------------------------------------------


def test_a_director_reopens_a_night_and_the_table_records_its_last_hand(
    night, tables, director, scorer
):
    close_at(night, director)

    night_reopen(night=night, by=director, reason="  table 2 had one more hand ")
    hand = hand_record(game=tables[1], data=made_hand(), entered_by=scorer)

    night.refresh_from_db()
    assert night.status == "open" and night.closed_at is None
    assert hand.number == 1
    closed, reopened = NightEvent.objects.filter(night=night).order_by("at", "id")
    assert (closed.action, reopened.action) == ("closed", "reopened")
    assert (reopened.by, reopened.reason) == (director, "table 2 had one more hand")
    assert reopened.details == {"closed_at": AT_22_40.isoformat()}


def test_only_a_director_reopens_a_night(night, director, scorer):
    close_at(night, director)

    with pytest.raises(NotAllowed):
        night_reopen(night=night, by=scorer)

    night.refresh_from_db()
    assert night.status == "closed"
    assert not NightEvent.objects.filter(action="reopened").exists()


def test_reopening_an_open_night_is_a_conflict(night, director):
    with pytest.raises(Conflict) as refused:
        night_reopen(night=night, by=director)

    assert refused.value.code == "night_open"
    assert not NightEvent.objects.exists()


def test_a_reopen_reason_must_be_short_text(night, director):
    close_at(night, director)

    with pytest.raises(Invalid) as too_long:
        night_reopen(night=night, by=director, reason="x" * 501)
    with pytest.raises(Invalid):
        night_reopen(night=night, by=director, reason=["why"])

    assert "reason" in too_long.value.errors
    assert Night.objects.get(pk=night.pk).status == "closed"


# ---- the API ----------------------------------------------------------------------------------


def test_the_api_answers_409_with_the_sentence_for_a_hand_on_a_closed_night(
    api, night, tables, director
):
    close_at(night, director)

    response = api.post(f"/api/v1/games/{tables[0].pk}/hands/", made_hand(number=1), format="json")
    game = api.get(f"/api/v1/games/{tables[0].pk}/").json()

    assert response.status_code == 409
    assert response.json() == {"detail": [REFUSAL]}
    assert not Hand.objects.exists()
    assert game["recording_refused"] == REFUSAL
    assert game["status"] == "in_progress"


def test_the_api_says_when_hands_are_accepted(api, tables):
    assert api.get(f"/api/v1/games/{tables[0].pk}/").json()["recording_refused"] is None


def test_the_api_refuses_to_start_a_game_on_a_closed_night(director_api, night, tables, director):
    close_at(night, director)
    seats = {s.seat: s.player_id for s in tables[0].seats.all()}

    response = director_api.post(
        "/api/v1/games/", {"seats": seats, "session": night.pk}, format="json"
    )

    assert response.status_code == 409
    assert "reopen it to start another game" in response.json()["detail"][0]
    assert Game.objects.filter(night=night).count() == 2


def test_the_api_confirms_and_corrects_after_close(director_api, api, night, tables, director):
    hand_id = api.post(
        f"/api/v1/games/{tables[0].pk}/hands/", made_hand(number=1), format="json"
    ).json()["id"]
    close_at(night, director)

    confirmed = director_api.post(f"/api/v1/hands/{hand_id}/confirm/")
    corrected = director_api.post(
        f"/api/v1/hands/{hand_id}/correct/",
        {"reason": "typo", "hand": made_hand(ns=80)},
        format="json",
    )

    assert confirmed.status_code == 200 and confirmed.json()["confirmed"] is True
    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["score"] == {"north_south": 80, "east_west": 40}


def test_the_api_reopens_a_night_and_shows_its_history(director_api, api, night, director):
    closed = director_api.post(f"/api/v1/sessions/{night.pk}/close/")
    by_scorer = api.post(f"/api/v1/sessions/{night.pk}/reopen/", {}, format="json")

    reopened = director_api.post(
        f"/api/v1/sessions/{night.pk}/reopen/", {"reason": "late hand"}, format="json"
    )
    again = director_api.post(f"/api/v1/sessions/{night.pk}/reopen/")

    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    assert by_scorer.status_code == 403
    assert reopened.status_code == 200, reopened.json()
    body = reopened.json()
    assert body["status"] == "open" and body["closed_at"] is None
    assert [(e["action"], e["by"], e["reason"]) for e in body["history"]] == [
        ("closed", "dana", ""),
        ("reopened", "dana", "late hand"),
    ]
    assert body["history"][0]["unfinished_games"] == sorted(
        Game.objects.filter(night=night).values_list("pk", flat=True)
    )
    assert again.status_code == 409
    assert again.json() == {"detail": ["This club night is open already."]}


def test_the_api_closing_twice_answers_409(director_api, night):
    director_api.post(f"/api/v1/sessions/{night.pk}/close/")

    response = director_api.post(f"/api/v1/sessions/{night.pk}/close/")

    assert response.status_code == 409
    assert response.json()["detail"][0].startswith("This club night was already closed ")


def test_the_api_standings_count_unfinished_games(director_api, night, tables, director, scorer):
    hand_record(game=tables[0], data=made_hand(ns=85), entered_by=scorer)
    close_at(night, director)

    rows = director_api.get(f"/api/v1/sessions/{night.pk}/standings/").json()["players"]

    assert {r["unfinished"] for r in rows} == {1}
    assert {r["won"] for r in rows} == {0}
    assert sorted(r["points"] for r in rows)[-1] == 85


def test_a_closed_nights_page_promises_those_who_sat_out_no_next_table(client, club, director):
    """Five players: one sat out the last round; once the night is closed there is no
    next table or next round for them to come in at."""
    night = night_open(club=club, date=NIGHT, opened_by=director)
    night_check_in(night=night, players=players_of(club, 5), by=director)
    night_seat(night=night, by=director, seed=3)
    night_close(night=night, by=director)
    client.force_login(director)
    page = client.get(f"/sessions/{night.pk}/").content.decode()
    assert "come in at the next table" not in page
    assert "Sat out the last round:" in page
