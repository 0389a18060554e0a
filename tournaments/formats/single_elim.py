"""Single elimination: standard seeding order, byes to the top seeds, optional
third-place match. N entries play N - 1 matches (N with the third-place match)."""

from __future__ import annotations

from collections.abc import Sequence

from .base import EntryId
from .bracket import Bracket, Match, loser_of, seat, winner_of
from .seeding import first_round_slots


def match_id(round_number: int, position: int) -> str:
    return f"W{round_number}-{position}"


def single_elimination(
    seeded: Sequence[EntryId],
    *,
    best_of: int = 1,
    final_best_of: int | None = None,
    third_place: bool = False,
) -> Bracket:
    """The bracket for ``seeded`` entries (seed 1 first).

    Matches are ``W{round}-{position}``; the third-place match is ``3P``.
    """
    first = first_round_slots(seeded)
    rounds = (len(first) * 2).bit_length() - 1
    matches: dict[str, Match] = {}
    for round_number in range(1, rounds + 1):
        count = len(first) >> (round_number - 1)
        for position in range(1, count + 1):
            if round_number == 1:
                slots = tuple(seat(e) for e in first[position - 1])
            else:
                slots = (
                    winner_of(match_id(round_number - 1, 2 * position - 1)),
                    winner_of(match_id(round_number - 1, 2 * position)),
                )
            final = round_number == rounds
            semi = round_number == rounds - 1
            mid = match_id(round_number, position)
            matches[mid] = Match(
                id=mid,
                section="winners",
                round=round_number,
                position=position,
                slots=slots,
                best_of=(final_best_of or best_of) if final else best_of,
                winner_place=1 if final else None,
                # Losers share the place below everyone still in: 2, 3, 5, 9, ...
                loser_place=None if (semi and third_place) else count + 1,
            )
    if third_place and rounds >= 2:
        semis = (match_id(rounds - 1, 1), match_id(rounds - 1, 2))
        matches["3P"] = Match(
            id="3P",
            section="third_place",
            round=rounds,
            position=2,
            slots=(loser_of(semis[0]), loser_of(semis[1])),
            best_of=best_of,
            winner_place=3,
            loser_place=4,
        )
    return Bracket(matches)
