"""A club exported, the instance emptied, the file imported: every standing, every
night's standings, every tournament's standings and every game's sheet are the same."""

import json

import pytest
from django.core.management import call_command
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection

from play.models import Game, Hand, TableLink
from rookclub.clubs.export import club_export
from rookclub.clubs.export_import import club_import
from rookclub.clubs.models import Club, Player
from tests.export.club_data import build_club, standings_of
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def _file(club: Club) -> dict:
    """The export as a director downloads it: through JSON text and back."""
    return json.loads(json.dumps(club_export(club=club).document(), cls=DjangoJSONEncoder))


def _counts(document: dict) -> dict[str, int]:
    return {table: len(rows) for table, rows in document["tables"].items()}


def empty_the_instance() -> None:
    # PostgreSQL truncates no table with foreign-key checks pending in the test's
    # transaction: run them first.
    connection.check_constraints()
    call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def two_clubs():
    """Another club first, so the exported club's rows do not start at id 1: an import
    into an empty instance gives them other ids, which the references must follow."""
    other = build_club(name="Oak Hill", nights=1)
    return other, build_club(name="Maple Street")


def test_a_club_comes_back_from_its_export_with_every_standing_the_same(two_clubs):
    _, club = two_clubs
    before = standings_of(club)
    document = _file(club)
    old_keys = set(TableLink.objects.values_list("key", flat=True))
    assert len(before["nights"]) == 3 and len(before["tournaments"]) == 2
    assert len(before["games"]) == 6

    empty_the_instance()
    assert not Club.objects.exists()
    imported = club_import(document=document)

    first_player = min(row["id"] for row in document["tables"]["players"])
    assert Player.objects.order_by("pk").first().pk != first_player  # the ids did move
    assert standings_of(imported) == before
    assert _counts(_file(imported)) == _counts(document)
    # A tournament table's link follows its round (its scope is the round's id), with
    # a new key: the old keys were never in the file.
    links = TableLink.objects.filter(club=imported, kind="tournament")
    assert links.count() == 2
    assert {Round.objects.get(pk=link.scope).tournament.club_id for link in links} == {imported.pk}
    assert not {link.key for link in links} & old_keys


def test_a_club_imported_beside_others_under_a_new_slug_reads_the_same(two_clubs):
    other, club = two_clubs
    document = _file(club)
    games_before = Game.objects.count()

    imported = club_import(document=document, slug="maple-street-copy")

    assert imported.pk != club.pk and imported.slug == "maple-street-copy"
    assert standings_of(imported) == standings_of(club)
    assert Game.objects.count() == games_before + len(document["tables"]["games"])
    # Nothing of the other clubs leaked into the file, or into the copy.
    assert not Hand.objects.filter(game__club=imported, declarer__club=other).exists()
    assert {p["club"] for p in document["tables"]["players"]} == {club.pk}
