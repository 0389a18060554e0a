"""Scoring one hand: docs/rules.md §3 (made or set, trick bonuses), §5 (irregularities).
``score_hand`` is the one scorer: score-sheet entry and card-level play both end here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .checks import check_hand
from .errors import HandRefused
from .messages import Message, cite
from .records import HandRecord
from .rulesets import Ruleset
from .seat_names import seat_name, side_name


@dataclass(frozen=True, slots=True)
class HandScore:
    """What a hand is worth.  ``sides``: side -> points this hand; ``seats``: the
    same per seat (a player scores what the side scores)."""

    sides: Mapping[str, int]
    made: bool | None
    reasons: tuple[Message, ...]
    void: bool = False
    counts_for_rotation: bool = True
    deal_passes: bool = True
    seats: Mapping[str, int] = field(default_factory=dict)
    declarer_side: str | None = None


def signed(n: int) -> str:
    """Points as a scorer writes them, with a real minus sign."""
    return f"\u2212{-n}" if n < 0 else str(n)


def score_hand(ruleset: Ruleset, record: HandRecord, *, dealer: str) -> HandScore:
    """Check ``record`` (raising ``HandRefused`` naming every problem), then score it."""
    check_hand(ruleset, record, dealer)
    if record.redeal is not None:
        reason = record.redeal.reason
        return _void(ruleset, _VOID_REASON[reason], deal_passes=reason == "all_passed")
    if record.misdeal is not None:
        if record.misdeal.found == "before_three_tricks":
            return _void(ruleset, _VOID_REASON["misdeal"], deal_passes=True)
        return _late_misdeal(ruleset, record, dealer)
    if record.renege is not None and record.renege.found == "later":
        return _renege_later(ruleset, record)
    return _played(ruleset, record)


_VOID_REASON = {
    "exposed_card": cite(
        "Redeal: a card was exposed in the deal; no score, the same dealer deals again", "§2"
    ),
    "no_card_above_nine": cite(
        "Redeal: a player held no card above 9; no score, the same dealer deals again", "§2"
    ),
    "all_passed": cite("Redeal: all players passed; no score, the next dealer deals", "§2"),
    "misdeal": cite(
        "Misdeal found before three tricks: cards redealt, no score, the deal passes left", "§5"
    ),
}


def _finish(
    r: Ruleset,
    rec: HandRecord,
    sides: dict[str, int],
    made: bool | None,
    reasons: list[Message],
    declarer_side: str | None,
) -> HandScore:
    """Apply the §5 point penalties, then spread side points over the seats. Under
    ``penalty_scope`` "player" a penalty comes from "the score of a player who" offended
    (the Deluxe Rook booklet), not from the partners'."""
    fixed = r.fixed_side_of
    if fixed:
        seats = {seat: sides[fixed[seat]] for seat in r.seats}
    else:
        side_of = r.side_of
        seats = {seat: sides[side_of(seat, rec.bidder, rec.partner)] for seat in r.seats}
    own = r.penalty_scope == "player" and r.scores_players
    for penalty in rec.penalties:
        if penalty.kind == "improper_discard" and r.improper_discard == "automatic_set":
            continue  # already scored as a set
        talk = penalty.kind == "table_talk"
        amount = r.table_talk_penalty if talk else r.improper_discard_penalty
        side, offender = r.side_of(penalty.seat, rec.bidder, rec.partner), seat_name(penalty.seat)
        sides[side] -= amount
        if own:
            seats[penalty.seat] -= amount
            loser = f"{offender} alone"
        else:
            for seat in seats:
                if r.side_of(seat, rec.bidder, rec.partner) == side:
                    seats[seat] -= amount
            loser = side_name(side)
        what = "Table talk" if talk else "Improper discard"
        reasons.append(cite(f"{what} by {offender}: {loser} {signed(-amount)}", "§5"))
    if rec.made is not None and made is not None and rec.made != made:
        claimed, actual = ("made", "set") if rec.made else ("set", "made")
        mismatch = cite(
            f"marked {claimed}, but the counters say {actual}: ", "§3", quote=reasons[0]
        )
        raise HandRefused({"made": [mismatch]}, "hand_impossible")
    return HandScore(
        sides=sides, made=made, reasons=tuple(reasons), seats=seats, declarer_side=declarer_side
    )


