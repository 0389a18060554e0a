"""Names are one form of themselves (issue 27): Unicode NFC, no zero-width or
bidirectional-control characters, before the duplicate check and storage."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rookclub.clubs.roster_import import match_key, parse_roster
from rookclub.clubs.services import player_create
from rookclub.core.errors import Conflict
from rookclub.core.limits import normal_name

pytestmark = pytest.mark.django_db

INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u200e", "\u200f", "\u202e",
             "\u2066", "\u2069", "\u061c"]  # fmt: skip


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


@given(st.text(max_size=40))
def test_normal_names_are_nfc_without_invisible_characters_and_stable(text):
    name = normal_name(text)

    assert unicodedata.is_normalized("NFC", name)
    assert not any(mark in name for mark in INVISIBLE)
    assert normal_name(name) == name
