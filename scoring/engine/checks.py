"""Is a recorded hand possible under the ruleset? Every problem named at once, before
the scorer adds anything up, so a hand is refused whole or scored whole."""

from __future__ import annotations

from collections.abc import Mapping

from .errors import Problems
from .records import HandRecord
from .rulesets import Ruleset


def check_hand(r: Ruleset, rec: HandRecord, dealer: str) -> None:
    """Raise ``HandRefused`` (code ``hand_impossible``) listing every problem."""
    p = Problems()
    if dealer not in r.player_seats:
        p.add("dealer", f"unknown dealer seat {dealer!r} (seats: {', '.join(r.player_seats)})")
    if rec.redeal is not None:
        _check_redeal(r, rec, p)
    elif rec.misdeal is not None:
        _check_misdeal(r, rec, p)
    elif rec.renege is not None and rec.renege.found == "later":
        _check_contract(r, rec, p)
        _check_renege_later(r, rec, p)
    else:
        _check_contract(r, rec, p)
        _check_trump(r, rec, p)
        _check_play(r, rec, p)
        if rec.renege is not None:
            _check_seat(r, "renege", rec.renege.seat, p)
            if rec.renege.counters is not None:
                p.add(
                    "renege",
                    "a renege corrected in time changes no counters; "
                    "record the hand's counters as usual",
                    "§5",
                )
    if rec.renege is not None and r.dummy_blind and rec.renege.seat in r.dummy_seats:
        p.add(
            "renege",
            "the dummy's cards are lifted face down and played unseen, so it cannot renege",
            "§9",
        )
    _check_penalties(r, rec, p)
    check_house_calls(r, rec.low, rec.circus, p)
    p.raise_if_any(code="hand_impossible")


def check_house_calls(r: Ruleset, low: bool | None, circus: bool | None, p: Problems) -> None:
    """The declarer's house-rule calls need the ruleset to allow them (the encyclopedia article)."""
    if low and not r.low_card:
        p.add("low", "this ruleset has no low-card call (house rule low_card)", "§14")
    if circus and not r.circus:
        p.add("circus", "this ruleset has no circus Rook call (house rule circus)", "§14")


def _absent(rec: HandRecord, p: Problems, names: str, why: str, rule: str | None = None) -> None:
    """Refuse each of ``names`` the record gives; ``{}`` in ``why`` says the field's name."""
    for name in names.split():
        value = getattr(rec, name)
        if value is not None and value != ():
            p.add(name, why.format(name.replace("_", " ")), rule)


def _check_redeal(r: Ruleset, rec: HandRecord, p: Problems) -> None:
    if rec.misdeal is not None:
        p.add("misdeal", "a hand is either a redeal or a misdeal, not both")
    played = "bidder bid trump counters tricks renege partner last_trick made penalties low circus"
    _absent(rec, p, played, "a redealt hand is not played, so it has no {}")
    if rec.redeal.reason == "all_passed":
        if not r.bidding:
            p.add("redeal", "this game has no bidding, so nobody can pass")
        elif r.all_pass != "redeal":
            p.add(
                "redeal",
                "under this ruleset the dealer must take the minimum bid when "
                f"all pass; record the dealer as bidder at {r.min_bid}",
                "§2",
            )


def _check_misdeal(r: Ruleset, rec: HandRecord, p: Problems) -> None:
    why = "a misdealt hand is not scored on its play, so it has no {}"
    _absent(rec, p, "counters tricks renege last_trick made", why)
    if rec.misdeal.found == "before_three_tricks":
        _absent(rec, p, "bidder bid trump partner", "the hand is redealt, so it has no {}", "§5")
        return
    if r.partnership == "called_partner":
        # The dealer's partnership exists only once the bid and the call are known.
        _check_contract(r, rec, p)
    else:
        if rec.bidder is not None:
            _check_seat(r, "bidder", rec.bidder, p, players_only=True)
        if rec.bid is not None:
            _check_bid_value(r, rec.bid, p)


