"""A club exported, the instance emptied, the file imported: every standing, every
night's standings, every tournament's standings and every game's sheet are the same."""

import json

import pytest
from django.core.management import call_command
from django.core.serializers.json import DjangoJSONEncoder

from rookclub.clubs.export import club_export
from rookclub.clubs.export_import import club_import
from rookclub.clubs.models import Club
from tests.export.club_data import build_club, standings_of

pytestmark = pytest.mark.django_db


def _file(club: Club) -> dict:
    """The export as a director downloads it: through JSON text and back."""
    return json.loads(json.dumps(club_export(club=club).document(), cls=DjangoJSONEncoder))


def test_a_club_comes_back_from_its_export_with_every_standing_the_same():
    club = build_club()
    before = standings_of(club)
    document = _file(club)
    assert before["games"] and before["tournaments"] and len(before["nights"]) == 3

    call_command("flush", interactive=False, verbosity=0)  # an empty instance
    assert not Club.objects.exists()
    imported = club_import(document=document)

    assert standings_of(imported) == before
    again = _file(imported)
    assert {t: len(rows) for t, rows in again["tables"].items()} == {
        t: len(rows) for t, rows in document["tables"].items()
    }
