"""What the API reads and answers for a hand: the hand posted (by number, or card by
card), a correction, and the hand's answer (``HandOut``, ``HandRecorded``) built from a
score-sheet row or from the state a hand was just scored with; and the 400s a hand's
writes answer. The views: :mod:`play.api.games` (``hands/`` of a game),
:mod:`play.api.hands` (confirm, correct) and :mod:`play.api.tables`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema_field, inline_serializer
from rest_framework import serializers

from play.api.hand_schema import ScoreSheetHand
from play.hand_rows import recorded_row
from play.hands import HandRecording
from play.models import Hand
from play.score_sheets import SheetRow, game_sheet
from rookclub.core.api import OptionsField, whole
from rookclub.core.limits import REASON_MAX, REQUIRED_TEXT_PATTERN, validate_text

HAND_NUMBER_MAX = 9999  # documented; a number past the game's next hand is a 409 anyway


#: Points by side (a serializer class: each field that uses it makes its own, since one
#: field object given to two names is bound to the last and the schema loses the first).
SIDES = type(
    inline_serializer(
        "Sides",
        {"north_south": serializers.IntegerField(), "east_west": serializers.IntegerField()},
    )
)


#: A game's running totals by its sides: north_south and east_west in the partnership
#: games of four, seats_135 and seats_246 at six, each seat where players score apart
#: (the games for two, three and five: seat1 …); a hand row's totals are SIDES.
TOTALS = serializers.DictField(
    child=serializers.IntegerField(),
    help_text="side -> points: north_south and east_west in the partnership games of four; "
    "seats_135 and seats_246 in the games for six in partnerships; each seat (seat1 …) "
    "where players score apart",
)


ERRORS = OpenApiResponse(description="Field -> list of messages; nothing was stored.")


#: A hand's 400: the engine's refusals carry their ``code`` (play.hands.refused).
HAND_REFUSAL = OpenApiResponse(
    description="Field -> list of messages; nothing was stored. A hand the rules engine "
    "refuses also carries a `code`: `hand_malformed` (a shape the schema states: an "
    "unknown field, a count that is no whole number), `not_in_game` (a seat or side the "
    "game's ruleset does not have), `hand_impossible` (the hand breaks the rules: "
    "counters that do not add up, a bid off the ruleset's steps…), `card_hand_illegal` "
    "(a card-by-card hand that is no legal deal or play)."
)


class HandIn(ScoreSheetHand):
    """The hand as the score sheet holds it (documentation only: the rules engine
    checks the body and answers every problem per field), and its number."""

    number = whole(
        1,
        HAND_NUMBER_MAX,
        help_text="The number of the hand being recorded: the game's `next_number`. Required, "
        "so a retry records nothing twice (400 `number_required` without it; 409 if taken).",
    )
    card_hand = OptionsField(
        required=False,
        help_text="Instead of the score-sheet fields: the hand card by card (the deal, the "
        "auction, nest and discards, every trick; docs/hand-format.md section 2). The engine "
        "checks it card by card, derives the score-sheet hand and scores it; give it alone "
        "(with `number`).",
    )


@extend_schema_field({"type": "string", "maxLength": REASON_MAX, "pattern": REQUIRED_TEXT_PATTERN})
class CorrectionReason(serializers.CharField):
    """check_reason's rules (no control characters but line breaks and tabs), and
    hand_correct's: something in it once trimmed."""


class CorrectedHandIn(HandIn):
    """A correction's hand: the score-sheet fields alone (no number: the hand keeps its
    own; no card-by-card hand)."""

    number = None
    card_hand = None


class CorrectionIn(serializers.Serializer):
    reason = CorrectionReason(max_length=REASON_MAX, validators=[validate_text])
    hand = CorrectedHandIn()


RENEGE_OUT = inline_serializer(
    "RenegeFound",
    {
        "seat": serializers.CharField(),
        "found": serializers.CharField(help_text="in_time or later"),
        "trick": serializers.IntegerField(
            allow_null=True, help_text="the trick it happened in (1-based); card-by-card hands"
        ),
        "card": serializers.CharField(
            allow_null=True, help_text="the card played instead of following, e.g. red-5"
        ),
    },
    allow_null=True,
    help_text="the hand's renege (who, and for a hand given card by card at which trick "
    "with which card); null when nobody reneged",
)


WINNERS = serializers.ListField(
    child=serializers.IntegerField(),
    help_text="the winning players' ids in every game (a partnership's two, or the one "
    "player of a game scored by player); empty until the game is won",
)


