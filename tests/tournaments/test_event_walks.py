"""Every format of event walked end to end in a real browser: created on the form,
entries registered, started, each table's hand recorded on a phone through its table
link, every page the director, the tables and the public open checked at 390x844 and
1280x720, the projectors at 1280x720 and 1920x1080, every print read back as text
(tests/tournaments/event_walk.py says how). A new format or option is not finished
until it has its walk here."""

import pytest
from playwright.sync_api import expect

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


def test_a_swiss_walked(walk):
    walk.create("County Swiss", "Swiss", Rounds="2", **ONE_HAND)
    walk.register(pairs(walk.players, 4))
    walk.start()

    assert walk.play(lower_seed_wins) == 4  # two rounds of two tables, the second paired

    texts = walk.finish()
    check_prints(texts, walk.tournament, walk.players[:8])
    assert walk.tournament.status == "finished"
    walk.walker.assert_clean()


def test_a_single_elimination_walked(walk):
    walk.create("Fair Knockout", "Single elimination", **ONE_HAND)
    walk.register(pairs(walk.players, 4))
    walk.start()

    assert walk.play(lower_seed_wins) == 3  # two semi-finals and the final

    texts = walk.finish()
    check_prints(texts, walk.tournament, walk.players[:8])
    assert "Ada" in texts["bracket"]
    assert walk.tournament.status == "finished"
    walk.walker.assert_clean()


def test_a_double_elimination_walked(walk):
    walk.create("Fair Double", "Double elimination", **ONE_HAND)
    walk.register(pairs(walk.players, 4))
    walk.start()

    # Winners' bracket (3), losers' bracket (2), the grand final: no reset needed.
    assert walk.play(lower_seed_wins) == 6

    texts = walk.finish()
    check_prints(texts, walk.tournament, walk.players[:8])
    assert walk.tournament.status == "finished"
    walk.walker.assert_clean()


@pytest.mark.parametrize(
    ("movement", "rounds", "matches"),
    [
        ("Rotation (everyone partners everyone once)", "", 3),
        ("Two tier (four consecutive ranks a table)", "2", 2),
        ("Upper and lower tiers (1st partners the first of the lower half)", "2", 4),
    ],
    ids=["rotation", "two_tier", "tiers"],
)
def test_an_individual_event_walked(walk, movement, rounds, matches):
    players = 4 if matches < 4 else 8
    fields = {"Individual: movement": movement, **ONE_HAND}
    if rounds:
        fields["Rounds"] = rounds
    walk.create("Invitational", "Individual (rotating partners)", **fields)
    walk.register([[name] for name in walk.players[:players]])
    walk.start()

    assert walk.play(entry_a_wins) == matches

    texts = walk.finish()
    check_prints(texts, walk.tournament, walk.players[:players])
    assert walk.tournament.status == "finished"
    walk.walker.assert_clean()


def test_drawn_partners_walked(walk):
    """The county sheet: players sign up alone (an entry fee each), two are pinned
    together, partners are drawn at the start and play a knockout."""
    walk.create(
        "County Draw",
        "Single elimination",
        Partners="Drawn by lot at the start: players sign up alone",
        **{"Entry fee": "10", **ONE_HAND},
    )
    expect(walk.desk.locator("#entry-fee-due")).to_contain_text("Each player pays")
    walk.register([[name] for name in walk.players[:8]])
    walk.pin(walk.players[0], walk.players[5])
    walk.start()
    expect(walk.desk.locator("#partners-card")).to_contain_text("Drawn by lot")
    expect(walk.desk.locator("#partners-card")).to_contain_text(
        f"{walk.players[0]} & {walk.players[5]}"
    )

    assert walk.play(lower_seed_wins) == 3

    texts = walk.finish()
    check_prints(texts, walk.tournament, walk.players[:8])
    assert walk.tournament.status == "finished"
    walk.walker.assert_clean()


#: Three teams beat each other in a cycle: all three tie on match points.
CYCLE = {(1, 2), (2, 3), (3, 1)}


def test_a_playoff_walked(walk):
    """The beach-house sheet: a round robin by won-lost; the three teams tied play it
    off (a card draw for the bye, a game, then the final) to a short target."""
    walk.create(
        "Beach House",
        "Round robin",
        **{"#id_tie_breakers": "Match points (MP)", "Playoff game to": "50", **ONE_HAND},
    )
    walk.register(pairs(walk.players, 3))
    walk.start()
    assert walk.play(lambda m: (m.entry_a.seed, m.entry_b.seed) in CYCLE) == 3

    walk.play_off()
    assert walk.play(entry_a_wins) == 2  # the game for the bye's opponent, the final

    texts = walk.finish()
    check_prints(texts, walk.tournament, walk.players[:6])
    assert texts["standings"].count("by playoff") == 3, texts["standings"][:800]
    walk.public.goto(f"/tournaments/{walk.pk}/standings/")
    expect(walk.public.locator(".playoff")).to_have_count(0)
    assert walk.tournament.status == "finished"
    walk.walker.assert_clean()
