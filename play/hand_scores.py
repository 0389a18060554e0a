"""A hand the engine scored, as the rows that keep it: the hand's own fields, one
result row per player, its irregularities; and a game's stored hands replayed through
the engine (``scoring.engine``), which decides what each scores.

Recording a hand (:mod:`play.hands`) and correcting one (:mod:`play.corrections`)
store these rows; a club's import (:mod:`play.import_checks`) checks them.
"""

from __future__ import annotations

from typing import Any

from play.models import Game, Hand, HandResult, Irregularity
from play.rulesets import rules_of
from scoring.engine import HandRecord, RenegeFound, Ruleset, card_code, replay


def seat_players(game: Game) -> dict[str, int]:
    """Seat -> player id when the game started (uses a prefetched ``seats`` if there)."""
    return {s.seat: s.player_id for s in game.seats.all()}


def replay_records(
    game: Game, records: list[dict[str, Any]], *, seats: dict[str, int] | None = None
) -> Any:
    """The engine's state after ``records`` (stored REST bodies) from the first deal;
    ``seats``: the game's first seats (seat -> player id) when already read."""
    rules = rules_of(game)
    parsed = [HandRecord.from_dict(r, rules) for r in records]
    first = seats if seats is not None else seat_players(game)
    return replay(rules, first, game.first_dealer, parsed)


def hand_fields(played: Any, rules: Ruleset) -> dict[str, Any]:
    """The ``Hand`` row's fields for ``played``, a hand the engine scored: its record,
    score, dealer, declarer, running totals and seats."""
    record, score = played.record, played.score
    sides = dict(score.sides)
    seats = dict(played.seats)
    return {
        "record": record.to_dict(),
        "score": {
            "sides": sides,
            "made": score.made,
            "reasons": list(score.reasons),
            "void": score.void,
        },
        "dealer": played.dealer,
        "bidder": record.bidder,
        "declarer_id": seats.get(record.bidder) if record.bidder else None,
        "bid": record.bid,
        "trump": record.trump or "",
        "made": score.made,
        "void": score.void,
        "score_ns": sides.get("north_south", 0),
        "score_ew": sides.get("east_west", 0),
        "total_ns": played.totals.get("north_south", 0),
        "total_ew": played.totals.get("east_west", 0),
        "seats": seats,
    }


def hand_results(hand: Hand, played: Any, winners: Any = ()) -> list[HandResult]:
    """One row per player of ``played``: the points they scored and their running total;
    ``winners``: the game's winners when this hand won it (``won`` on their rows)."""
    score, totals = played.score.seats, played.player_totals
    return [
        HandResult(
            hand=hand,
            game_id=hand.game_id,
            player_id=player,
            seat=seat,
            points=score[seat],
            total=totals[player],
            won=player in winners,
        )
        for seat, player in played.seats.items()
    ]


def hand_irregularities(
    hand: Hand, record: Any, rules: Ruleset, found: RenegeFound | None = None
) -> list[Irregularity]:
    """The penalties, renege, misdeal or redeal of a hand as their own records.
    ``found``: the renege a card-by-card record showed (its trick and card are kept)."""
    out = []
    for penalty in record.penalties:
        if penalty.kind == "table_talk":
            points = rules.table_talk_penalty
        elif rules.improper_discard == "automatic_set":
            points = record.bid or 0
        else:
            points = rules.improper_discard_penalty
        out.append(Irregularity(hand=hand, kind=penalty.kind, seat=penalty.seat, points=points))
    if record.renege is not None:
        details = record.renege.to_dict()
        if found is not None:
            details.update(trick=found.trick, card=card_code(found.card))
        out.append(
            Irregularity(
                hand=hand,
                kind="renege",
                seat=record.renege.seat,
                details=details,
                points=_renege_cost(record, rules) if record.renege.found == "later" else 0,
            )
        )
    if record.misdeal is not None:
        later = record.misdeal.found == "later"
        out.append(
            Irregularity(
                hand=hand,
                kind="misdeal",
                seat=hand.dealer,
                details=record.misdeal.to_dict(),
                points=rules.misdeal_penalty if later else 0,
            )
        )
    if record.redeal is not None:
        out.append(Irregularity(hand=hand, kind="redeal", details=record.redeal.to_dict()))
    return out


def _renege_cost(record: Any, rules: Ruleset) -> int:
    """What a renege found later cost the reneging side: the bid, or the house rule's
    ``renege_points`` (docs/rules.md §5)."""
    if rules.renege_points is not None:
        return rules.renege_points
    return record.bid or 0
