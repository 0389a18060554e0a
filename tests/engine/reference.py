"""A second, independent reading of the rules for a card-by-card hand.

Written from the rule texts (the Deluxe Rook and Hasbro 2011 booklets, the encyclopedia article),
not from the engine: it uses none of the engine's trick rules, play orders, sides or scorer, only
the ruleset's parameters as data and the card objects.  Deliberately plain: lists, loops, no
caching.  ``test_differential.py`` compares it with the engine over many random deals for every
ruleset.

Readings shared with the engine by design (the rulebook leaves them open):
a renege in a full card record was found at the end of the hand, so "the counters
they captured before the error was discovered" are all the offenders' opponents
took, nest included; in Beginner Rook there is no bid, so the reneger scores 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BIRD_CODE = "bird"


@dataclass
class Outcome:
    winners: list = field(default_factory=list)  # seat taking each trick
    reneges: list = field(default_factory=list)  # (trick number, seat)
    by_seat: dict = field(default_factory=dict)  # counters taken per seat, nest included
    side_scores: dict = field(default_factory=dict)
    seat_scores: dict = field(default_factory=dict)
    declarer: str | None = None
    trump: str | None = None


def is_bird(card) -> bool:
    return str(card) == BIRD_CODE


def is_red_one(r, card) -> bool:
    return r.red_one and card.colour == "red" and card.rank == 1


def points(r, card) -> int:
    if is_bird(card):
        return r.bird_points
    if is_red_one(r, card):
        return r.red_one_points
    return dict(r.counter_values).get(card.rank, 0)


def colour_in_play(r, card, trump):
    """Which colour a card belongs to for following and winning."""
    if is_bird(card):
        return "red" if trump == "no_trump" else trump
    if is_red_one(r, card) and trump != "no_trump":
        return trump
    return card.colour


def height(r, card, trump, low):
    """How high a card is within its colour; ``low`` turns every colour upside down."""
    if is_bird(card):
        if trump == "no_trump" or low:
            value = 10.5
        else:
            value = {"high": 99, "low": 0, "ten_and_a_half": 10.5}[r.bird_rank]
    elif is_red_one(r, card) and trump != "no_trump":
        value = 100
    elif card.rank == 1 and r.ones_high:
        value = 15
    else:
        value = card.rank
    return -value if low else value


def bird_is_free(r, trump, low) -> bool:
    """The Bird may be played at any time only as the high trump (docs/rules.md §2)."""
    return r.bird and r.bird_rank == "high" and trump != "no_trump" and not low


def who_takes(r, plays, trump, low):
    led = colour_in_play(r, plays[0][1], trump)
    trumps = [(s, c) for s, c in plays if colour_in_play(r, c, trump) == trump]
    pool = trumps or [(s, c) for s, c in plays if colour_in_play(r, c, trump) == led]
    best = pool[0]
    for seat, card in pool[1:]:
        if height(r, card, trump, low) > height(r, best[1], trump, low):
            best = (seat, card)
    return best[0]


def clockwise(r, dealer):
    """The seats round the table for this deal (a dummy may sit at the dealer's right)."""
    if r.dummy_position == "dealer_right":
        players = [s for s in r.seats if s not in r.dummy_seats]
        at = players.index(dealer)
        return players[at:] + players[:at] + list(r.dummy_seats)
    return list(r.seats)


def next_player(table, seat, dummies):
    at = table.index(seat)
    for step in range(1, len(table) + 1):
        candidate = table[(at + step) % len(table)]
        if candidate not in dummies:
            return candidate
    raise AssertionError("no players")


def auction(r, table, dealer, calls):
    """Who won the bidding and at what, walking the calls round the table."""
    players = [s for s in table if s not in r.dummy_seats]
    seat, out, best = next_player(table, dealer, r.dummy_seats), set(), (None, None)
    for call in calls:
        if call is None:
            out.add(seat)
        else:
            best = (seat, call)
        if len(out) >= len(players) - 1 and (best[0] is not None or len(out) == len(players)):
            break
        seat = next_player(table, seat, r.dummy_seats)
        while seat in out:
            seat = next_player(table, seat, r.dummy_seats)
    if best[0] is None and r.all_pass == "dealer_forced":
        return dealer, r.min_bid
    return best


def team(r, seat, declarer, partner):
    if r.partnership == "fixed":
        return next(name for name, members in r.sides if seat in members)
    if r.partnership == "individual":
        return seat
    return "declarers" if seat in (declarer, partner) else "defenders"


def teams(r):
    if r.partnership == "fixed":
        return [name for name, _ in r.sides]
    if r.partnership == "individual":
        return list(r.seats)
    return ["declarers", "defenders"]


def replay(r, hand, dealer) -> Outcome:
    """Play ``hand`` (a ``CardHand``) out and score it, by the plain reading above."""
    out = Outcome()
    table = clockwise(r, dealer)
    holding = {seat: list(cards) for seat, cards in hand.hands.items()}
    nest = list(hand.nest)
    declarer, bid = None, None
    if r.bidding:
        declarer, bid = (hand.bidder, hand.bid) if hand.calls is None else (None, None)
        if hand.calls is not None:
            declarer, bid = auction(r, table, dealer, hand.calls)
        trump = hand.trump
    else:
        trump = next(c.colour for c in nest if not is_bird(c))
    out.declarer, out.trump = declarer, trump
    low = hand.low
    forced_trump_discard = False
    if declarer is not None and r.nest_size:
        pool = holding[declarer] + nest
        nest = list(hand.discards)
        holding[declarer] = [c for c in pool if c not in nest]
        if r.improper_discard == "automatic_set" and not hand.circus:
            buried = sum(colour_in_play(r, c, trump) == trump for c in nest)
            spare = sum(colour_in_play(r, c, trump) != trump for c in pool)
            forced_trump_discard = buried > 0 and spare >= len(nest)
    partner = None
    if r.partnership == "called_partner":
        partner = next(
            (s for s, cards in holding.items() if hand.called_card in cards and s != declarer),
            None,
        )
    if hand.circus:
        ours = team(r, declarer, declarer, partner)
        for passing_declarers in (False, True):
            movers = [
                s for s in table if (team(r, s, declarer, partner) == ours) == passing_declarers
            ]
            given = {s: hand.passes[s] for s in movers}
            for seat, card in given.items():
                holding[seat].remove(card)
            for seat, card in given.items():
                holding[next_player(table, seat, ())].append(card)
    if hand.circus:
        leader = next_player(table, declarer, r.dummy_seats)
    elif r.first_lead == "dealer":
        leader = dealer
    elif r.first_lead == "left_of_declarer" and declarer is not None:
        leader = next_player(table, declarer, r.dummy_seats)
    elif r.first_lead == "dummy":
        leader = r.dummy_seats[0]
    else:
        leader = next_player(table, dealer, r.dummy_seats)

    out.by_seat = dict.fromkeys(r.seats, 0)
    trick_count = dict.fromkeys(r.seats, 0)
    for number, plays in enumerate(hand.tricks, start=1):
        start = table.index(leader)
        expected = table[start:] + table[:start]
        assert [s for s, _ in plays] == expected, f"trick {number}: order {expected}"
        led = colour_in_play(r, plays[0][1], trump)
        for seat, card in plays:
            before = holding[seat]
            assert card in before, f"trick {number}: {seat} does not hold {card}"
            blind = r.dummy_blind and seat in r.dummy_seats
            off = colour_in_play(r, card, trump) != led
            free = is_bird(card) and bird_is_free(r, trump, low)
            could = any(colour_in_play(r, c, trump) == led for c in before if c is not card)
            if plays[0][0] != seat and off and not free and not blind and could:
                out.reneges.append((number, seat))
            before.remove(card)
        taker = who_takes(r, plays, trump, low)
        out.winners.append(taker)
        out.by_seat[taker] += sum(points(r, c) for _, c in plays)
        trick_count[taker] += 1
        leader = taker
    last = out.winners[-1]
    if r.nest_size and r.nest_capture == "last_trick":
        out.by_seat[last] += sum(points(r, c) for c in nest)
        if r.nest_counts_as_trick:
            trick_count[last] += 1

    names = teams(r)
    counters = dict.fromkeys(names, 0)
    tricks = dict.fromkeys(names, 0)
    for seat in r.seats:
        counters[team(r, seat, declarer, partner)] += out.by_seat[seat]
        tricks[team(r, seat, declarer, partner)] += trick_count[seat]
    if out.reneges and r.renege_points is not None:
        offenders = team(r, out.reneges[0][1], declarer, partner)
        scores = {t: -r.renege_points if t == offenders else r.renege_points for t in names}
    elif out.reneges:
        offenders = team(r, out.reneges[0][1], declarer, partner)
        scores = dict(counters)
        scores[offenders] = -(bid or 0)
    else:
        scores = {t: counters[t] + r.points_per_trick * tricks[t] for t in names}
        all_tricks = sum(tricks.values())
        if r.most_tricks_bonus:
            top = max(tricks.values())
            leaders = [t for t in names if tricks[t] == top]
            if len(leaders) == 1:
                scores[leaders[0]] += r.most_tricks_bonus
            elif r.most_tricks_tie == "defenders":
                mine = team(r, declarer, declarer, partner)
                scores[next(t for t in names if t != mine)] += r.most_tricks_bonus
        if r.all_tricks_bonus:
            for t in names:
                if tricks[t] == all_tricks:
                    scores[t] += r.all_tricks_bonus
        if r.nest_bonus:
            scores[team(r, last, declarer, partner)] += r.nest_bonus
        if declarer is not None:
            mine = team(r, declarer, declarer, partner)
            if scores[mine] < bid or forced_trump_discard:
                scores[mine] = -bid if r.set_declarer == "minus_bid" else 0
                for t in names:
                    if t != mine:
                        scores[t] *= r.set_opponents_multiplier
    out.side_scores = scores
    out.seat_scores = {s: scores[team(r, s, declarer, partner)] for s in r.seats}
    return out
