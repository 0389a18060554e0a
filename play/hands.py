"""Recording a game's next hand, exactly once. Every hand is recorded in one
transaction that locks the game row first; the engine (``scoring.engine``) decides
what it scores, and the rows and the game's cached totals are kept in step with it.

Why a game takes no hand now (:func:`recording_refusal`), and the refusals a hand's
correction shares (:func:`void_conflict`, :func:`refused`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db import IntegrityError, transaction

from play import permissions
from play.checkins import closed_conflict
from play.game_state import state_of, store_state
from play.hand_scores import hand_fields, hand_irregularities, hand_results
from play.models import Game, Hand, HandResult, Irregularity, Night
from play.rulesets import rules_of
from play.signals import game_scored
from rookclub.core.errors import Conflict, Invalid, NotAllowed
from rookclub.core.roles import Actor, user_or_none
from scoring.engine import (
    CardHand,
    GameOver,
    GameState,
    HandRecord,
    HandRefused,
    RenegeFound,
    Ruleset,
    check_card_hand,
    play_hand,
)


def void_conflict(game: Game, to: str = "record hands") -> Conflict:
    """The refusal for anything a void game no longer allows."""
    return Conflict(
        f"This game was voided ({game.void_reason}); you can no longer {to} in it.",
        code="game_void",
    )


def recording_refusal(game: Game, night: Night | None = None) -> Conflict | None:
    """Why no hand can be recorded in ``game`` now (``game_void``, ``game_finished``,
    ``session_closed``), or None when the next one can. ``hand_record`` refuses with
    exactly this, and the score-entry page asks it so it never offers a form that would
    be refused. ``night``: a freshly read night (default: ``game.night``).
    """
    if game.is_void:
        return void_conflict(game)
    if game.is_finished:
        return Conflict("The game is over; no more hands can be recorded.", code="game_finished")
    night = night if night is not None else game.night if game.night_id else None
    if night is not None and not night.is_open:
        return closed_conflict(night, "record more hands")
    return None


def number_required(game: Game) -> Invalid:
    """The refusal for a hand posted without its ``number``: without one a hand is
    appended, so a client's retry (its answer lost) would record the hand twice."""
    expected = game.hands.count() + 1
    message = f"Send the hand's number (the next is {expected}) so a retry cannot record it twice."
    return Invalid(message, errors={"number": [message]}, code="number_required")


#: A hand's refusals that its game decides, not its shape (which the API's schema
#: states, ``hand_malformed``): a seat it lacks, its rules, its cards.
GAME_DECIDES = frozenset({"not_in_game", "hand_impossible", "card_hand_illegal"})


def refused(exc: HandRefused) -> Invalid:
    """The engine's refusal of a hand, as the API answers it (its ``code`` in the body)."""
    refusal = Invalid("The rules refuse this hand.", errors=exc.errors, code=exc.code)
    refusal.code_in_body = True  # the API's client tells the engine's codes apart
    return refusal


@dataclass(frozen=True)
class HandRecording:
    """What :func:`hand_recording` did with a posted hand. ``replayed``: the same hand
    was posted again (a retry whose answer was lost) and ``hand`` is the one already
    stored; nothing was written. Otherwise ``hand`` was just stored, and ``state`` (the
    engine's state after it) and ``irregularities`` (those just stored with it) answer
    without a second read. ``hand.game`` is the game as stored now, read locked."""

    hand: Hand
    replayed: bool
    state: GameState | None = None
    irregularities: tuple[Irregularity, ...] = ()


