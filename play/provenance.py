"""How a hand came in and who confirmed it, in the words every view uses (the sheet,
a correction's history, the CSV, the API): "via table link (North-South)", "by Ann
Lee", "by Rookclub" for trusted work (an import, a director's tool acting as SYSTEM).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rookclub.clubs.permissions import public_name

SIDE_NAMES = {"north_south": "North-South", "east_west": "East-West"}


def _side(side: str, parties: Mapping[str, str] | None = None) -> str:
    return (parties or SIDE_NAMES).get(side, side) if side else "a side not given"


def how(
    user_name: str | None,
    via_id: int | None,
    side: str,
    at: Any,
    parties: Mapping[str, str] | None = None,
) -> str | None:
    """``"via table link (North-South)"``, ``"by Ann Lee"``, ``"by Rookclub"`` (no user,
    no link, but a time: trusted work), or None (not done). ``parties``: the table link's
    parties in the table's words (``TableNames.party_names``: "the other players" at a
    table of five); the compass sides when not given."""
    if user_name:
        return f"by {user_name}"
    if via_id is not None:
        return f"via table link ({_side(side, parties)})"
    return "by Rookclub" if at is not None else None


def person_name(user: Any, player_name: str | None = None) -> str | None:
    """A user as the sheet names them: their player of the club, else full name, else
    "a club member" (never the username: the sheet is public); None for no
    user."""
    if user is None:
        return None
    return player_name or public_name(user)


def entered_how(hand: Any, parties: Mapping[str, str] | None = None) -> str | None:
    """How ``hand`` was entered: a person by full name, else "a club member" (read
    without another query when a hand is just recorded)."""
    name = person_name(hand.entered_by if hand.entered_by_id else None)
    return how(name, hand.entered_via_id, hand.entered_side, hand.entered_at, parties)


def confirmed_how(
    hand: Any, player_name: str | None = None, parties: Mapping[str, str] | None = None
) -> str | None:
    """How ``hand`` was confirmed; None while it waits (also after a correction)."""
    if hand.confirmed_at is None:
        return None
    name = person_name(hand.confirmed_by if hand.confirmed_by_id else None, player_name)
    return how(name, hand.confirmed_via_id, hand.confirmed_side, hand.confirmed_at, parties)
