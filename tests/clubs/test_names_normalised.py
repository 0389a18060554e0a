"""Names are one form of themselves: Unicode NFC, no zero-width or bidirectional-control
characters, before storage; and a name written another way (full-width letters, case)
is the same player."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from play.door_checkin import door_check_in
from rookclub.clubs.roster_import import match_key, parse_roster
from rookclub.clubs.services import player_create
from rookclub.core.errors import Conflict
from rookclub.core.limits import normal_name
from tests.factories import NightFactory

pytestmark = pytest.mark.django_db

INVISIBLE = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u200e",
    "\u200f",
    "\u202e",
    "\u2066",
    "\u2069",
    "\u061c",
]


@pytest.mark.parametrize("mark", INVISIBLE)
def test_a_name_with_an_invisible_character_is_the_same_player(club, director, mark):
    player_create(club=club, name="Ann Lee", by=director)

    with pytest.raises(Conflict):
        player_create(club=club, name=f"Ann{mark} Lee", by=director)


def test_a_decomposed_accent_is_the_same_name_and_stored_composed(club, director):
    first = player_create(club=club, name="Ren\u0065\u0301e", by=director)  # e + combining acute

    assert first.name == "Ren\u00e9e"
    with pytest.raises(Conflict):
        player_create(club=club, name="Ren\u00e9e", by=director)


def test_a_roster_row_is_normalised_like_a_typed_name():
    rows, _ = parse_roster("name\nAnn\u200b Lee\nRen\u0065\u0301e\n".encode())

    assert [r.name for r in rows] == ["Ann Lee", "Ren\u00e9e"]
    assert match_key("ANN\u202e LEE") == match_key("ann lee")


@pytest.mark.parametrize("other", ["Ｍａｐｌｅ Player 3", "maple player 3", "MAPLE  PLAYER 3"])
def test_a_look_alike_name_is_the_player_already_there(club, director, other):
    player_create(club=club, name="Maple Player 3", by=director)

    with pytest.raises(Conflict) as refused:
        player_create(club=club, name=other, by=director)

    assert refused.value.code == "player_name_taken"
    assert "Maple Player 3 already plays" in str(refused.value)
    assert club.players.count() == 1


def test_a_newcomer_at_the_door_in_full_width_letters_is_refused(club, director):
    player_create(club=club, name="Maple Player 3", by=director)
    night = NightFactory(club=club, door_new_players=True)

    with pytest.raises(Conflict):
        door_check_in(night=night, by=director, phone="a phone", name="Ｍａｐｌｅ Player 3")

    assert club.players.count() == 1


def test_a_roster_row_in_full_width_letters_matches_the_player():
    assert match_key("Ｍａｐｌｅ Player 3") == match_key("maple player 3")


@given(st.text(max_size=40))
def test_normal_names_are_nfc_without_invisible_characters_and_stable(text):
    name = normal_name(text)

    assert unicodedata.is_normalized("NFC", name)
    assert not any(mark in name for mark in INVISIBLE)
    assert normal_name(name) == name
