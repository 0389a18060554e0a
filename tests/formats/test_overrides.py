"""Director overrides change a round and leave a flag on every pairing they touch."""

import pytest

from tournaments.formats.base import FORCED_BYE, PINNED, SWAPPED, FormatError, Pairing
from tournaments.formats.overrides import force_bye, pin_pairing, swap_entries

ROUND = [Pairing(1, "a", "b"), Pairing(2, "c", "d"), Pairing(3, "e", None)]


def test_swapping_two_entries_flags_both_pairings():
    out = swap_entries(ROUND, "b", "d")
    assert [(p.home, p.away) for p in out[:2]] == [("a", "d"), ("c", "b")]
    assert all(SWAPPED in p.flags for p in out[:2]) and not out[2].flags


def test_swapping_entries_who_already_meet_is_refused():
    with pytest.raises(FormatError) as error:
        swap_entries(ROUND, "a", "b")
    assert error.value.code == "same_pairing"


def test_pinning_a_pairing_re_pairs_the_former_opponents():
    out = pin_pairing(ROUND, "a", "c")
    assert (out[0].home, out[0].away) == ("a", "c") and PINNED in out[0].flags
    assert set(out[1].entries) == {"b", "d"} and SWAPPED in out[1].flags


def test_pinning_against_the_bye_holder_gives_the_bye_to_the_former_opponent():
    out = pin_pairing(ROUND, "a", "e")
    assert set(out[0].entries) == {"a", "e"}
    assert out[2].entries == ("b",) and out[2].is_bye


def test_forcing_a_bye_sends_the_old_bye_holder_to_the_vacated_seat():
    out = force_bye(ROUND, "a")
    assert out[0].is_bye and FORCED_BYE in out[0].flags
    assert set(out[2].entries) == {"e", "b"} and SWAPPED in out[2].flags


def test_forcing_a_bye_in_an_even_round_leaves_the_opponent_a_bye_too():
    out = force_bye(ROUND[:2], "a")
    assert [p.entries for p in out if p.is_bye] == [("a",), ("b",)]
