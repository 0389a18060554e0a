"""The club page and a club night run by its director: open, check in, seat, close."""

import datetime

import pytest

from play import checkins, night_opening, night_rounds, night_seating
from play.models import CheckIn, Game, Night, SitOut
from rookclub.clubs.models import Player
from tests.factories import players_of
from tests.pages.conftest import hand_body

pytestmark = pytest.mark.django_db


@pytest.fixture
def unseated_night(club, director):
    return night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)


def test_the_home_page_links_to_the_club(client, club):
    response = client.get("/")

    assert f'href="/clubs/{club.slug}/"'.encode() in response.content


def test_a_director_opens_a_night_from_the_club_page(as_director, club):
    page = as_director.get(f"/clubs/{club.slug}/")
    assert b"Open the night" in page.content

    response = as_director.post(
        f"/clubs/{club.slug}/nights/open/", {"date": "2025-03-06", "seating_method": "fixed"}
    )

    night = Night.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/sessions/{night.pk}/"
    assert (night.date, night.seating_method) == (datetime.date(2025, 3, 6), "fixed")


def test_opening_a_night_with_a_bad_date_is_a_form_error(as_director, club):
    response = as_director.post(
        f"/clubs/{club.slug}/nights/open/", {"date": "31/02", "seating_method": "random"}
    )

    assert response.status_code == 400
    assert b"Enter a valid date." in response.content
    assert not Night.objects.exists()


def test_a_scorer_cannot_open_a_night(as_scorer, club):
    assert b"Open the night" not in as_scorer.get(f"/clubs/{club.slug}/").content

    response = as_scorer.post(
        f"/clubs/{club.slug}/nights/open/", {"date": "2025-03-06", "seating_method": "random"}
    )

    assert response.status_code == 302
    assert not Night.objects.exists()


def test_check_in_ticks_players_and_adds_a_newcomer(as_director, unseated_night, twelve):
    night = unseated_night
    ticked = [p.pk for p in twelve[:7]]

    response = as_director.post(
        f"/sessions/{night.pk}/check-in/", {"players": ticked, "new_player": "  Zoe   New "}
    )

    assert response.status_code == 302
    names = set(CheckIn.objects.filter(night=night).values_list("player__name", flat=True))
    assert len(names) == 8
    assert "Zoe New" in names
    page = as_director.get(f"/sessions/{night.pk}/").content.decode()
    assert page.count("· here") == 8


def test_a_newcomer_whose_name_is_taken_is_a_form_error_and_nobody_is_checked_in(
    as_director, unseated_night, twelve
):
    night = unseated_night
    response = as_director.post(
        f"/sessions/{night.pk}/check-in/",
        {"players": [twelve[0].pk], "new_player": twelve[1].name},
    )

    assert response.status_code == 409
    assert b"already plays at" in response.content
    assert not CheckIn.objects.exists()
    assert Player.objects.filter(name=twelve[1].name).count() == 1


def test_checking_in_nobody_is_a_form_error(as_director, unseated_night, twelve):
    night = unseated_night
    response = as_director.post(f"/sessions/{night.pk}/check-in/", {})

    assert response.status_code == 400
    assert b"Tick the players who came" in response.content


def test_seating_twelve_players_makes_three_tables_with_their_games(
    as_director, unseated_night, twelve
):
    night = unseated_night
    checkins.night_check_in(night=night, players=twelve, by=night.opened_by)

    response = as_director.post(f"/sessions/{night.pk}/seat/", {"method": "random"}, follow=True)

    page = response.content.decode()
    assert "Each table" in page and "game has started" in page
    games = Game.objects.filter(night=night)
    assert games.count() == 3
    for game in games:
        assert f'href="/games/{game.pk}/"' in page
    assert 'id="sit-outs"' not in page


def test_thirteen_players_show_who_sits_out(as_director, unseated_night, club, twelve):
    night = unseated_night
    checkins.night_check_in(
        night=night, players=[*twelve, *players_of(club, 1)], by=night.opened_by
    )

    response = as_director.post(f"/sessions/{night.pk}/seat/", {"method": "random"}, follow=True)

    sitting_out = SitOut.objects.get().player
    assert b'id="sit-outs"' in response.content
    assert sitting_out.name.encode() in response.content


def test_fixed_partnerships_are_named_pair_by_pair(as_director, unseated_night, twelve):
    night = unseated_night
    checkins.night_check_in(night=night, players=twelve[:8], by=night.opened_by)
    pairs = {
        f"pair_{i + 1}_{half}": twelve[2 * i + (half == "b")].pk for i in range(4) for half in "ab"
    }

    as_director.post(f"/sessions/{night.pk}/seat/", {"method": "fixed", **pairs})

    for game in Game.objects.filter(night=night):
        seats = {s.seat: s.player for s in game.seats.all()}
        index = twelve.index(seats["north"])
        partner = twelve[index + 1] if index % 2 == 0 else twelve[index - 1]
        assert seats["south"] == partner


def test_a_player_in_two_pairs_is_a_form_error(as_director, unseated_night, twelve):
    night = unseated_night
    checkins.night_check_in(night=night, players=twelve[:8], by=night.opened_by)
    data = {
        "method": "fixed",
        "pair_1_a": twelve[0].pk,
        "pair_1_b": twelve[1].pk,
        "pair_2_a": twelve[0].pk,
        "pair_2_b": twelve[2].pk,
    }

    response = as_director.post(f"/sessions/{night.pk}/seat/", data)

    assert response.status_code == 400
    assert b"is already in a pair" in response.content
    assert not Game.objects.exists()


