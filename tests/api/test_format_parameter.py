"""``?format=`` names an answer's format. A value the operation does not answer in,
the empty one included, is refused with a 400 naming the field and the code
``unknown_format``, as the schema's enum says (an empty value read as "no format" was
answered as JSON)."""

import pytest
from rest_framework.test import APIClient

from tests.factories import game_for

pytestmark = pytest.mark.django_db


def _paths(club, game) -> dict[str, list[str]]:
    """An operation of each kind that takes ``?format=``, with its formats."""
    return {
        f"/api/v1/clubs/{club.pk}/standings/": ["json", "csv"],
        f"/api/v1/clubs/{club.pk}/players/": ["json", "csv"],
        f"/api/v1/print/games/{game.pk}/sheet/": ["json", "pdf"],
        f"/api/v1/clubs/{club.pk}/export/": ["json", "zip"],
    }


@pytest.fixture
def client(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


@pytest.mark.parametrize("value", ["", "xml", "CSV"])
def test_an_empty_or_unknown_format_is_refused_naming_the_field(client, club, value):
    game = game_for(club)
    for path in _paths(club, game):
        answer = client.get(path, {"format": value})

        assert answer.status_code == 400, (path, answer.content[:200])
        body = answer.json()
        assert body["code"] == "unknown_format", (path, body)
        assert body["format"] == [body["format"][0]] and "Unknown format" in body["format"][0]


def test_every_format_the_schema_lists_is_answered(client, club):
    game = game_for(club)
    for path, formats in _paths(club, game).items():
        for value in formats:
            answer = client.get(path, {"format": value})
            assert answer.status_code == 200, (path, value, answer.content[:200])


def test_an_operation_without_formats_refuses_one_too(client, club):
    answer = client.get(f"/api/v1/clubs/{club.pk}/", {"format": ""})

    assert answer.status_code == 400
    assert answer.json()["code"] == "unknown_format"
