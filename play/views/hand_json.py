"""What the score page's script needs to show a hand it has just recorded, as JSON:
the result sentence, the totals, the new sheet row, who deals and sits where next,
the rotation for hands kept offline and who still has to confirm (static/js/outbox.js
updates the page from it, instead of asking for the whole live region again).

Built from the engine state ``hand_record`` has just scored the hand with
(``hand.recorded``): no query, no replay of the sheet. Player names are not read:
the page carries them (``#game-players``), the answer names players by id.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from play import provenance
from play.forms import SEAT_LABELS, TRUMP_LABELS, table_text
from play.models import Game, Hand
from play.permissions import SIDES
from play.selectors import UPCOMING, SheetRow
from rookclub.core.forms import label
from scoring.engine.rotation import upcoming
from scoring.engine.seat_names import names_for

SHEET_SIDES = ("north_south", "east_west")


def page_update(hand: Hand, game: Game, link: Any = None) -> dict[str, Any] | None:
    """The page's changes after ``hand`` (just recorded in ``game``; ``link`` the table
    link's state on a table page), or None when the page should be read again instead:
    a hand answered as a retry (``replayed``), a game scored by player, a game over."""
    recorded = getattr(hand, "recorded", None)
    if recorded is None or hand.replayed or game.scores_players:
        return None
    state = recorded.state
    if state.finished:
        return None
    row = _row(hand, recorded.irregularities)
    # Late import: games.py imports this module for its answer.
    from play.views.games import _result, irregularities_text

    result = _result(row)
    names = names_for(state.ruleset)
    confirm_sides = []
    if link is not None and hand.entered_via_id is not None:
        # A hand entered through the link waits for the other side (table_confirmable).
        url = reverse("table-link-confirm", args=[link.link.key, hand.number])
        entered = hand.entered_side or SIDES[0]
        confirm_sides = [
            {"value": s, "label": names.party_name(s), "url": url} for s in SIDES if s != entered
        ]
    waits_for = (
        " and ".join(s["label"] for s in confirm_sides) if confirm_sides else names.other_side
    )
    seats = state.ruleset.player_seats
    message = state.seat_message
    return {
        "result": {
            "text": table_text(result["text"]),
            "totals": result["totals"],
            "outcome": "void" if row.void else "made" if row.made else "set",
            "confirm_sides": confirm_sides,
        },
        "totals": {side: state.totals.get(side, 0) for side in SHEET_SIDES},
        "row": {
            "number": hand.number,
            "void": hand.void,
            "misdeal": "misdeal" in (hand.record or {}),
            "made": hand.made,
            "dealer": label(SEAT_LABELS, hand.dealer) if hand.dealer else "",
            "declarer": hand.bidder or "",
            "declarer_label": label(SEAT_LABELS, hand.bidder) if hand.bidder else "",
            "declarer_player": hand.declarer_id,
            "bid": hand.bid,
            "trump": hand.trump or "",
            "trump_label": label(TRUMP_LABELS, hand.trump) if hand.trump else "",
            "counters": {side: row.counters.get(side) for side in SHEET_SIDES},
            "score": row.score,
            "totals": row.totals,
            "penalties": [
                {"kind": i.get_kind_display(), "seat": label(SEAT_LABELS, i.seat) if i.seat else ""}
                for i in recorded.irregularities
            ],
            "irregular": irregularities_text(recorded.irregularities),
            "entered_how": row.entered_how or "",
            "waits_for": waits_for,
        },
        "next": {
            "number": state.hand_count + 1,
            "dealer": state.dealer,
            "dealer_label": label(SEAT_LABELS, state.dealer),
            "seats": {seat: state.seats[seat] for seat in seats if seat in state.seats},
            "seat_message": table_text(str(message)) if message else "",
        },
        "rotation": _rotation(state, seats),
    }


def _rotation(state: Any, seats: tuple[str, ...]) -> list[dict[str, Any]]:
    """The engine's rotation for the hands after the next (``engine.rotation.upcoming``),
    as ``rotation_data`` gives it to the page, with player ids for names."""
    ahead = upcoming(
        state.ruleset, state.initial_seats, state.dealer, state.seats, state.scored_hands, UPCOMING
    )
    return [
        {
            "number": state.hand_count + 1 + k,
            "dealer": label(SEAT_LABELS, dealer),
            "dealer_player": players.get(dealer),
            "seats": [
                {"seat": seat, "player": players.get(seat), "dealer": seat == dealer}
                for seat in seats
            ],
            "message": table_text(str(note)) if note else "",
        }
        for k, (dealer, players, note) in enumerate(ahead, start=1)
    ]


def _row(hand: Hand, irregularities: list[Any]) -> SheetRow:
    """The sheet's row of a hand just recorded: unconfirmed, uncorrected."""
    return SheetRow(
        hand=hand,
        number=hand.number,
        dealer=hand.dealer,
        declarer=hand.bidder,
        declarer_player=None,
        bid=hand.bid,
        trump=hand.trump,
        counters=dict((hand.record or {}).get("counters") or {}),
        score={"north_south": hand.score_ns, "east_west": hand.score_ew},
        totals={"north_south": hand.total_ns, "east_west": hand.total_ew},
        made=hand.made,
        void=hand.void,
        reasons=list(hand.score.get("reasons", [])),
        confirmed=False,
        corrected=False,
        irregularities=list(irregularities),
        entered_how=provenance.entered_how(hand),
    )
