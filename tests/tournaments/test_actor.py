"""Tournament writes name who does them: ``None`` is refused like an anonymous
visitor, and nothing is written; trusted work passes SYSTEM."""

import pytest
from django.contrib.auth.models import AnonymousUser

from rookclub.core.errors import NotAllowed
from rookclub.core.roles import SYSTEM
from tests.factories import players_of
from tests.tournaments.conftest import make_event
from tournaments import match_games, results, services
from tournaments.entries import entry_add
from tournaments.models import AuditEntry, Match, Tournament
from tournaments.rounds import round_pair_next, tournament_start

pytestmark = pytest.mark.django_db

NOBODY = [None, AnonymousUser()]
IDS = ["None", "anonymous"]


@pytest.mark.parametrize("nobody", NOBODY, ids=IDS)
def test_nobody_cannot_create_a_tournament(club, nobody):
    with pytest.raises(NotAllowed, match="Only a director of the club"):
        services.tournament_create(club=club, name="Spring Open", format="swiss", by=nobody)

    assert not Tournament.objects.exists()
    assert not AuditEntry.objects.exists()


def test_the_actor_cannot_be_left_out():
    with pytest.raises(TypeError, match="by"):
        services.tournament_create(club=None, name="Spring Open", format="swiss")


def test_system_creates_a_tournament(club):
    tournament = services.tournament_create(
        club=club, name="Spring Open", format="swiss", by=SYSTEM
    )

    assert tournament.audit.get(what="tournament_created").who is None


@pytest.mark.parametrize("nobody", NOBODY, ids=IDS)
def test_nobody_cannot_register_start_pair_or_enter_results(club, director, nobody):
    waiting = make_event(club, director, "swiss", 4, start=False, rounds=3)
    started = make_event(club, director, "swiss", 4, rounds=3)
    match = Match.objects.filter(tournament=started).first()

    refused = [
        lambda: entry_add(tournament=waiting, players=players_of(club, 2), by=nobody),
        lambda: tournament_start(tournament=waiting, by=nobody),
        lambda: round_pair_next(tournament=started, by=nobody),
        lambda: results.match_result_enter(match=match, games=[[300, 100]], by=nobody),
        lambda: match_games.match_game_start(match=match, by=nobody),
    ]
    for attempt in refused:
        with pytest.raises(NotAllowed):
            attempt()

    assert waiting.entries.count() == 4
    assert not waiting.round_set.exists()
    assert started.round_set.count() == 1
    match.refresh_from_db()
    assert match.status == Match.Status.READY
    assert not match.games.exists()