def hand_recording(
    *, game_id: int, data: Mapping[str, Any], entered_by: Actor, number: int | None = None
) -> HandRecording:
    """Record the next hand of the game ``game_id``; the engine scores it. ``data`` is a
    score-sheet hand or ``{"card_hand": {...}}`` (:func:`posted_hand`). The game is read
    here, once, locked: a caller that has only its id reads nothing before.

    Refused by the rules: ``Invalid``, nothing stored; a finished game or closed night
    as :func:`recording_refusal`; a ``number`` that is not the next hand's:
    ``Conflict("hand_number_taken")``; no such game: ``Game.DoesNotExist``.

    Exactly once: a phone that lost the answer to its post posts the same hand under the
    same ``number`` again. When that hand is stored, entered the same way with the same
    record, the answer is that hand, ``replayed``, instead of a 409, even if the game or
    night has ended since (nothing is written).
    """
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
        raise Invalid("Bad hand number.", errors={"number": ["must be a whole number"]})
    via, side = None, ""
    if permissions.is_table_actor(entered_by):
        via, side = entered_by.link, entered_by.side or permissions.SIDES[0]
        if side not in permissions.SIDES:
            raise Invalid(
                "Say which side you are.",
                errors={"side": ["north_south or east_west: the side entering the hand"]},
            )
    with transaction.atomic():
        # Lock the game row: two phones posting the same hand at once queue here, so the
        # second sees the first's hand instead of both scoring against the same totals.
        locked, role = permissions.game_for_recording(game_id, entered_by)
        if not permissions.can_record_as(entered_by, locked, role):
            if via is not None:
                raise NotAllowed("This table's link records only the game now at its table.")
            raise NotAllowed("Only a director or scorer of the club can record hands.")
        try:
            # No savepoint of its own: a doubled hand's IntegrityError ends the whole
            # transaction anyway (it is rolled back as the Conflict leaves it).
            with transaction.atomic(savepoint=False):
                recording = _append(locked, data, user_or_none(entered_by), number, via, side)
        except IntegrityError as exc:
            # Last line of defence: the (game, number) unique constraint. Only the hand's
            # own insert is guarded, so a receiver's error is never taken for a doubled hand.
            raise Conflict(
                "This hand has already been recorded.",
                errors={"number": ["this hand number is already recorded"]},
                code="hand_number_taken",
            ) from exc
        if not recording.replayed:
            game_scored.send(sender=Game, game=locked)
    return recording


def hand_record(
    *, game: Game, data: Mapping[str, Any], entered_by: Actor, number: int | None = None
) -> Hand:
    """:func:`hand_recording` for a caller holding ``game`` that wants only the hand (the
    one just stored, or the one already stored for a retry); ``game`` is brought to the
    row as stored now (:func:`game_as_stored`), without reading it again."""
    recording = hand_recording(game_id=game.pk, data=data, entered_by=entered_by, number=number)
    game_as_stored(game, recording.hand.game)
    return recording.hand


def game_as_stored(held: Game, stored: Game) -> None:
    """Bring ``held``, a caller's copy of a game, to ``stored``, the same game's row as
    just read and written (``hand_recording``'s ``hand.game``): its stored fields are
    copied, its cached relations (the club) kept."""
    if held is not stored:
        for field in Game._meta.concrete_fields:
            setattr(held, field.attname, getattr(stored, field.attname))


