"""The night page's check-in list and table cards are written in Python
(play/views/night_tables.py): a player's name is always escaped there,
and the cards keep the markup the template wrote."""

import datetime

import pytest

from play import checkins, night_opening, night_seating
from tests.factories import ClubFactory, PlayerFactory, director_of, players_of

pytestmark = pytest.mark.django_db
NAME = '<b>Bo</b> & "Co"'


def seated_night():
    club = ClubFactory()
    director = director_of(club)
    odd = PlayerFactory(club=club, name=NAME)
    players = [odd, *players_of(club, 7)]
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    return night, director


def test_a_players_name_is_escaped_in_the_check_in_list_and_on_the_cards(client):
    night, director = seated_night()
    client.force_login(director)
    page = client.get(f"/sessions/{night.pk}/").content.decode()
    assert "<b>Bo</b>" not in page
    escaped = "&lt;b&gt;Bo&lt;/b&gt; &amp; &quot;Co&quot;"
    assert page.count(escaped) >= 2  # the check-in list and the table's card
    assert f'<input type="checkbox" checked disabled> {escaped} <span class="checked-in">' in page


def test_each_card_has_its_progress_links_and_forms(client):
    night, director = seated_night()
    client.force_login(director)
    page = client.get(f"/sessions/{night.pk}/").content.decode()
    for number in (1, 2):
        assert f'<h3 id="table-{number}">Table {number}' in page
        assert f'id="progress-{number}"><span class="hands">0 hands</span>' in page
        assert f"Score table {number}</a>" in page
        assert f"Replace table {number}'s link</button>" in page
        assert f"blank sheet, table {number}</a>" in page
    # Every form on the cards carries its CSRF token.
    cards = page[page.index('<div class="tables">') : page.index("</section>")]
    assert cards.count('<form method="post"') == cards.count('name="csrfmiddlewaretoken"') > 0


def test_a_visitor_sees_the_cards_without_forms(client):
    night, _ = seated_night()
    page = client.get(f"/sessions/{night.pk}/").content.decode()
    assert page.count('class="card table-card"') == 2
    assert "Replace table" not in page and "csrfmiddlewaretoken" not in page
