"""One hand's row of the score sheet without replaying the sheet: the hand just
recorded (from the engine state it was scored with), a hand read alone (a Confirm's
answer), and a row brought up to date with its hand's confirmation."""

from __future__ import annotations

import functools

from django.db.models import Exists, F, Func, IntegerField, OuterRef, QuerySet, Subquery

from play import provenance
from play.confirmations import confirmer_name
from play.hands import HandRecording
from play.models import Game, GameSeat, Hand, HandCorrection
from play.rulesets import rules_of
from play.score_sheets import SheetRow
from scoring.engine.seat_names import names_for


def row_confirmed(game: Game, row: SheetRow) -> None:
    """``row`` (of ``game``'s sheet) says what its hand now says of its confirmation (the
    hand confirmed in memory, through a table link: the row is not read again). A hand a
    person confirmed gets their player's name from the row's own query only."""
    hand = row.hand
    parties = names_for(rules_of(game)).party_names
    row.confirmed = hand.confirmed_at is not None
    row.confirmed_by_name = confirmer_name(hand.confirmed_by if hand.confirmed_by_id else None)
    row.confirmed_how = provenance.confirmed_how(hand, None, parties)


#: The keys of a hand's record that make its irregularities (penalties, a renege, a
#: misdeal, a redeal: ``play.hand_scores.hand_irregularities``).
IRREGULAR_KEYS = ("penalties", "renege", "misdeal", "redeal")


def recorded_row(recording: HandRecording) -> SheetRow:
    """The score sheet's row of a hand ``hand_recording`` has just stored (not a
    retry's), from the engine state it was scored with, without a query: unconfirmed
    and uncorrected, its irregularities the ones just stored."""
    hand, state, irregularities = recording.hand, recording.state, recording.irregularities
    played = state.hands[-1]
    return SheetRow.of(
        hand,
        corrected=False,
        declarer_player=None,
        irregularities=list(irregularities),
        entered_how=provenance.entered_how(hand, names_for(state.ruleset).party_names),
        player_scores={pid: played.score.seats[seat] for seat, pid in played.seats.items()},
        player_totals={pid: played.player_totals[pid] for pid in played.seats.values()},
    )


@functools.cache
def _hand_rows() -> QuerySet:
    """The hands as :func:`hand_row` reads one, built once per process and filtered for
    each Confirm: with its game, its declarer and who entered it, whether it was
    corrected and how many hands of its game wait for a confirmation."""
    # COUNT over the game's unconfirmed hands, one value without a GROUP BY.
    waiting = (
        Hand.objects.filter(game_id=OuterRef("game_id"), confirmed_at__isnull=True)
        .order_by()
        .annotate(n=Func(F("pk"), function="COUNT"))
        .values("n")
    )
    # No ORDER BY: a game's hand number is unique, and the model's ordering (by the
    # game's own ordering, then the number) would join and sort for nothing.
    hands = Hand.objects.select_related("game", "declarer", "entered_by").order_by()
    return hands.annotate(
        corrected=Exists(HandCorrection.objects.filter(hand=OuterRef("pk"))),
        waiting=Subquery(waiting, output_field=IntegerField()),
    )


def hand_row(*, game_id: int, number: int) -> tuple[SheetRow, int] | None:
    """Hand ``number`` of game ``game_id`` as its row of the score sheet, read alone (a
    Confirm's answer: a confirmation changes no total, so the sheet is not replayed),
    and how many hands of the game wait for a confirmation, this one included while it
    waits: ``(row, waiting)``; None if the game has no such hand.

    One query, one more for irregularities when its record has any, two more where each
    player scores apart. Who confirmed it through a link is :func:`row_confirmed`'s."""
    hand = next(iter(_hand_rows().filter(game_id=game_id, number=number)[:1]), None)
    if hand is None:
        return None
    game = hand.game
    rules = rules_of(game)
    parties = names_for(rules).party_names
    record = hand.record or {}
    # A hand's irregularities are its record's: none to read for a hand without them.
    irregular = any(record.get(key) for key in IRREGULAR_KEYS)
    irregularities = list(hand.irregularities.all()) if irregular else []
    row = SheetRow.of(
        hand,
        declarer_player=hand.declarer,
        irregularities=irregularities,
        entered_how=provenance.entered_how(hand, parties),
        scores_players=game.scores_players,
    )
    if row.scores_players:
        # Each player's points and total as stored (HandResult), by starting seat.
        seats = sorted(
            GameSeat.objects.filter(game_id=game.pk).select_related("player"),
            key=lambda s: rules.seats.index(s.seat),
        )
        results = {
            pid: (points, total)
            for pid, points, total in hand.results.values_list("player_id", "points", "total")
        }
        row.player_scores = {pid: points for pid, (points, _) in results.items()}
        row.player_totals = {pid: total for pid, (_, total) in results.items()}
        row.player_cells = [(s.player, *results.get(s.player_id, (0, 0))) for s in seats]
    return row, hand.waiting
