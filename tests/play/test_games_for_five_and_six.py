"""Every game for five and six end to end: started through
``POST /api/v1/games/`` with ``seats`` by seat name, recorded on the score sheet and
card by card, confirmed, corrected, printed, and counted in standings and ratings."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from play.models import Game, HandResult
from scoring.engine import PRESETS, check_card_hand, simulate_hand
from tests.factories import PASSWORD, players_of
from tests.print.conftest import pdf_text

pytestmark = pytest.mark.django_db

FIVE = ("seat1", "seat2", "seat3", "seat4", "seat5")
SIX = (*FIVE, "seat6")

#: slug -> (seats, a score-sheet hand seat1 declares and makes, the same hand corrected)
GAMES = {
    # "The Game for 5 or 6 Individual Players ... Total points for each hand are 100."
    "five-player": (
        FIVE,
        {
            "bidder": "seat1",
            "bid": 40,
            "trump": "red",
            "counters": {"seat1": 50, "seat2": 20, "seat3": 10, "seat4": 10, "seat5": 10},
        },
        {"seat1": 60, "seat2": 10, "seat3": 10, "seat4": 10, "seat5": 10},
    ),
    "six-player": (
        SIX,
        {
            "bidder": "seat1",
            "bid": 40,
            "trump": "red",
            "counters": {
                "seat1": 50,
                "seat2": 10,
                "seat3": 10,
                "seat4": 10,
                "seat5": 10,
                "seat6": 10,
            },
        },
        {"seat1": 60, "seat2": 10, "seat3": 10, "seat4": 10, "seat5": 0, "seat6": 10},
    ),
    # High Card Partner: "the holder of the card called becomes the declarer's partner".
    "high-card-partner": (
        FIVE,
        {
            "bidder": "seat1",
            "partner": "seat3",
            "bid": 70,
            "trump": "red",
            "counters": {"declarers": 80, "defenders": 40},
            "tricks": {"declarers": 4, "defenders": 3},
        },
        {"declarers": 90, "defenders": 30},
    ),
    "call-your-partner": (
        FIVE,
        {
            "bidder": "seat1",
            "partner": "seat3",
            "bid": 70,
            "trump": "red",
            "counters": {"declarers": 80, "defenders": 40},
        },
        {"declarers": 90, "defenders": 30},
    ),
    # Partnerships of three, partners never side by side (seed 000).
    "partnership-for-six": (
        SIX,
        {
            "bidder": "seat1",
            "bid": 80,
            "trump": "red",
            "counters": {"seats_135": 90, "seats_246": 30},
        },
        {"seats_135": 100, "seats_246": 20},
    ),
    "dixie-6": (
        SIX,
        {
            "bidder": "seat1",
            "bid": 70,
            "trump": "red",
            "counters": {"seats_135": 70, "seats_246": 30},
            "tricks": {"seats_135": 6, "seats_246": 4},
        },
        {"seats_135": 80, "seats_246": 20},
    ),
}


@pytest.fixture
def six(club):
    return players_of(club, 6)


def start(api, slug, seats, players, **extra):
    body = {
        "ruleset": slug,
        "seats": {s: p.pk for s, p in zip(seats, players, strict=False)},
        **extra,
    }
    return api.post("/api/v1/games/", body, format="json")


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_game_for_five_or_six_is_started_recorded_confirmed_and_corrected(
    slug, api, director_api, six
):
    seats, hand, corrected = GAMES[slug]
    created = start(api, slug, seats, six)
    assert created.status_code == 201, created.json()
    game = created.json()
    assert game["seats"] == {s: p.pk for s, p in zip(seats, six, strict=False)}
    url = f"/api/v1/games/{game['id']}/hands/"

    recorded = api.post(url, {"number": 1, **hand}, format="json")
    assert recorded.status_code == 201, recorded.json()
    assert recorded.json()["made"] is True
    seat1, seat3 = six[0], six[2]
    # A called partner scores what the declarer scores in that hand; partners of three
    # all score their side's points.
    if slug in ("high-card-partner", "call-your-partner", "partnership-for-six", "dixie-6"):
        scores = recorded.json()["player_scores"]
        assert scores[str(seat1.pk)] == scores[str(seat3.pk)] > 0
    hand_id = recorded.json()["id"]

    confirmed = director_api.post(f"/api/v1/hands/{hand_id}/confirm/")
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["confirmed"] is True

    fixed = director_api.post(
        f"/api/v1/hands/{hand_id}/correct/",
        {"hand": {**hand, "counters": corrected}, "reason": "counted again"},
        format="json",
    )
    assert fixed.status_code == 200, fixed.json()
    assert fixed.json()["corrected"] is True
    assert fixed.json()["record"]["counters"] == corrected
    rows = HandResult.objects.filter(hand_id=hand_id)
    assert rows.count() == len(seats)
    assert {r.player_id: r.points for r in rows} == {
        int(pid): pts for pid, pts in fixed.json()["player_scores"].items()
    }


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_game_for_five_or_six_takes_a_hand_card_by_card(slug, api, six):
    rules = PRESETS[slug]
    created = start(api, slug, rules.player_seats, six)
    card_hand = simulate_hand(rules, 7, dealer="seat1")
    derived = check_card_hand(rules, card_hand, dealer="seat1").record

    answer = api.post(
        f"/api/v1/games/{created.json()['id']}/hands/",
        {"number": 1, "card_hand": card_hand.to_dict()},
        format="json",
    )

    assert answer.status_code == 201, answer.json()
    assert answer.json()["record"] == derived.to_dict()
    assert answer.json()["card_hand"] == card_hand.to_dict()


def test_a_seat_the_ruleset_lacks_is_refused_with_the_seats_named(api, six):
    answer = start(api, "six-player", FIVE, six)

    assert answer.status_code == 400
    assert "seat6" in answer.json()["seats"][0]
    assert not Game.objects.exists()


def play_to_the_end(api, game_id, hand):
    url = f"/api/v1/games/{game_id}/hands/"
    for number in range(1, 40):
        answer = api.post(url, {"number": number, **hand}, format="json")
        assert answer.status_code == 201, answer.json()
        if answer.json()["status"] == "finished":
            return answer.json()
    raise AssertionError("the game did not finish")


def test_a_finished_dixie_for_six_counts_in_standings_and_ratings_as_partnerships_of_three(
    api, director_api, six, club
):
    seats, hand, _ = GAMES["dixie-6"]
    night = director_api.post(
        "/api/v1/sessions/", {"club": club.pk, "date": str(timezone.localdate())}, format="json"
    )
    assert night.status_code == 201, night.json()
    game = start(api, "dixie-6", seats, six, session=night.json()["id"]).json()

    last = play_to_the_end(api, game["id"], hand)

    winners = {six[0].pk, six[2].pk, six[4].pk}
    assert set(last["winners"]) == winners and last["winner"] == "seats_135"
    standings = api.get(f"/api/v1/clubs/{club.pk}/standings/").json()
    won = {row["players"][0]: row["won"] for row in standings["players"]}
    assert won == {p.pk: (1 if p.pk in winners else 0) for p in six}
    rating = {row["players"][0]: row["rating"] for row in standings["players"]}
    assert len({rating[p] for p in winners}) == 1  # a team of three moves together
    assert min(rating[p] for p in winners) > max(rating[p.pk] for p in six if p.pk not in winners)


def test_a_called_partner_counts_with_the_declarer_for_that_hand(api, six, club):
    """High Card Partner: the holder of the called card is the declarer's partner for the
    hand; the player's figures count that hand as declaring side, not as defending."""
    seats, hand, _ = GAMES["high-card-partner"]
    game = start(api, "high-card-partner", seats, six[:5]).json()
    api.post(f"/api/v1/games/{game['id']}/hands/", {"number": 1, **hand}, format="json")

    partner = api.get(f"/api/v1/players/{six[2].pk}/stats/").json()
    defender = api.get(f"/api/v1/players/{six[1].pk}/stats/").json()

    assert partner["points"] == 100  # the declarers' 80 and 20 for most tricks
    assert defender["points"] == 40
    assert partner["hands_defended"] == 0
    assert defender["hands_defended"] == 1


