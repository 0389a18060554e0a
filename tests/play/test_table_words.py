"""Every page speaks the table's own seats and sides: a table of five or six names its
numbered seats, never a compass, and a player is never their own opponent."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from play.confirmations import hand_confirm
from play.hands import hand_record
from play.models import Game, Night, NightRound
from play.services import game_start
from rookclub.core.errors import NotAllowed
from rookclub.core.roles import SYSTEM
from scoring.engine import PRESETS
from scoring.engine.seat_names import names_for
from standings.players import history_row
from tests.factories import PASSWORD, UserFactory, players_of
from tests.play.conftest import five_seat_hand_form
from tests.print.conftest import pdf_text

pytestmark = pytest.mark.django_db

COMPASS = ("North", "East", "South", "West", "North-South", "East-West", "N–S", "E–W")


# ---- the names, from the ruleset ------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(PRESETS))
def test_nobody_is_their_own_opponent_or_partner_in_any_game(slug):
    names = names_for(PRESETS[slug])
    for seat in names.seats:
        assert seat not in names.opponents(seat)
        assert seat not in names.partners(seat)
        assert not set(names.partners(seat)) & set(names.opponents(seat))
        assert set(names.partners(seat)) | set(names.opponents(seat)) == set(names.seats) - {seat}


def test_a_table_of_four_keeps_its_compass_words():
    names = names_for(PRESETS["tournament"])
    assert names.partners("north") == ("south",)
    assert names.opponents("north") == ("east", "west")
    assert names.party_names == {"north_south": "North-South", "east_west": "East-West"}
    assert names.parties_chosen


def test_partnerships_of_three_name_their_two_partners_and_sides():
    names = names_for(PRESETS["partnership-for-six"])
    assert names.partners("seat1") == ("seat3", "seat5")
    assert names.opponents("seat1") == ("seat2", "seat4", "seat6")
    assert names.party_names == {"north_south": "Seats 1, 3, 5", "east_west": "Seats 2, 4, 6"}


@pytest.mark.parametrize("slug", ["five-player", "high-card-partner", "six-player", "three-player"])
def test_a_table_without_sides_passes_the_phone_to_the_other_players(slug):
    names = names_for(PRESETS[slug])
    assert names.party_names["east_west"] == "the other players"
    assert not names.parties_chosen
    assert names.opponents("seat2") == tuple(s for s in names.seats if s != "seat2")


def test_a_table_of_two_passes_the_phone_to_the_other_player():
    assert names_for(PRESETS["tennessee"]).party_names["east_west"] == "the other player"


# ---- a night of nine: one table of five -----------------------------------------------


@pytest.fixture
def night_of_nine(director_api, club):
    ids = [
        director_api.post(
            "/api/v1/players/", {"name": f"Player {i}", "club": club.pk}, format="json"
        ).json()["id"]
        for i in range(9)
    ]
    night = director_api.post(
        "/api/v1/sessions/",
        {"club": club.pk, "date": "2026-11-24", "tables_of_five_or_six": True},
        format="json",
    ).json()
    url = f"/api/v1/sessions/{night['id']}/"
    director_api.post(f"{url}check-in/", {"players": ids}, format="json")
    director_api.post(f"{url}seat/", {"seed": 3}, format="json")
    overview = director_api.get(url).json()
    big = next(t for t in overview["rounds"][-1]["tables"] if len(t["seats"]) == 5)
    return night, url, big


def _text(response) -> str:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return body.decode()


def _let_a_phone_claim(night, player, director) -> None:
    """The night checked everyone in at the desk: the director lets ``player``'s seat
    follow a phone at the door."""
    desk = Client()
    desk.force_login(director)
    desk.post(f"/sessions/{night['id']}/door-release/", {"player": player})


def test_the_seat_page_never_lists_the_player_among_her_opponents(night_of_nine, club, director):
    night, _, big = night_of_nine
    me = big["seats"]["seat5"]
    door = reverse("door", args=[Night.objects.get(pk=night["id"]).door_key])
    _let_a_phone_claim(night, me, director)
    phone = Client()
    phone.post(door, {"player": str(me)})

    page = _text(phone.get(door))

    at = re.search(r'id="door-at">([^<]*)<', page).group(1)
    name = club.players.get(pk=me).name
    assert at.startswith(f"Table {big['table']} · Seat 5 · against ")
    opponents = at.split(" · against ")[1].split(" &amp; ")
    assert name not in opponents and len(opponents) == 4, at
    assert "partner" not in at


def test_the_door_api_lists_four_opponents_at_a_table_of_five(night_of_nine, club, director):
    night, _, big = night_of_nine
    me = big["seats"]["seat1"]
    _let_a_phone_claim(night, me, director)

    key = Night.objects.get(pk=night["id"]).door_key
    phone = Client()
    phone.post(f"/api/v1/door/{key}/check-in/", {"player": me}, content_type="application/json")
    seat = phone.get(f"/api/v1/door/{key}/players/{me}/").json()

    assert seat["partner"] is None
    assert len(seat["opponents"]) == 4 and me not in [p["id"] for p in seat["opponents"]]


def _table_page(director_api, url, big):
    links = director_api.get(f"{url}tables/").json()
    row = next(r for r in links if r["number"] == big["table"])
    return reverse("table-link", args=[row["key"]])


def test_the_table_page_of_a_table_of_five_speaks_no_compass(night_of_nine, director_api):
    _, url, big = night_of_nine
    link = _table_page(director_api, url, big)
    phone = Client()

    page = _text(phone.get(link))
    posted = phone.post(
        link,
        five_seat_hand_form(),
        follow=True,
    )
    after = _text(posted)

    for text in (page, after):
        assert "We are" not in text
        assert "North-South" not in text and "East-West" not in text
        assert "Type one side's counters" not in text
    assert "Pass the phone to the other players to confirm hand 1." in after
    assert "All five passed" in page and "All four passed" not in page


def test_the_table_card_of_a_table_of_five_draws_its_five_seats(night_of_nine, director, settings):
    settings.SITE_URL = "http://testserver/"
    night, _, big = night_of_nine
    round_pk = NightRound.objects.get(night_id=night["id"], number=1).pk
    client = Client()
    client.login(username=director.username, password=PASSWORD)

    card = client.get(reverse("print-table-card", args=[round_pk, big["table"]]))
    body = b"".join(card.streaming_content) if card.streaming else card.content
    text = pdf_text(body)

    for word in COMPASS:  # printed in capitals, as the compass was
        assert word.upper() not in text.upper(), text
    for n in range(1, 6):
        assert f"SEAT {n}" in text.upper(), text
    assert "5 players" in text, text


def test_the_night_page_says_it_seats_tables_of_five_or_six(night_of_nine, director):
    night, _, _ = night_of_nine
    page_url = reverse("night-detail", args=[night["id"]])
    signed_in = Client()
    signed_in.login(username=director.username, password=PASSWORD)

    for viewer in (signed_in, Client()):
        page = _text(viewer.get(page_url))
        assert "Nobody sits out: tables of five or six" in page
        assert "The Original Game for Five" in page


# ---- confirming at a table of six in two partnerships ---------------------------------


def test_a_partner_of_three_cannot_confirm_her_own_sides_hand(club, director):
    six = players_of(club, 6)
    for player in six:
        player.user = UserFactory()
        player.save()
    seats = {f"seat{i}": p for i, p in enumerate(six, start=1)}
    game = game_start(
        ruleset="partnership-for-six", seats=seats, dealer="seat1", created_by=director
    )
    data = {
        "bidder": "seat1",
        "bid": 80,
        "trump": "red",
        "counters": {"seats_135": 90, "seats_246": 30},
    }
    hand = hand_record(game=game, data=data, entered_by=SYSTEM)
    hand.entered_by = six[0].user  # Seat 1
    hand.save()

    with pytest.raises(NotAllowed):
        hand_confirm(hand=hand, by=six[2].user)  # Seat 3, her partner
    assert hand_confirm(hand=hand, by=six[1].user).confirmed  # Seat 2, the other side


def test_the_blank_sheet_of_a_table_of_five_has_a_column_per_seat(
    night_of_nine, director, club, settings
):
    night, _, big = night_of_nine
    round_pk = NightRound.objects.get(night_id=night["id"], number=1).pk
    client = Client()
    client.login(username=director.username, password=PASSWORD)

    sheet = client.get(reverse("print-table-sheet", args=[round_pk, big["table"]]))
    text = pdf_text(b"".join(sheet.streaming_content) if sheet.streaming else sheet.content)

    for word in COMPASS:
        assert word.upper() not in text.upper(), text
    for n in range(1, 6):
        assert f"SEAT {n}" in text.upper(), text
    for pid in big["seats"].values():
        assert club.players.get(pk=pid).name in text, text
    assert "Dealer order (the deal passes left): S1 " in text, text


def test_a_partner_of_three_is_not_listed_among_her_opponents_in_her_history(club, director):
    six = players_of(club, 6)
    seats = {f"seat{i}": p for i, p in enumerate(six, start=1)}
    game = game_start(
        ruleset="partnership-for-six", seats=seats, dealer="seat1", created_by=director
    )
    game = Game.objects.prefetch_related("seats__player").get(pk=game.pk)

    row = history_row(game, six[0])

    assert sorted(p.pk for p in row.opponents) == sorted(p.pk for p in (six[1], six[3], six[5]))


def test_the_page_of_a_table_of_six_marks_each_seat_with_its_partnership(club, director):
    six = players_of(club, 6)
    seats = {f"seat{i}": p for i, p in enumerate(six, start=1)}
    game = game_start(
        ruleset="partnership-for-six", seats=seats, dealer="seat1", created_by=director
    )
    client = Client()
    client.login(username=director.username, password=PASSWORD)

    page = _text(client.get(reverse("game-detail", args=[game.pk])))

    cards = re.findall(r'class="seat-card side-(\w+)[^"]*" data-seat="(\w+)"', page)
    assert dict((seat, side) for side, seat in cards) == {
        "seat1": "seats_135",
        "seat2": "seats_246",
        "seat3": "seats_135",
        "seat4": "seats_246",
        "seat5": "seats_135",
        "seat6": "seats_246",
    }


# ---- a correction's history at a table of five ------------------------------------------


def test_a_corrections_history_at_a_table_of_five_speaks_its_seats(
    night_of_nine, director_api, director
):
    from play.corrections import hand_correct
    from play.models import Hand

    _, url, big = night_of_nine
    link = _table_page(director_api, url, big)
    scorer_phone, other_phone = Client(), Client()
    scorer_phone.post(link, five_seat_hand_form(), follow=True)
    hand = Hand.objects.get()
    other_phone.post(f"{link}hands/{hand.number}/confirm/", {"side": "east_west"})
    hand.refresh_from_db()
    assert hand.confirmed_at is not None
    counters = {"seat1": 60, "seat2": 10, "seat3": 10, "seat4": 10, "seat5": 10}
    hand_correct(
        hand=hand,
        data={"bidder": "seat1", "bid": 40, "trump": "red", "counters": counters},
        by=director,
        reason="Seat 1 miscounted",
    )
    desk = Client()
    desk.force_login(director)

    page = _text(desk.get(reverse("hand-correct", args=[hand.pk])))
    history = page[page.index('id="history"') :]

    for word in ("NS ", "EW ", "North-South", "East-West", "North", "East"):
        assert word not in history, (word, history)
    assert "Seat 1 bid 40 Red" in history
    assert "Seat 1 50, Seat 2 20, Seat 3 10, Seat 4 10, Seat 5 10" in history  # before
    assert "Seat 1 60, Seat 2 10, Seat 3 10, Seat 4 10, Seat 5 10" in history  # after
    assert "via table link (the other players)" in history
