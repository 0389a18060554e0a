"""The auction (docs/rules.md §2): who declares, at what contract. Bidding goes clockwise
from the dealer's left in steps, each bid above the last; a pass is final. It ends when
all but one have passed after a bid, or all pass: then the all-pass policy decides."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .errors import AuctionError
from .messages import cite
from .rulesets import Ruleset
from .seat_names import seat_name


class Call(NamedTuple):
    """One call: ``bid`` is the amount, or ``None`` for a pass."""

    seat: str
    bid: int | None


@dataclass(frozen=True, slots=True)
class AuctionResult:
    declarer: str | None
    contract: int | None
    all_passed: bool
    forced_dealer: bool
    calls: tuple[Call, ...] = ()
    finished: bool = True
    next_to_call: str | None = None  # only while unfinished (``partial=True``)


def run_auction(
    ruleset: Ruleset,
    dealer: str,
    calls: Sequence[int | Call | None],
    *,
    partial: bool = False,
) -> AuctionResult:
    """Check ``calls`` in order and report the declarer and contract. A call is an amount or
    ``None`` for the seat due, or a ``Call`` whose seat must be the one due; an unfinished
    auction raises ``AuctionError`` unless ``partial``."""
    r = ruleset
    if not r.bidding:
        raise AuctionError({"calls": [cite("this game has no bidding")]})
    if dealer not in r.player_seats:
        raise AuctionError({"dealer": [cite(f"unknown dealer seat {dealer!r}")]})
    players = len(r.player_seats)
    left = r.left_of
    passed: set[str] = set()
    high: int | None = None
    high_seat: str | None = None
    seat = r.left_of[dealer]
    done: list[Call] = []
    over = False
    for i, call in enumerate(calls, start=1):
        if over:
            raise AuctionError({"calls": [cite(f"call {i}: the auction is already over")]})
        bid = call.bid if isinstance(call, Call) else call
        if isinstance(call, Call) and call.seat != seat:
            turn = f"call {i}: it is {seat_name(seat)}'s turn, not {seat_name(call.seat)}'s"
            raise AuctionError({"calls": [cite(turn)]})
        if bid is None:
            passed.add(seat)
        else:
            _check_bid(r, i, seat, bid, high)
            high, high_seat = bid, seat
        done.append(Call(seat, bid))
        over = len(passed) == players or (high is not None and len(passed) == players - 1)
        if not over:
            seat = left[seat]
            while seat in passed:  # a pass is final: skip those who passed
                seat = left[seat]
    if not over:
        if partial:
            return AuctionResult(high_seat, high, False, False, tuple(done), False, seat)
        raise AuctionError(
            {"calls": [cite(f"the auction is not over: {seat_name(seat)} is to call")]}
        )
    if high_seat is not None:
        return AuctionResult(high_seat, high, False, False, tuple(done))
    if r.all_pass == "dealer_forced":
        return AuctionResult(dealer, r.min_bid, True, True, tuple(done))
    return AuctionResult(None, None, True, False, tuple(done))


def _check_bid(r: Ruleset, i: int, seat: str, bid: object, high: int | None) -> None:
    problems = []
    if not isinstance(bid, int) or isinstance(bid, bool):
        raise AuctionError(
            {"calls": [cite(f"call {i} ({seat_name(seat)}): a bid is a whole number or a pass")]}
        )
    if high is None and bid < r.min_bid:
        problems.append(f"the opening bid must be at least {r.min_bid}")
    if high is not None and bid <= high:
        problems.append(f"a bid must be higher than the last bid, {high}")
    if bid % r.bid_step:
        problems.append(f"bids go in steps of {r.bid_step}")
    if bid > r.highest_bid:
        problems.append(f"the maximum bid is {r.highest_bid}")
    if problems:
        said = f"call {i} ({seat_name(seat)} bids {bid})"
        raise AuctionError({"calls": [cite(f"{said}: {p}", "§2") for p in problems]})