class HandOut(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    bidder = serializers.CharField(allow_null=True)
    declarer = serializers.IntegerField(allow_null=True, help_text="player id")
    bid = serializers.IntegerField(allow_null=True)
    trump = serializers.CharField()
    record = serializers.DictField(help_text="the hand as entered")
    score = SIDES()
    made = serializers.BooleanField(allow_null=True)
    void = serializers.BooleanField()
    reasons = serializers.ListField(child=serializers.CharField())
    totals = SIDES()
    seats = serializers.DictField(child=serializers.IntegerField(), help_text="seat -> player id")
    confirmed = serializers.BooleanField()
    corrected = serializers.BooleanField(
        help_text="a director corrected this hand; a corrected hand needs confirming again"
    )
    confirmed_by_name = serializers.CharField(
        allow_null=True,
        help_text="who confirmed the hand: their player name in the game's club, else their "
        'full name, else "a club member" (never a username); null while unconfirmed '
        "(also after a correction)",
    )
    entered_how = serializers.CharField(
        allow_null=True,
        read_only=True,
        help_text='how the hand came in: "via table link (North-South)", "by Ann Lee" (full '
        'name, else "by a club member"; never a username), "by Rookclub" (trusted work)',
    )
    entered_side = serializers.CharField(
        allow_null=True,
        read_only=True,
        help_text="north_south or east_west when entered through a table link; else null",
    )
    entered_at = serializers.DateTimeField(read_only=True)
    confirmed_how = serializers.CharField(
        allow_null=True,
        read_only=True,
        help_text='how the hand was confirmed: "via table link (East-West)", "by Ann Lee"; '
        "null while unconfirmed (also after a correction)",
    )
    confirmed_side = serializers.CharField(
        allow_null=True,
        read_only=True,
        help_text="the side that confirmed through a table link; else null",
    )
    confirmed_at = serializers.DateTimeField(allow_null=True, read_only=True)
    irregularities = serializers.ListField(child=serializers.DictField())
    player_scores = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="player id -> points this hand (every game; in games scored by player, "
        "Beginner and individual scoring, this is the hand's score)",
    )
    player_totals = serializers.DictField(
        child=serializers.IntegerField(), help_text="player id -> running total after this hand"
    )
    renege = RENEGE_OUT
    card_hand = serializers.DictField(
        allow_null=True,
        help_text="the hand card by card when it was entered that way (docs/hand-format.md "
        "section 2); `record` is then the score-sheet hand the engine derived from it",
    )


class HandRecorded(HandOut):
    totals = TOTALS  # the game's, after this hand (its sides)
    status = serializers.CharField(help_text="the game's status after this hand")
    winner = serializers.CharField(allow_null=True)
    winners = WINNERS
    next_dealer = serializers.CharField()
    next_seats = serializers.DictField(child=serializers.IntegerField())
    seat_message = serializers.CharField(allow_null=True)


class HandWithCorrections(HandRecorded):
    """One hand read on its own (``hands/{id}/``): with its corrections."""

    corrections = serializers.ListField(
        child=inline_serializer(
            "HandCorrectionOut",
            {
                "before": serializers.DictField(help_text="the hand as it was"),
                "after": serializers.DictField(help_text="the hand as corrected"),
                "reason": serializers.CharField(),
                "by": serializers.CharField(allow_null=True, help_text="the director's username"),
                "at": serializers.DateTimeField(),
            },
        ),
        help_text="every correction of the hand, oldest first",
    )


def hand_out(row: SheetRow) -> dict[str, Any]:
    h = row.hand
    return {
        "id": h.pk,
        "number": h.number,
        "dealer": h.dealer,
        "bidder": h.bidder,
        "declarer": h.declarer_id,
        "bid": h.bid,
        "trump": h.trump,
        "record": h.record,
        "score": row.score,
        "made": h.made,
        "void": h.void,
        "reasons": row.reasons,
        "totals": row.totals,
        "seats": h.seats,
        "confirmed": row.confirmed,
        "corrected": row.corrected,
        "confirmed_by_name": row.confirmed_by_name,
        **provenance_out(h, row.entered_how, row.confirmed_how),
        "irregularities": [
            {"kind": i.kind, "seat": i.seat, "points": i.points} for i in row.irregularities
        ],
        "player_scores": {str(k): v for k, v in row.player_scores.items()},
        "player_totals": {str(k): v for k, v in row.player_totals.items()},
        "renege": renege_out(row),
        "card_hand": h.card_hand,
    }


def provenance_out(h: Hand, entered: str | None, confirmed: str | None) -> dict[str, Any]:
    """The read-only fields saying how a hand came in and how it was confirmed."""
    return {
        "entered_how": entered,
        "entered_side": h.entered_side or None,
        "entered_at": h.entered_at.isoformat().replace("+00:00", "Z") if h.entered_at else None,
        "confirmed_how": confirmed,
        "confirmed_side": h.confirmed_side or None,
        "confirmed_at": h.confirmed_at.isoformat().replace("+00:00", "Z")
        if h.confirmed_at
        else None,
    }


def renege_out(row: SheetRow) -> dict[str, Any] | None:
    """Who reneged in the hand; a card-by-card hand also says at which trick, with which card."""
    return _renege(row.irregularities)


def _renege(irregularities: list[Any]) -> dict[str, Any] | None:
    for i in irregularities:
        if i.kind == "renege":
            details = i.details or {}
            return {
                "seat": i.seat,
                "found": details.get("found"),
                "trick": details.get("trick"),
                "card": details.get("card"),
            }
    return None


def recording_out(recording: HandRecording) -> dict[str, Any]:
    """The answer to a hand posted (``HandRecorded``): a hand just stored is answered
    from the state it was scored with (its row built without reading the sheet back);
    a retry's hand, already stored, as :func:`recorded_out`."""
    if recording.replayed:
        return recorded_out(recording.hand)
    state = recording.state
    after = {
        "totals": dict(state.totals),
        "status": state.status,
        "winner": state.winner,
        "winners": list(state.winners),
        "next_dealer": state.dealer,
        "next_seats": dict(state.seats),
        "seat_message": state.seat_message,
    }
    return {**hand_out(recorded_row(recording)), **after}


def recorded_out(hand: Hand) -> dict[str, Any]:
    """A stored hand and the game after it (``HandRecorded``), read from the score sheet."""
    sheet = game_sheet(game=hand.game)
    row = next(r for r in sheet.rows if r.hand.pk == hand.pk)
    after = {
        "totals": sheet.totals if row.number == len(sheet.rows) else row.totals,
        "status": sheet.status,
        "winner": sheet.winner,
        "winners": list(sheet.winners),
        "next_dealer": sheet.dealer,
        "next_seats": {seat: p.pk for seat, p in sheet.seats.items()},
        "seat_message": sheet.seat_message,
    }
    return {**hand_out(row), **after}
