"""Games for two and three players through the API and the game page:
started at the ruleset's own seats (``seat1`` … ``seat3``; the game for two's dummy is
nobody's seat), hands recorded under their ``number``, each player's totals and the
winner by player."""

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db


def seats_of(players, names=("seat1", "seat2", "seat3")):
    return {seat: p.pk for seat, p in zip(names, players, strict=False)}


def start(api, ruleset, seats, **extra):
    return api.post("/api/v1/games/", {"ruleset": ruleset, "seats": seats, **extra}, format="json")


def bidder_hand(number, bidder, bid, declarers, defenders, trump="red", **extra):
    """A score-sheet hand of the 2011 games: the bidder's side against everyone else."""
    counters = {"declarers": declarers, "defenders": defenders}
    return {
        "number": number,
        "bidder": bidder,
        "bid": bid,
        "trump": trump,
        "counters": counters,
        **extra,
    }


def test_a_2011_game_for_three_is_played_to_200_through_the_api(api, players):
    """Seed 001, "The Game for 3 Individual Players": "Object: 200 points wins the game."
    "the person who wins the bid plays against the other two players, who automatically
    become partners. These two players' scores are combined at the end of the hand"; and
    "The minimum bid is 50 points" ... "The score could be as low as 70 or as high as 100"
    (three cards are out of play). Partnership scoring: a side that makes its bid scores
    what it took; a set side is "deducted" the full bid and the opponents score theirs.

    seat2 bids 60 and takes 75 of 95 twice (+75 each), then seat3 bids 70 and takes 80
    of 95 (+80); seat1 is on the defence every hand (20 + 20 + 15 = 55), seat2 defends
    the third (150 + 15 = 165), seat3 defends the first two (20 + 20 + 80 = 120).
    Hand four: seat2 bids 50, takes 60 of 95: 165 + 60 = 225, past 200: seat2 wins alone."""
    one, two, three = players[:3]
    created = start(api, "three-player-2011", seats_of(players))
    assert created.status_code == 201, created.json()
    game = created.json()
    assert game["seats"] == seats_of(players)
    assert game["dealer"] == "seat1" and game["next_number"] == 1
    url = f"/api/v1/games/{game['id']}/hands/"

    hands = [
        bidder_hand(1, "seat2", 60, 75, 20),
        bidder_hand(2, "seat2", 60, 75, 20),
        bidder_hand(3, "seat3", 70, 80, 15),
    ]
    for hand in hands:
        answer = api.post(url, hand, format="json")
        assert answer.status_code == 201, answer.json()
        assert answer.json()["status"] == "in_progress" and answer.json()["winners"] == []
    totals = {str(one.pk): 55, str(two.pk): 165, str(three.pk): 120}
    assert answer.json()["player_totals"] == totals
    assert answer.json()["player_scores"] == {str(one.pk): 15, str(two.pk): 15, str(three.pk): 80}

    last = api.post(url, bidder_hand(4, "seat2", 50, 60, 35), format="json")

    assert last.status_code == 201, last.json()
    assert last.json()["status"] == "finished"
    assert last.json()["winners"] == [two.pk]
    assert last.json()["winner"] is None  # no fixed partnership wins a game for three
    sheet = api.get(f"/api/v1/games/{game['id']}/").json()
    assert sheet["player_totals"] == {str(one.pk): 90, str(two.pk): 225, str(three.pk): 155}
    assert sheet["winners"] == [two.pk]
    assert [h["bidder"] for h in sheet["hands"]] == ["seat2", "seat2", "seat3", "seat2"]
    assert [h["dealer"] for h in sheet["hands"]] == ["seat1", "seat2", "seat3", "seat1"]
    refused = api.post(url, bidder_hand(5, "seat1", 50, 60, 35), format="json")
    assert refused.status_code == 409


def test_a_set_bidder_in_the_game_for_three_is_set_back_the_bid(api, players):
    """Seed 001 (Partnership Game, which the game for three scores by): "The full 95
    points are deducted from their score ... they do not score the 75 points they
    captured. Their opponents, who captured the remaining Counters, score 45 points."
    Here seat1 bids 80 and takes 60 of 95: seat1 -80, seat2 and seat3 +35 each."""
    one, two, three = players[:3]
    game = start(api, "three-player-2011", seats_of(players)).json()

    answer = api.post(
        f"/api/v1/games/{game['id']}/hands/", bidder_hand(1, "seat1", 80, 60, 35), format="json"
    )

    assert answer.status_code == 201, answer.json()
    assert answer.json()["made"] is False
    assert answer.json()["player_totals"] == {str(one.pk): -80, str(two.pk): 35, str(three.pk): 35}


