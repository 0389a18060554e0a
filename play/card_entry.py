"""Entering a hand card by card, one tap at a time: the rules of the page
``games/<id>/cards/`` and ``t/<key>/cards/``, over a draft the page carries.

Pure Python over the engine (no Django): a draft is a JSON-ready dict; every tap returns
the next draft and, when refused or showing a renege, a sentence. A card that does not
follow the colour led when the player could is taken and shown as a renege at once. The
finished draft is the ``card_hand`` the API records.
"""

from __future__ import annotations

from typing import Any

from scoring.engine import Card, Ruleset, card_code, trick_rules
from scoring.engine.auction import AuctionResult, run_auction
from scoring.engine.cards import card_words, parse_card
from scoring.engine.errors import AuctionError
from scoring.engine.seat_names import seat_name

DEAL, AUCTION, CONTRACT = "deal", "auction", "contract"
DISCARD, PLAY, DONE = "discard", "play", "done"
STAGES = (DEAL, AUCTION, CONTRACT, DISCARD, PLAY, DONE)


def new_draft(rules: Ruleset, dealer: str) -> dict[str, Any]:
    return {
        "stage": DEAL,
        "dealer": dealer,
        "hands": {seat: [] for seat in rules.seats},
        "nest": [],
        "calls": [],
        "bidder": None,
        "bid": None,
        "trump": None,
        "called_card": None,
        "discards": [],
        "tricks": [],
        "reneges": [],
    }


def deal_order(rules: Ruleset, dealer: str) -> list[str]:
    """The seats in the order they are dealt to: from the dealer's left, clockwise."""
    seats = list(rules.table_order(dealer))
    i = seats.index(dealer)
    return seats[i + 1 :] + seats[: i + 1]


def dealing_to(rules: Ruleset, draft: dict[str, Any]) -> str | None:
    for seat in deal_order(rules, draft["dealer"]):
        if len(draft["hands"][seat]) < rules.cards_per_hand:
            return seat
    return None


def held(draft: dict[str, Any], seat: str) -> list[str]:
    """The cards ``seat`` still holds: dealt (the declarer's with the nest, less the
    discards), less those played."""
    cards = list(draft["hands"][seat])
    if seat == draft["bidder"]:
        cards = [c for c in cards + draft["nest"] if c not in draft["discards"]]
    played = {code for trick in draft["tricks"] for _, code in trick}
    return [c for c in cards if c not in played]


def playable(rules: Ruleset, draft: dict[str, Any], seat: str) -> list[str]:
    """The cards ``seat`` may still have to play, in the deck's order: exactly its hand
    when the deal entered it; otherwise every card not played, not buried by the
    declarer, and not in another player's known hand (nor the nest, unless ``seat``
    took it)."""
    if len(draft["hands"].get(seat) or []) >= rules.cards_per_hand:
        mine = set(held(draft, seat))
    else:
        gone = {code for trick in draft["tricks"] for _, code in trick}
        gone |= set(draft["discards"])
        for other in draft["hands"]:
            if other != seat:
                gone |= set(held(draft, other))
        if seat != draft["bidder"]:
            gone |= set(draft["nest"])
        mine = {card_code(c) for c in rules.deck} - gone
    return [card_code(c) for c in rules.deck if card_code(c) in mine]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def to_play(rules: Ruleset, draft: dict[str, Any]) -> str | None:
    """Whose turn it is in the play, or None when every trick is played."""
    tricks = draft["tricks"]
    if tricks and len(tricks) == rules.tricks_played and len(tricks[-1]) == len(rules.seats):
        return None
    tr = trick_rules(rules, draft["trump"])
    if not tricks:
        leader = rules.first_leader(draft["dealer"], draft["bidder"])
        return leader
    last = tricks[-1]
    orders = rules.play_orders_for(draft["dealer"])
    if len(last) < len(rules.seats):
        order = orders[last[0][0]]
        return order[len(last)]
    cards = [parse_card(code) for _, code in last]
    return last[tr.winner(cards)][0]


def tap(rules: Ruleset, draft: dict[str, Any], code: str) -> tuple[dict[str, Any], str | None]:
    """The draft after tapping card ``code``, and a sentence when the tap was refused
    or the card was a renege."""
    draft = {**draft, "tricks": [list(t) for t in draft["tricks"]]}
    try:
        card = parse_card(code)
    except ValueError:
        return draft, f"{code} is not a card of this deck."
    if card not in rules.deck_set:
        return draft, f"{_capital(card_words(card))} is not a card of this deck."
    code = card_code(card)
    if draft["stage"] == DEAL:
        return _deal(rules, draft, code)
    if draft["stage"] == DISCARD:
        return _discard(rules, draft, code)
    if draft["stage"] == PLAY:
        return _play(rules, draft, code, card)
    return draft, "Nothing to tap now."


def _deal(rules: Ruleset, draft: dict[str, Any], code: str) -> tuple[dict[str, Any], str | None]:
    dealt = {c for cards in draft["hands"].values() for c in cards}
    if code in dealt:
        return draft, f"{_capital(card_words(code))} is dealt already."
    seat = dealing_to(rules, draft)
    hands = {s: list(cards) for s, cards in draft["hands"].items()}
    hands[seat].append(code)
    draft = {**draft, "hands": hands}
    if dealing_to(rules, draft) is None:
        taken = {c for cards in hands.values() for c in cards}
        draft["nest"] = [card_code(c) for c in rules.deck if card_code(c) not in taken]
        draft["stage"] = AUCTION if rules.bidding else CONTRACT
    return draft, None


