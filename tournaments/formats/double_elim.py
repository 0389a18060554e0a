"""Double elimination: a winners bracket, a losers bracket fed by its losers, and a grand
final with a reset played only when the losers-bracket winner takes the first final.

A loser dropping down must not meet at once the entries it has just beaten, so each
losers round's drop-ins are reordered (the list reversed, then each half, alternately)
to land in the opposite part: of the simple orders tried, it pushed rematches latest."""

from __future__ import annotations

from collections.abc import Sequence

from .base import EntryId
from .bracket import Bracket, Match, loser_of, seat, winner_of
from .seeding import first_round_slots

GRAND_FINAL = "GF"
RESET = "GF2"


def _reverse(items: list[str]) -> list[str]:
    return items[::-1]


def _reverse_halves(items: list[str]) -> list[str]:
    half = len(items) // 2
    return items[:half][::-1] + items[half:][::-1]


def drop_order(drop_round: int, losers: list[str]) -> list[str]:
    """Order of the winners-bracket losers dropping into losers round ``2 * drop_round``."""
    return _reverse(losers) if drop_round % 2 else _reverse_halves(losers)


def double_elimination(
    seeded: Sequence[EntryId],
    *,
    best_of: int = 1,
    final_best_of: int | None = None,
    reset: bool = True,
) -> Bracket:
    """The bracket for ``seeded`` entries (seed 1 first): ids ``W{round}-{position}``,
    ``L{round}-{position}``, ``GF`` and with ``reset`` ``GF2``."""
    first = first_round_slots(seeded)
    rounds = (len(first) * 2).bit_length() - 1
    matches: list[Match] = []

    def add(section: str, rnd: int, pos: int, slots: tuple, **kw: object) -> str:
        prefix = "W" if section == "winners" else "L"
        mid = f"{prefix}{rnd}-{pos}"
        matches.append(Match(mid, section, rnd, pos, slots, best_of=best_of, **kw))
        return mid

    winners: list[list[str]] = []
    for rnd in range(1, rounds + 1):
        if rnd == 1:
            feeds = [tuple(seat(e) for e in pair) for pair in first]
        else:
            prev = winners[-1]
            feeds = [(winner_of(prev[i]), winner_of(prev[i + 1])) for i in range(0, len(prev), 2)]
        winners.append([add("winners", rnd, p, f) for p, f in enumerate(feeds, start=1)])

    # Losers bracket: round 1 pairs the first-round losers; even rounds take the
    # drop-ins from winners round j + 1; the odd rounds after that halve the survivors.
    size = len(first) * 2
    sizes = [size >> (j + 1) for j in range(1, rounds) for _ in (0, 1)]
    losers: list[list[str]] = []

    def losers_round(feeds: list[tuple]) -> None:
        number = len(losers) + 1
        # Losers here finish below everyone knocked out later, and below both finalists.
        place = 3 + sum(sizes[number:])
        losers.append(
            [add("losers", number, p, f, loser_place=place) for p, f in enumerate(feeds, start=1)]
        )

    if rounds >= 2:
        dropped = [loser_of(m) for m in winners[0]]
        losers_round([(dropped[i], dropped[i + 1]) for i in range(0, len(dropped), 2)])
        for j in range(1, rounds):
            if j > 1:
                prev = losers[-1]
                losers_round(
                    [(winner_of(prev[i]), winner_of(prev[i + 1])) for i in range(0, len(prev), 2)]
                )
            drops = drop_order(j, list(winners[j]))
            losers_round(
                [(winner_of(s), loser_of(d)) for s, d in zip(losers[-1], drops, strict=True)]
            )
    lb_champion = winner_of(losers[-1][0]) if losers else loser_of(winners[-1][0])
    final_bo = final_best_of or best_of
    matches.append(
        Match(
            GRAND_FINAL,
            "grand_final",
            rounds + 1,
            1,
            (winner_of(winners[-1][0]), lb_champion),
            best_of=final_bo,
            winner_place=1,
            loser_place=2,
        )
    )
    if reset:
        # Same two entries, winners-bracket champion keeps slot 0.
        matches.append(
            Match(
                RESET,
                "reset",
                rounds + 2,
                1,
                (loser_of(GRAND_FINAL), winner_of(GRAND_FINAL)),
                best_of=final_bo,
                winner_place=1,
                loser_place=2,
                only_if_won_by=(GRAND_FINAL, 1),
            )
        )
    return Bracket({m.id: m for m in matches})