def test_a_2011_game_for_two_starts_without_a_player_for_the_dummy(api, players):
    """Seed 001, "The Game for 2 Players": "deal out 12 cards into three piles — one for
    your opponent, one for you, and a dummy hand"; "the Counters scored by the bidder are
    compared to the Counters scored by the other player and the dummy hand combined"."""
    one, two = players[:2]
    created = start(api, "two-player-2011", seats_of(players[:2]), dealer="seat2")
    assert created.status_code == 201, created.json()
    game = created.json()
    assert game["seats"] == {"seat1": one.pk, "seat2": two.pk} and game["dealer"] == "seat2"

    answer = api.post(
        f"/api/v1/games/{game['id']}/hands/", bidder_hand(1, "seat1", 70, 85, 10), format="json"
    )

    assert answer.status_code == 201, answer.json()
    assert answer.json()["player_totals"] == {str(one.pk): 85, str(two.pk): 10}


@pytest.mark.parametrize(
    ("ruleset", "seats", "field"),
    [
        ("three-player-2011", ("seat1", "seat2"), "seats"),  # a player short
        ("two-player-2011", ("north", "east"), "seats"),  # the compass at a table for two
        ("tournament", ("seat1", "seat2", "seat3"), "seats"),  # numbered seats for four
        ("call-your-partner", ("seat1", "seat2", "seat3"), "seats"),  # two players short of five
    ],
)
def test_a_game_at_the_wrong_seats_is_refused_and_nothing_is_stored(
    api, players, ruleset, seats, field
):
    from play.models import Game

    answer = start(api, ruleset, seats_of(players, seats))

    assert answer.status_code == 400, answer.json()
    assert field in answer.json()
    assert not Game.objects.exists()


def test_a_dealer_outside_the_games_seats_is_refused(api, players):
    answer = start(api, "three-player-2011", seats_of(players), dealer="north")

    assert answer.status_code == 400
    assert "seat1" in " ".join(answer.json()["dealer"])


def test_the_game_page_of_a_game_for_three_shows_each_players_total(api, players, scorer):
    """The page reads per-player columns (the game is scored by player) and the
    numbered seats, and still offers Declarer and Bid (the game has an auction)."""
    game = start(api, "three-player-2011", seats_of(players)).json()
    url = f"/api/v1/games/{game['id']}/hands/"
    api.post(url, bidder_hand(1, "seat2", 60, 75, 20), format="json")
    client = Client()
    client.force_login(scorer)

    page = client.get(f"/games/{game['id']}/")

    assert page.status_code == 200
    html = page.content.decode()
    for player in players[:3]:
        assert player.name in html
    assert "Seat 1" in html and "Seat 3" in html
    assert "<legend>Declarer</legend>" in html and 'name="bid"' in html
    assert "North" not in html


def test_the_hand_body_documents_low_and_circus(tmp_path):
    """Seed 004's house rules: the declarer may call "low card" or "circus Rook"."""
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    hand_in = out.read_text().split("    PlayedHandIn:")[1].split("\n    Player")[0]
    for field in ("low:", "circus:", "low card", "circus Rook"):
        assert field in hand_in, field


def test_a_low_call_is_recorded_only_under_the_low_card_option(api, players):
    """The encyclopedia article (docs/rules.md §14): low card is a house option; a ruleset
    without it refuses the call (400, nothing stored); with it the hand keeps the call."""
    from tests.play.conftest import made_hand

    four = {s: p.pk for s, p in zip(("north", "east", "south", "west"), players, strict=True)}
    plain = start(api, "tournament", four).json()
    refused = api.post(
        f"/api/v1/games/{plain['id']}/hands/",
        {**made_hand(low=True), "number": 1},
        format="json",
    )
    assert refused.status_code == 400, refused.json()
    assert "low" in refused.json()
    assert api.get(f"/api/v1/games/{plain['id']}/").json()["hands"] == []

    low = start(api, "tournament", four, options={"low_card": True, "circus": True}).json()
    answer = api.post(
        f"/api/v1/games/{low['id']}/hands/",
        {**made_hand(low=True, circus=True), "number": 1},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["record"]["low"] is True and answer.json()["record"]["circus"] is True


def test_a_game_for_three_prints_and_shows_on_the_players_page(api, players, scorer):
    """The printed score sheet has a column per player and names the winner; the
    player's page lists the game with no partner and both others as opponents."""
    from play.models import Game
    from play.print_docs import game_sheet_doc

    one, two, three = players[:3]
    game = start(api, "three-player-2011", seats_of(players)).json()
    url = f"/api/v1/games/{game['id']}/hands/"
    for number in range(1, 4):  # seat2 bids 60 and takes 75 of 95: 225 after three
        answer = api.post(url, bidder_hand(number, "seat2", 60, 75, 20), format="json")
        assert answer.status_code == 201, answer.json()

    doc = game_sheet_doc(Game.objects.get(pk=game["id"]))

    assert doc.players == (one.name, two.name, three.name)
    assert doc.player_totals == (60, 225, 60)
    assert doc.winner == two.name
    assert [p.seat for p in doc.header.players] == ["seat1", "seat2", "seat3"]
    client = Client()
    client.force_login(scorer)
    page = client.get(f"/players/{two.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert one.name in html and three.name in html