def _void(r: Ruleset, reason: Message, *, deal_passes: bool) -> HandScore:
    zero = dict.fromkeys(r.side_names, 0)
    return HandScore(
        sides=zero,
        made=None,
        reasons=(reason,),
        void=True,
        counts_for_rotation=False,
        deal_passes=deal_passes,
        seats=dict.fromkeys(r.seats, 0),
    )


def _late_misdeal(r: Ruleset, rec: HandRecord, dealer: str) -> HandScore:
    """ "The dealer's partnership is set back 40 points for the error and the other
    partnership does not score" (the Deluxe Rook booklet).  Where the declarer plays against the
    others combined (the 2011 games for 2 and 3) there is no partnership to deal, so
    the dealer alone is set back, as in the 1950s games for two and three."""
    sides = dict.fromkeys(r.side_names, 0)
    side = r.side_of(dealer, rec.bidder, rec.partner)
    sides[side] = -r.misdeal_penalty
    alone = r.partnership == "bidder_alone"
    who = f"the dealer {seat_name(dealer)}" if alone else f"the dealer's side {side_name(side)}"
    lost = signed(-r.misdeal_penalty)
    reasons = [cite(f"Misdeal found after three tricks: {who} {lost}, nobody else scores", "§5")]
    score = _finish(r, rec, sides, None, reasons, None)
    if alone:
        for seat in score.seats:
            if seat != dealer and r.side_of(seat, rec.bidder, rec.partner) == side:
                score.seats[seat] += r.misdeal_penalty
    return score


def _renege_later(r: Ruleset, rec: HandRecord) -> HandScore:
    renege = rec.renege
    offenders = r.side_of(renege.seat, rec.bidder, rec.partner)
    if r.renege_points is not None:
        return _renege_points(r, rec, offenders)
    sides = {s: renege.counters.get(s, 0) for s in r.side_names}
    ended = f"Renege by {seat_name(renege.seat)} found later: hand ended"
    if r.bidding:
        declarer_side = r.side_of(rec.bidder, rec.bidder, rec.partner)
        sides[offenders] = -rec.bid
        whose = "their own" if offenders == declarer_side else "the other side's"
        ended += f", {side_name(offenders)} set back {whose} bid of {rec.bid}, scores "
        ended += signed(-rec.bid)
        made = False if offenders == declarer_side else None
    else:
        # Beginner: "set back the full amount of the bid" with no bid sets back nothing;
        # "the hand is ended" and only the opponents score what they captured (§5).
        declarer_side = made = None
        sides[offenders] = 0
        ended += f"; no bid to set back, {side_name(offenders)} scores 0"
    reasons = [cite(ended, "§5")]
    reasons += [
        cite(f"{side_name(side)} scores the {pts} counters captured before the renege was found")
        for side, pts in sides.items()
        if side != offenders
    ]
    return _finish(r, rec, sides, made, reasons, declarer_side)


def _renege_points(r: Ruleset, rec: HandRecord, offenders: str) -> HandScore:
    """House rule ``renege_points`` N: a renege found later scores the offenders -N and
    every other side +N, whoever bid, and nothing else (no bid, no counters)."""
    points = r.renege_points
    sides = {side: -points if side == offenders else points for side in r.side_names}
    others = [side for side in r.side_names if side != offenders]
    gain = f"{side_name(others[0])} +{points}" if len(others) == 1 else f"everyone else +{points}"
    ended = f"Renege by {seat_name(rec.renege.seat)} found later: hand ended"
    said = f"{ended}, {side_name(offenders)} {signed(-points)}, {gain}"
    reasons = [cite(said, "§5", aside="house rule renege_points")]
    declarer_side = r.side_of(rec.bidder, rec.bidder, rec.partner) if r.bidding else None
    made = False if offenders == declarer_side else None
    return _finish(r, rec, sides, made, reasons, declarer_side)