@pytest.mark.parametrize("slug", ["five-player", "partnership-for-six", "high-card-partner"])
def test_a_game_for_five_or_six_prints_and_shows_on_its_page(slug, api, six, director):
    seats, hand, _ = GAMES[slug]
    game = start(api, slug, seats, six).json()
    api.post(f"/api/v1/games/{game['id']}/hands/", {"number": 1, **hand}, format="json")
    client = Client()
    client.login(username=director.username, password=PASSWORD)

    page = client.get(reverse("game-detail", args=[game["id"]]))
    pdf = client.get(reverse("print-game-sheet", args=[game["id"]]))

    assert page.status_code == 200
    text = page.content.decode()
    for player in six[: len(seats)]:
        assert player.name in text
    assert pdf.status_code == 200
    printed = pdf_text(b"".join(pdf.streaming_content) if pdf.streaming else pdf.content)
    assert six[len(seats) - 1].name in printed


def test_the_game_page_records_a_high_card_partner_hand_with_its_partner_and_tricks(six, director):
    seats = GAMES["high-card-partner"][0]
    api = APIClient()
    api.force_authenticate(director)
    game = start(api, "high-card-partner", seats, six).json()
    client = Client()
    client.login(username=director.username, password=PASSWORD)
    url = reverse("game-detail", args=[game["id"]])
    form = client.get(url).content.decode()
    assert 'name="partner"' in form and 'name="tricks_declarers"' in form

    answer = client.post(
        url,
        {
            "kind": "hand",
            "number": "1",
            "bidder": "seat1",
            "bid": "70",
            "trump": "red",
            "partner": "seat3",
            "counters_declarers": "80",
            "counters_defenders": "40",
            "tricks_declarers": "4",
            "tricks_defenders": "3",
        },
    )

    assert answer.status_code in (200, 302, 303), answer.content[:2000]
    stored = Game.objects.get(pk=game["id"]).hands.get()
    assert stored.record["partner"] == "seat3"
    assert stored.record["tricks"] == {"declarers": 4, "defenders": 3}
