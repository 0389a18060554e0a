"""The night's projector shows the door link and its QR code to the directors and
scorers driving it (the door link "shown on the night's projector view"),
never to a visitor of the public page, and not once the night is closed."""

import pytest

from play.door import door_key
from play.night_closing import night_close
from tests.play.test_nights import open_night

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, director):
    return open_night(club, director, 8)


def _projector(client, night) -> str:
    answer = client.get(f"/sessions/{night.pk}/standings/projector/")
    assert answer.status_code == 200
    return answer.content.decode()


def test_the_directors_projector_shows_the_door_link_and_its_qr_code(client, night, director):
    client.force_login(director)
    page = _projector(client, night)
    assert 'class="projector-door"' in page
    night.refresh_from_db()
    assert f"/n/{door_key(night)}/" in page
    assert "<svg" in page


def test_a_visitor_of_the_projector_page_is_not_given_the_door_link(client, night):
    page = _projector(client, night)
    assert "projector-door" not in page
    assert "/n/" not in page


def test_a_closed_nights_projector_shows_no_door(client, night, director):
    night_close(night=night, by=director)
    client.force_login(director)
    assert "projector-door" not in _projector(client, night)
