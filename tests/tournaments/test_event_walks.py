"""Every format of event walked end to end in a real browser: created on the form,
entries registered, started, each table's hand recorded on a phone through its table
link, every page the director, the tables and the public open checked at 390x844 and
1280x720, the projectors at 1280x720 and 1920x1080, every print read back as text
(tests/tournaments/event_walk.py says how). A new format or option is not finished
until it has its walk here."""

import pytest

from tests.tournaments.event_walk import close_walk, open_walk
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ONE_HAND = {"Round clock: hands": "1"}


@pytest.fixture
def walk(browser, live_server, settings):
    settings.SITE_URL = f"{live_server.url}/"  # the table cards' QR codes open the tables
    walk = open_walk(browser, live_server)
    yield walk
    close_walk(walk)


def pairs(names, count):
    return [names[2 * i : 2 * i + 2] for i in range(count)]


def entry_a_wins(match: Match) -> bool:
    return True


def lower_seed_wins(match: Match) -> bool:
    return (match.entry_a.seed or 99) <= (match.entry_b.seed or 99)


def check_prints(texts, tournament, names):
    for name, text in texts.items():
        assert tournament.name in text or any(n in text for n in names), (name, text[:300])
    assert all(n.split()[0] in texts["standings"] for n in names), texts["standings"][:500]


def test_a_round_robin_walked(walk):
    walk.create("Spring Robin", "Round robin", **ONE_HAND)
    walk.register(pairs(walk.players, 4))
    walk.start()

    assert walk.play(entry_a_wins) == 6  # four teams: three rounds of two tables

    texts = walk.finish()
    check_prints(texts, walk.tournament, walk.players[:8])
    assert walk.tournament.status == "finished"
    walk.walker.assert_clean()