def _played(r: Ruleset, rec: HandRecord) -> HandScore:
    """A hand played to the end: counters, trick points, bonuses, made or set."""
    counters = rec.counters
    names = r.side_names
    reasons: list[Message] = []
    if r.points_per_trick:
        ppt, tricks = r.points_per_trick, rec.tricks
        earned = {s: counters[s] + ppt * tricks[s] for s in names}
    else:
        earned = dict(counters)
    _bonuses(r, rec, earned, reasons)
    if rec.renege is not None:
        reneged = seat_name(rec.renege.seat)
        reasons.append(
            cite(f"Renege by {reneged} corrected before the next trick: no penalty", "§5")
        )
    if not r.bidding:  # Beginner: everyone scores what they took
        reasons.insert(0, cite("No bidding: every side scores its counters"))
        return _finish(r, rec, earned, None, reasons, None)

    declarer_side = r.side_of(rec.bidder, rec.bidder, rec.partner)
    bid, took = rec.bid, earned[declarer_side]
    auto_set = r.improper_discard == "automatic_set" and any(
        p.kind == "improper_discard" for p in rec.penalties
    )
    what = f"{took} counters"
    if r.points_per_trick:
        what = f"{counters[declarer_side]} counters + {took - counters[declarer_side]} for tricks"
    sides, made = earned, took >= bid and not auto_set
    if made:
        verdict = f"Made: {what} ≥ bid {bid}, scores {took}"
    else:
        lost = -bid if r.set_declarer == "minus_bid" else 0
        sides[declarer_side] = lost
        why = (
            f"improper discard is an automatic set ({what})" if auto_set else f"{what} < bid {bid}"
        )
        verdict = f"Set: {why}, scores {signed(lost)}"
        if (times := r.set_opponents_multiplier) != 1:
            for side in names:
                if side != declarer_side:
                    sides[side] *= times
            multiplied = f"Declarer set: the opponents' points are multiplied by {times}"
            reasons.append(cite(multiplied, "§3"))
    reasons.insert(0, cite(verdict, "§3", aside=side_name(declarer_side)))
    for side in names:
        if side != declarer_side:
            reasons.append(cite(f"Opponents {side_name(side)}: {signed(sides[side])}", "§3"))
    return _finish(r, rec, sides, made, reasons, declarer_side)


def _bonuses(r: Ruleset, rec: HandRecord, earned: dict[str, int], reasons: list[Message]) -> None:
    """Most tricks, all tricks and nest bonuses (docs/rules.md §3)."""
    tricks = rec.tricks
    if bonus := r.most_tricks_bonus:
        best = max(tricks.values())
        leaders = [s for s, n in tricks.items() if n == best]
        side = leaders[0] if len(leaders) == 1 else None
        if side is not None:
            said = f"Most tricks ({best} of {r.tricks_counted}): {side_name(side)} +{bonus}"
        elif r.most_tricks_tie == "defenders":
            declarer_side = r.side_of(rec.bidder, rec.bidder, rec.partner)
            side = next(s for s in r.side_names if s != declarer_side)
            said = f"Tricks tied: the {bonus} goes to the declarer's opponents, {side_name(side)}"
        else:
            said = "Tricks tied: no most-tricks bonus"
        reasons.append(cite(said, "§3"))
        if side is not None:
            earned[side] += bonus
    if r.all_tricks_bonus:
        for side, n in tricks.items():
            if n == r.tricks_counted:
                earned[side] += r.all_tricks_bonus
                reasons.append(cite(f"All tricks: {side_name(side)} +{r.all_tricks_bonus}", "§3"))
    if r.nest_bonus:
        earned[rec.last_trick] += r.nest_bonus
        reasons.append(cite(f"Last trick and nest: {side_name(rec.last_trick)} +{r.nest_bonus}"))