def test_seating_three_players_is_refused_with_a_message(as_director, unseated_night, twelve):
    night = unseated_night
    checkins.night_check_in(night=night, players=twelve[:3], by=night.opened_by)

    response = as_director.post(f"/sessions/{night.pk}/seat/", {"method": "random"})

    assert response.status_code == 400
    assert b"Not enough players." in response.content or b"at least four" in response.content
    assert not Game.objects.exists()


def test_a_progressive_night_moves_on_only_when_every_table_has_played(as_director, club):
    night = night_opening.night_open(
        club=club,
        date=datetime.date(2025, 3, 6),
        opened_by=club.memberships.get().user,
        seating_method="progressive",
    )
    checkins.night_check_in(night=night, players=players_of(club, 8), by=night.opened_by)
    night_seating.night_seat(night=night, by=night.opened_by, seed=2)

    page = as_director.get(f"/sessions/{night.pk}/").content
    assert b"Next round: change partners" in page
    response = as_director.post(f"/sessions/{night.pk}/next-round/", follow=True)

    assert b"still playing" in response.content
    assert night.rounds.count() == 1


def test_closing_the_night(as_director, night):
    response = as_director.post(f"/sessions/{night.pk}/close/", follow=True)

    night.refresh_from_db()
    assert night.status == "closed"
    assert b"The club night is closed." in response.content
    assert b"Close the night" not in response.content


def test_a_member_sees_the_night_read_only_and_cannot_close_it(client, member, night):
    client.force_login(member)

    page = client.get(f"/sessions/{night.pk}/").content
    assert b"Score table 1" in page
    assert b"Check in" not in page and b"Close the night" not in page
    response = client.post(f"/sessions/{night.pk}/close/", follow=True)

    assert b"director" in response.content
    night.refresh_from_db()
    assert night.status == "open"


def test_a_visitor_is_sent_to_log_in_before_a_director_action(client, night):
    response = client.post(f"/sessions/{night.pk}/close/")

    assert response.status_code == 302
    night.refresh_from_db()
    assert night.status == "open"


def test_a_finished_table_can_start_a_new_game(as_director, night, game, scorer):
    from play.hands import hand_record

    for _ in range(3):
        hand_record(
            game=game,
            entered_by=scorer,
            data={
                "bidder": "north",
                "bid": 120,
                "trump": "red",
                "counters": {"north_south": 120, "east_west": 0},
            },
        )
    page = as_director.get(f"/sessions/{night.pk}/").content
    assert b"New game at table 1" in page

    response = as_director.post(f"/tables/{game.table_seating_id}/new-game/", follow=True)

    new = Game.objects.filter(table_seating=game.table_seating).latest("id")
    assert new != game
    # Back on the night page, at the table, with what happened.
    assert response.redirect_chain == [(f"/sessions/{night.pk}/#table-1", 302)]
    assert b"New game at table 1." in response.content


def test_a_progressive_night_seats_the_next_round_once_all_tables_played_four_hands(
    as_director, club, scorer
):
    from play.hands import hand_record

    director = club.memberships.get(role="director").user
    night = night_opening.night_open(
        club=club,
        date=datetime.date(2025, 3, 6),
        opened_by=director,
        seating_method="progressive",
    )
    checkins.night_check_in(night=night, players=players_of(club, 8), by=director)
    night_seating.night_seat(night=night, by=director, seed=2)
    for game in Game.objects.filter(night=night):
        for _ in range(4):
            hand_record(game=game, data=hand_body("north", 70, "red", 70), entered_by=scorer)

    response = as_director.post(f"/sessions/{night.pk}/next-round/", follow=True)

    assert b"Round 2 seated" in response.content
    assert b"Earlier rounds" in response.content
    assert Game.objects.filter(night=night, table_seating__round__number=2).count() == 2


def test_a_table_reseated_for_a_new_game_stays_in_the_rooms_round(as_director, club, director):
    from play import print_docs

    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players_of(club, 10), by=director)
    first = night_seating.night_seat(night=night, by=director, seed=2)  # two sit out
    table = first.tables.get(table=1)
    Game.objects.filter(table_seating=table).update(status=Game.Status.FINISHED)

    response = as_director.post(f"/tables/{table.pk}/new-game/", follow=True)

    assert b"come in" in response.content  # the two waiting came in
    reseated = night_seating.current_table(night, 1)
    assert reseated != table and reseated.round.number == 2
    assert reseated.round.room_round == 1
    game = Game.objects.get(table_seating=reseated)
    assert print_docs.game_sheet_doc(game).header.round_label == "Round 1"
    assert print_docs.round_documents(reseated.round, table=1)[2] == "Round 1"
    assert b"for round 1</button>" in response.content
    assert b"for round 2</button>" not in response.content

    Game.objects.filter(night=night).update(status=Game.Status.FINISHED)
    after = night_rounds.night_next_round(night=night, by=director, seed=1)

    assert (after.number, after.room_round) == (3, 2)
    page = as_director.get(f"/sessions/{night.pk}/").content.decode()
    assert "<h3>Round 1</h3>" in page and "Round 3" not in page
    assert "for round 2</button>" in page