def _check_seat(r: Ruleset, field: str, seat: str, p: Problems, players_only: bool = False) -> bool:
    seats = r.player_seats if players_only else r.seats
    if seat not in seats:
        p.add(field, f"unknown seat {seat!r} (seats: {', '.join(seats)})")
        return False
    return True


def _check_bid_value(r: Ruleset, bid: int, p: Problems) -> None:
    if bid < r.min_bid:
        p.add("bid", f"bid {bid} is below the minimum bid {r.min_bid}", "§2")
    if bid > (most := r.highest_bid):
        p.add("bid", f"bid {bid} is above the maximum bid {most}, the points at stake", "§2")
    if bid % r.bid_step:
        p.add("bid", f"bid {bid} is not a multiple of {r.bid_step}", "§2")


def _check_contract(r: Ruleset, rec: HandRecord, p: Problems) -> None:
    """Bidder, bid and called partner."""
    if not r.bidding:
        _absent(rec, p, "bidder bid partner", "this game has no bidding")
        return
    if rec.bidder is None:
        p.add("bidder", "the declarer's seat is needed to score the hand")
    else:
        _check_seat(r, "bidder", rec.bidder, p, players_only=True)
    if rec.bid is None:
        p.add("bid", "the winning bid is needed to score the hand")
    else:
        _check_bid_value(r, rec.bid, p)
    if r.partnership != "called_partner":
        _absent(rec, p, "partner", "only games with a called partner record a partner")
    elif (
        rec.partner is not None
        and _check_seat(r, "partner", rec.partner, p, True)
        and rec.partner == rec.bidder
    ):
        p.add(
            "partner", "the partner is another player (leave it out when the declarer plays alone)"
        )


def _check_trump(r: Ruleset, rec: HandRecord, p: Problems) -> None:
    if rec.trump is None:
        p.add("trump", "the trump colour is needed")
    elif rec.trump not in r.trump_names:
        p.add("trump", f"trump must be one of {', '.join(r.trump_names)}")


def _check_side_values(
    r: Ruleset, field: str, values: Mapping[str, int], p: Problems, required: tuple[str, ...]
) -> int:
    """Known sides, whole non-negative numbers in counter steps; returns their sum."""
    sides = r.side_names
    step = r.granularity
    total = 0
    for side, value in values.items():
        if side not in sides:
            p.add(field, f"unknown side {side!r} (sides: {', '.join(sides)})")
            continue
        if value < 0:
            p.add(field, f"{side}: {value} is below 0")
        elif field != "tricks" and value % step:
            steps = f"is not a multiple of {step} — counters come in {step}s"
            p.add(field, f"{side}: {value} {steps}", "§1")
        total += value
    for side in required:
        if side not in values:
            p.add(field, f"{side}: missing")
    return total


def _check_play(r: Ruleset, rec: HandRecord, p: Problems) -> None:
    """Counters, tricks and last trick of a hand played to the end."""
    sides = r.side_names
    if rec.counters is None:
        p.add("counters", "each side's counters (including the nest) are needed")
    else:
        total = _check_side_values(r, "counters", rec.counters, p, sides)
        deck, least = r.total_counters, r.least_counters_in_play
        if r.cards_leaving_play == 0 and total != deck:
            p.add("counters", f"counters add up to {total}, not the deck's {deck}", "§3")
        elif total > deck:
            p.add("counters", f"counters add up to {total}, more than the deck's {deck}", "§3")
        elif total < least:
            out = f"the {_leaving(r)} hold at most {deck - least} of the deck's {deck}"
            p.add(
                "counters",
                f"counters add up to {total}; {out}, so at least {least} stay in play",
                "§3",
            )
    if rec.tricks is None:
        if r.needs_tricks:
            p.add("tricks", "this ruleset scores tricks, so each side's tricks are needed")
    else:
        total = _check_side_values(r, "tricks", rec.tricks, p, sides)
        if total != r.tricks_counted:
            p.add("tricks", f"tricks add up to {total}, not the {r.tricks_counted} in a hand")
        elif rec.counters is not None:
            _check_counters_for_tricks(r, rec.tricks, rec.counters, p)
    if r.nest_bonus and rec.last_trick is None:
        p.add("last_trick", "the side that took the last trick (and the nest) is needed")
    elif rec.last_trick is not None and rec.last_trick not in sides:
        p.add("last_trick", f"unknown side {rec.last_trick!r}")


