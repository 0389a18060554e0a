"""A hand POST costs a fixed, small number of SQL statements, however long the game.

Counted with ``CaptureQueriesContext`` around the whole request (token auth, as the
phones' outbox and bench/hand_entry.py post), in a real transaction
(``transaction=True``), so BEGIN and COMMIT are counted as the server sends them
(Django logs both on SQLite and PostgreSQL). A plain hand of a game with no club
night: token, BEGIN, the game locked with the recorder's role, INSERT
hand, INSERT its players' results, UPDATE only the game's changed columns, COMMIT (7);
a club night's game reads its night afresh after the lock (8); a game that ends looks
up whether it is a tournament's (8). A tournament game's last hand also writes the
match result, and a game that ends is rated: the statements run inside the tournament
receiver's ``match_game_sync`` and inside ``rate_finished_game`` (a fixed number each, the
same at hand 2 and hand 20, within a bound) are told apart by an execute wrapper that
looks at the calls under way, and counted apart.
"""

import inspect
import json

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from play.api.hand_serializers import recorded_out
from play.hands import hand_record
from play.models import Game, Hand
from play.permissions import game_for_recording
from play.services import game_start
from standings.ratings import rate_finished_game
from tests.factories import NightFactory, game_for, players_of, scorer_of
from tests.play.conftest import made_hand
from tests.tournaments.conftest import make_event
from tournaments.match_games import match_game_start
from tournaments.results import match_game_sync

MAX_STATEMENTS = 8
#: Rating a game that has just finished: the club's lock (PostgreSQL), the last rated
#: game, its seats, its players' ratings read, then written, and the changes (6 at most).
MAX_RATING_STATEMENTS = 6
#: A tournament game's end written as its match result, the match decided (20 at most).
MAX_MATCH_STATEMENTS = 20
SEATS = ("north", "east", "south", "west")


def a_game(kind, club, director, hands):
    """A game that ends after ``hands`` hands: a club game, a club night's, a tournament's."""
    if kind == "club":
        return game_for(club, players_of(club, 4), options={"fixed_hands": hands})
    if kind == "night":
        seats = dict(zip(SEATS, players_of(club, 4), strict=True))
        return game_start(
            seats=seats,
            night=NightFactory(club=club),
            options={"fixed_hands": hands},
            created_by=director,
        )
    event = make_event(club, director, "round_robin", 2, options={"round_clock": {"hands": hands}})
    return match_game_start(match=event.matches.get(), by=director)


class Spent:
    """Statements run inside a call of one of ``functions`` (at any depth), counted by
    function name: an execute wrapper (``connection.execute_wrapper``) that looks at the
    calls under way when the database is asked."""

    def __init__(self, *functions):
        self.names = {function.__code__: function.__name__ for function in functions}
        self.counts = dict.fromkeys(self.names.values(), 0)

    def __call__(self, execute, sql, params, many, context):
        frame = inspect.currentframe()
        while frame is not None:
            if frame.f_code in self.names:
                self.counts[self.names[frame.f_code]] += 1
                break
            frame = frame.f_back
        return execute(sql, params, many, context)


def post_and_count(club, game, number, body=None, spent=None):
    """Post hand ``number``: the answer and the SQL of every statement the post sent
    (``spent``, if given, counts those of the rating and the match receiver apart)."""
    scorer = scorer_of(club, username=f"scorer-{game.pk}")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=scorer).key}")
    with (
        CaptureQueriesContext(connection) as queries,
        connection.execute_wrapper(spent or Spent()),
    ):
        response = client.post(
            f"/api/v1/games/{game.pk}/hands/",
            {**(body or made_hand()), "number": number},
            format="json",
        )
    assert response.status_code == 201, response.content
    return response, [q["sql"] for q in queries.captured_queries]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["club", "night", "tournament"])
