"""Usernames never appear on public pages or CSVs: a username is half a
login. Every public page and file of the permission matrix (and the API's public
operations) is rendered for an anonymous visitor after the club's people have
entered, confirmed and voided things, and none of the club's usernames may show.
The usernames are chosen to differ from the display names, so a page that falls
back to the username is caught."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from play.confirmations import hand_confirm
from play.models import Game, Hand, Night
from play.night_closing import night_close
from play.voiding import game_void
from tests.security.test_permission_matrix import API, PAGES, _url, world  # noqa: F401

#: Logins that no page should ever print; the director has a full name, the others none.
LOGINS = {"director": "dana_login_77", "scorer": "sam_login_77", "member": "mo_login_77"}


def _public_gets() -> list[tuple[str, object]]:
    pages = [
        ("/" + route, rule)
        for (method, route), rule in PAGES.items()
        if method == "GET" and rule.level == "public"
    ]
    api = [
        (path, rule)
        for (method, path), rule in API.items()
        if method == "GET" and rule.level == "public"
    ]
    return pages + api


@pytest.fixture
def named_world(world, db):  # noqa: F811 (the matrix's module world)
    users = get_user_model().objects
    for actor, login in LOGINS.items():
        users.filter(pk=world.users[actor].pk).update(username=login)
    users.filter(pk=world.users["director"].pk).update(first_name="Dana", last_name="Reed")
    director = users.get(pk=world.users["director"].pk)
    # Something of each kind a page names a person for: entered (by the scorer, who has
    # no full name), confirmed, voided, and the night's closing in its history.
    hand_confirm(hand=Hand.objects.get(pk=world.hand), by=director)
    other = Game.objects.filter(night_id=world.night).exclude(pk=world.game).first()
    if other is not None:
        game_void(game=other, by=director, reason="wrong players")
    night_close(night=Night.objects.get(pk=world.night), by=director)
    return world


def test_no_public_page_csv_or_api_answer_shows_a_username(named_world):
    client, shown, seen = Client(), [], 0
    for template, rule in _public_gets():
        url = _url(named_world, template, rule)
        response = client.get(url)
        if response.status_code != 200:
            continue
        seen += 1
        text = (
            b"".join(response).decode(errors="replace")
            if response.streaming
            else (response.content.decode(errors="replace"))
        )
        shown += [f"{url}: {login}" for login in LOGINS.values() if login in text]

    assert seen >= 15, f"only {seen} public pages answered: the test checks too little"
    assert not shown, "\n".join(shown)


def test_the_game_page_names_people_by_their_display_name(named_world):
    page = Client().get(f"/games/{named_world.game}/").content.decode()

    assert "Dana Reed" in page  # the confirmer, by full name
    assert "a club member" in page  # the scorer who entered it has no full name
    assert "sam_login_77" not in page


def test_the_hands_csv_names_the_confirmer_not_their_login(named_world):
    csv = Client().get(f"/sessions/{named_world.night}/hands.csv").content.decode()

    assert "Dana Reed" in csv
    assert "dana_login_77" not in csv