def _append(
    game: Game,
    data: Mapping[str, Any],
    entered_by: Actor,
    number: int | None,
    via: Any = None,
    side: str = "",
) -> HandRecording:
    rules = rules_of(game)
    try:
        before = state_of(game, rules)  # from the row: no replay (a stale row: replayed)
    except HandRefused as exc:
        raise refused(exc) from exc
    except GameOver as exc:
        raise Conflict("The game is over.", code="game_finished") from exc
    expected = before.hand_count + 1
    if number is not None and 0 < number < expected:
        # Before the refusals: the lost answer may have been to the game's last hand.
        replayed = _replayed(game, data, entered_by, number, via, side)
        if replayed is not None:
            return HandRecording(replayed, replayed=True)
    # The game row is locked; read the night afresh. Closing a night locks its games
    # first, so the night cannot close between this check and the hand being stored.
    night = (
        Night.objects.only("status", "closed_at", "date").get(pk=game.night_id)
        if game.night_id
        else None
    )
    refusal = recording_refusal(game, night)
    if refusal is not None:
        raise refusal
    if number is not None and number != expected:
        taken = number < expected
        message = (
            f"Hand {number} is already recorded; the next hand is {expected}."
            if taken
            else f"The next hand to record is hand {expected}, not {number}."
        )
        raise Conflict(message, errors={"number": [message]}, code="hand_number_taken")
    try:
        posted = posted_hand(data, rules, dealer=before.dealer)
        state = play_hand(before, posted.record)
    except HandRefused as exc:
        raise refused(exc) from exc
    except GameOver as exc:
        raise Conflict("The game is over.", code="game_finished") from exc
    hand = Hand(
        game=game,
        number=expected,
        entered_by=entered_by,
        entered_via=via,
        entered_side=side,
        card_hand=posted.card_hand,
        **hand_fields(state.hands[-1], rules),
    )
    hand.save(force_insert=True)
    irregularities = hand_irregularities(hand, posted.record, rules, posted.renege)
    if irregularities:
        Irregularity.objects.bulk_create(irregularities)
    HandResult.objects.bulk_create(hand_results(hand, state.hands[-1], state.winners))
    # Only what this hand changed (never the ruleset snapshot or who started it).
    changed = store_state(game, state)
    if changed:
        game.save(update_fields=changed)
    return HandRecording(hand, replayed=False, state=state, irregularities=tuple(irregularities))


class PostedHand(NamedTuple):
    """A posted hand as the engine reads it: the score-sheet record to score and, for a
    hand given card by card, that record (as stored) and the renege it showed."""

    record: HandRecord
    card_hand: dict[str, Any] | None = None
    renege: RenegeFound | None = None


def posted_hand(data: Mapping[str, Any], rules: Ruleset, *, dealer: str) -> PostedHand:
    """Read a posted hand: a score-sheet body, or ``{"card_hand": {...}}`` (the hand card
    by card, docs/hand-format.md section 2), which the engine checks card by card and
    turns into its score-sheet record. Raises ``HandRefused``; a card hand's field names
    come back under ``card_hand.``."""
    if "card_hand" not in data:
        return PostedHand(HandRecord.from_dict(data, rules))
    others = sorted(str(key) for key in data if key != "card_hand")
    if others:
        message = "a hand given card by card comes alone, under card_hand"
        raise HandRefused({key: [message] for key in others}, "hand_malformed")
    try:
        card_hand = CardHand.from_dict(data["card_hand"])
        result = check_card_hand(rules, card_hand, dealer=dealer)
    except HandRefused as exc:
        errors = {f"card_hand.{key}": messages for key, messages in exc.errors.items()}
        raise HandRefused(errors, exc.code) from exc
    renege = result.reneges[0] if result.reneges else None
    return PostedHand(result.record, card_hand.to_dict(), renege)


def _replayed(
    game: Game, data: Mapping[str, Any], entered_by: Actor, number: int, via: Any, side: str
) -> Hand | None:
    """Hand ``number`` (its ``game`` is ``game``) when ``data`` is that same hand posted
    again the same way: by the same person (None: SYSTEM), or through the same table
    link for the same side."""
    hand = game.hands.get(number=number)
    same_way = (hand.entered_by_id, hand.entered_via_id, hand.entered_side or "") == (
        getattr(entered_by, "pk", None),
        getattr(via, "pk", None),
        side or "",
    )
    if not same_way:
        return None
    try:
        if "card_hand" in data:
            same = CardHand.from_dict(data["card_hand"]).to_dict() == hand.card_hand
        else:
            posted = HandRecord.from_dict(data, rules_of(game)).to_dict()
            same = hand.card_hand is None and posted == hand.record
    except HandRefused:
        return None  # not even a valid hand: certainly not the one stored
    return hand if same else None