def auction(rules: Ruleset, draft: dict[str, Any]) -> AuctionResult:
    """The auction so far (``draft["calls"]``: amounts, None for a pass)."""
    return run_auction(rules, draft["dealer"], list(draft.get("calls") or []), partial=True)


def lowest_bid(rules: Ruleset, draft: dict[str, Any]) -> int:
    """The least the player to call may bid: the minimum, or a step above the last bid."""
    high = auction(rules, draft).contract
    return rules.min_bid if high is None else high + rules.bid_step


def call(
    rules: Ruleset, draft: dict[str, Any], bid: int | None
) -> tuple[dict[str, Any], str | None]:
    """The draft after the player to call bids ``bid`` (None: passes), and a sentence
    when the call is refused. The last call ends the auction: the declarer and the
    contract are the auction's, and the page asks for trump next. When everyone passed
    and the game redeals, the calls start again and the sentence says so."""
    if draft["stage"] != AUCTION:
        return draft, "The auction is over."
    calls = [*(draft.get("calls") or []), bid]
    if bid is not None:
        least, seat = lowest_bid(rules, draft), auction(rules, draft).next_to_call or ""
        if bid < least or bid > rules.highest_bid or bid % rules.bid_step:
            return draft, (
                f"{seat_name(seat)} may bid {least} to {rules.highest_bid}"
                f" in steps of {rules.bid_step}, or pass."
            )
    try:
        result = run_auction(rules, draft["dealer"], calls, partial=True)
    except AuctionError as error:
        return draft, " ".join(str(m) for m in error.messages)
    draft = {**draft, "calls": calls}
    if not result.finished:
        return draft, None
    if result.declarer is None:
        return {**draft, "calls": []}, (
            "Everyone passed: this deal is not played. Record a redeal on the score sheet."
        )
    return {**draft, "bidder": result.declarer, "bid": result.contract, "stage": CONTRACT}, None


def contract(
    rules: Ruleset,
    draft: dict[str, Any],
    bidder: str,
    bid: int,
    trump: str,
    called_card: str | None = None,
) -> tuple[dict[str, Any], str | None]:
    """Trump (and the called card where the declarer calls a partner) for the contract.
    After an auction its declarer and bid stand; a table that kept no auction gives
    ``bidder`` and ``bid`` here."""
    if draft.get("calls"):
        bidder, bid = draft["bidder"], draft["bid"]
    if bidder not in rules.player_seats:
        return draft, "Choose the declarer."
    if trump not in rules.trump_names:
        return draft, "Choose trump."
    called = None
    if rules.partnership == "called_partner":
        try:
            called = card_code(parse_card(called_card or ""))
        except ValueError:
            return draft, "Choose the card the declarer calls."
        if parse_card(called) not in rules.deck_set:
            return draft, "Choose the card the declarer calls."
    stage = DISCARD if rules.nest_size and rules.nest_capture != "nobody" else PLAY
    return {
        **draft,
        "bidder": bidder,
        "bid": bid,
        "trump": trump,
        "called_card": called,
        "stage": stage,
    }, None


def _discard(rules: Ruleset, draft: dict[str, Any], code: str) -> tuple[dict[str, Any], str | None]:
    bidder = draft["bidder"]
    pool = draft["hands"][bidder] + draft["nest"]
    if code not in pool:
        return draft, f"{_capital(card_words(code))} is not in the declarer's hand or the nest."
    discards = list(draft["discards"])
    if code in discards:
        discards.remove(code)
    else:
        discards.append(code)
    draft = {**draft, "discards": discards}
    if len(discards) == rules.nest_size:
        draft["stage"] = PLAY
    return draft, None


def _play(
    rules: Ruleset, draft: dict[str, Any], code: str, card: Card
) -> tuple[dict[str, Any], str | None]:
    seat = to_play(rules, draft)
    hand = held(draft, seat)
    if code not in hand:
        return draft, f"{_capital(card_words(code))} is not in {seat_name(seat)}'s hand."
    tricks = draft["tricks"]
    if not tricks or len(tricks[-1]) == len(rules.seats):
        tricks.append([])
    trick = tricks[-1]
    tr = trick_rules(rules, draft["trump"])
    led = tr.suit[parse_card(trick[0][1])] if trick else None
    message = None
    if not tr.may_play(card, [parse_card(c) for c in hand], led):
        number = len(tricks)
        draft = {**draft, "reneges": [*draft["reneges"], [number, seat, code]]}
        message = (
            f"Renege: {seat_name(seat)} played {card_words(code)} in trick {number}"
            f" and could have followed {led}."
        )
    trick.append([seat, code])
    if to_play(rules, {**draft, "tricks": tricks}) is None:
        draft = {**draft, "stage": DONE}
    return {**draft, "tricks": tricks}, message


def card_hand(draft: dict[str, Any]) -> dict[str, Any]:
    """The finished draft as the API's ``card_hand``."""
    out = {
        "hands": draft["hands"],
        "nest": draft["nest"],
        "dealer": draft["dealer"],
        "bidder": draft["bidder"],
        "bid": draft["bid"],
        "trump": draft["trump"],
        "discards": draft["discards"],
        "tricks": draft["tricks"],
    }
    if draft.get("calls"):
        out["calls"] = list(draft["calls"])
    if draft.get("called_card"):
        out["called_card"] = draft["called_card"]
    return out