@pytest.mark.parametrize("at", [2, 20])
@pytest.mark.parametrize("ending", [False, True], ids=["mid-game", "game-ending"])
def test_a_hand_post_takes_at_most_8_statements(kind, at, ending, club, director):
    game = a_game(kind, club, director, at if ending else 30)
    for number in range(1, at):
        hand_record(game=game, data=made_hand(), entered_by=director, number=number)
    spent = Spent(rate_finished_game, match_game_sync)

    response, statements = post_and_count(club, game, at, spent=spent)

    assert (response.json()["status"] == "finished") == ending
    assert statements[1].startswith("BEGIN") and statements[-1] == "COMMIT", statements
    receiver = spent.counts["match_game_sync"]
    apart = 0
    if kind == "tournament" and ending:
        assert receiver > 1  # the match result was written, in the hand's transaction
        apart = receiver  # the tournament's statements, counted apart
    elif kind == "club" and ending:
        assert receiver == 1  # a game with no club night ended: is it a match's?
    else:
        assert receiver == 0  # no match lookup for a hand that ends no game
    # A hand that ends a game also rates it (its own statements, counted apart); a hand
    # that ends nothing costs the ratings nothing.
    rating = spent.counts["rate_finished_game"]
    assert (rating > 0) == ending
    assert rating <= MAX_RATING_STATEMENTS and receiver <= MAX_MATCH_STATEMENTS, spent.counts
    apart += rating
    assert len(statements) - apart <= MAX_STATEMENTS, "\n".join(statements)
    # Not one statement more at hand 20 than at hand 2: nothing replays the game.
    expected = 7 + (kind == "night") + (ending and kind == "club")
    assert len(statements) - apart == expected, "\n".join(statements)
    # The answer is exactly what the score sheet says of that hand afterwards (an object's
    # keys in any order: PostgreSQL's jsonb keeps them in an order of its own).
    sheet = JSONRenderer().render(recorded_out(Hand.objects.get(pk=response.json()["id"])))
    assert response.json() == json.loads(sheet)


@pytest.mark.django_db(transaction=True)
def test_a_hand_with_a_penalty_adds_only_its_insert(club, director):
    game = a_game("club", club, director, 30)
    hand_record(game=game, data=made_hand(), entered_by=director, number=1)
    penalty = made_hand(penalties=[{"seat": "east", "kind": "table_talk"}])

    response, statements = post_and_count(club, game, 2, penalty)

    assert len(statements) == 8, "\n".join(statements)
    assert response.json()["irregularities"][0]["kind"] == "table_talk"
    sheet = JSONRenderer().render(recorded_out(Hand.objects.get(pk=response.json()["id"])))
    assert response.json() == json.loads(sheet)


@pytest.mark.django_db(transaction=True)
def test_the_tournament_receivers_statements_do_not_grow_with_the_game(club, director):
    spent = []
    for hands in (2, 20):
        game = a_game("tournament", club, director, hands)
        for number in range(1, hands):
            hand_record(game=game, data=made_hand(), entered_by=director, number=number)
        spent.append(Spent(rate_finished_game, match_game_sync))
        post_and_count(club, game, hands, spent=spent[-1])
    assert spent[0].counts["match_game_sync"] > 1  # the match result was written
    assert spent[0].counts == spent[1].counts


@pytest.mark.django_db(transaction=True)
def test_a_table_links_hand_post_takes_as_many_statements_at_hand_2_and_hand_20(
    club, director, settings
):
    """The table link's post goes through the same hand_record: finding the link and
    its table's game costs its own reads, never more as the game grows."""

    def set_hand(number):  # each side set in turn: the game never ends
        return made_hand(bid=70, ns=50) if number % 2 else made_hand(bid=70, ns=70, bidder="east")

    from django.core.cache import cache

    from tests.play.test_table_links import game_at, listing, seated_night

    settings.SITE_URL = "https://rook.example.org/"
    cache.clear()
    night = seated_night(club, director, tables=2)
    client = APIClient()
    client.force_authenticate(director)
    rows = listing(client, night)
    counts = []
    for table, at in ((1, 2), (2, 20)):
        game = game_at(night, table)
        for number in range(1, at):
            hand_record(game=game, data=set_hand(number), entered_by=director, number=number)
        with CaptureQueriesContext(connection) as queries:
            response = APIClient().post(
                f"/api/v1/table/{rows[table]['key']}/hands/",
                {**set_hand(at), "number": at},
                format="json",
            )
        assert response.status_code == 201, response.content
        sheet = JSONRenderer().render(recorded_out(Hand.objects.get(pk=response.json()["id"])))
        assert response.json() == json.loads(sheet)
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1]
    cache.clear()


@pytest.mark.django_db
def test_the_locked_game_is_the_game_with_the_recorders_role(club):
    scorer = scorer_of(club)
    game = game_for(club)

    with transaction.atomic():
        locked, role = game_for_recording(game.pk, scorer)

    stored = Game.objects.get(pk=game.pk)
    for field in Game._meta.concrete_fields:
        assert getattr(locked, field.attname) == getattr(stored, field.attname), field.name
    assert role == locked.recorder_role == "scorer"
    for missing in (game.pk + 1000, 2**63):  # past the 64-bit ids: no game, as any other
        with pytest.raises(Game.DoesNotExist), transaction.atomic():
            game_for_recording(missing, scorer)