def _leaving(r: Ruleset) -> str:
    """The cards out of play, as a scorer would name them."""
    parts = []
    if r.cards_out:
        parts.append(f"{r.cards_out} cards set aside")
    if r.cards_leaving_play > r.cards_out:
        parts.append(f"{r.nest_size}-card nest nobody takes")
    return " and the ".join(parts)


def _check_counters_for_tricks(
    r: Ruleset, tricks: Mapping[str, int], counters: Mapping[str, int], p: Problems
) -> None:
    """No side holds more counters than the cards of its tricks can (and the nest,
    where it goes with the last trick; in Dixie the nest is one of its tricks)."""
    for side in r.side_names:
        n, held = tricks.get(side, 0), counters.get(side, 0)
        if n == 0 and held > 0:
            p.add("counters", f"{side} took no tricks, so it cannot have counters")
            continue
        most = r.most_counters_for_tricks(n)
        if held > most:
            p.add(
                "counters",
                f"{side} took {n} trick{'s' if n != 1 else ''} ({_cards_held(r, n)}), "
                f"which hold at most {most} counters, not {held}",
                "§3",
            )


def _cards_held(r: Ruleset, tricks: int) -> str:
    """The richest cards a side with ``tricks`` recorded tricks can hold, in words:
    "4 cards" (in Dixie a single trick is never the nest), "4 cards and the nest"."""
    cards, nest = max(
        r.holdings_for_tricks(tricks) or ((0, False),),
        key=lambda way: r.most_counters(way[0] + (r.nest_size if way[1] else 0)),
    )
    return f"{cards} cards and the nest" if nest else f"{cards} cards"


def _check_renege_later(r: Ruleset, rec: HandRecord, p: Problems) -> None:
    renege = rec.renege
    if r.renege_points is None:
        why = "record what each side had captured in renege.counters"
    else:
        why = f"it scores {r.renege_points} a side, not counters (house rule renege_points)"
    ended = f"a renege found later ends the hand; {why}"
    _absent(rec, p, "counters tricks last_trick made", ended, "§5")
    if not _check_seat(r, "renege", renege.seat, p):
        return
    offenders = r.side_of(renege.seat, rec.bidder, rec.partner)
    others = tuple(s for s in r.side_names if s != offenders)
    if renege.counters is None:
        if r.renege_points is None:  # under the house rule, counters do not score
            p.add("renege.counters", "the counters the other side had captured are needed", "§5")
        return
    total = _check_side_values(r, "renege.counters", renege.counters, p, others)
    if total > (deck := r.total_counters):
        p.add("renege.counters", f"counters add up to {total}, more than the deck's {deck}")


def _check_penalties(r: Ruleset, rec: HandRecord, p: Problems) -> None:
    for penalty in rec.penalties:
        if not _check_seat(r, "penalties", penalty.seat, p, players_only=True):
            continue
        if penalty.kind == "table_talk" and not r.table_talk_penalty:
            no_talk = "this game has no table-talk penalty (house rule table_talk_penalty)"
            p.add("penalties", no_talk, "§5")
        if penalty.kind == "improper_discard":
            if not r.nest_size or not r.bidding:
                p.add("penalties", "this game has no discard to the nest")
            elif rec.bidder is not None and penalty.seat != rec.bidder:
                only = f"only the declarer ({rec.bidder}) discards to the nest, not {penalty.seat}"
                p.add("penalties", only, "§5")
