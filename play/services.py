"""Writes for games and hands. Every write is one transaction; appending or
correcting a hand locks the game row first.

The engine (``scoring.engine``) decides what a hand scores; these services keep
the rows and the cached totals in step with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db import IntegrityError, transaction
from django.utils import timezone

from play import permissions, provenance
from play.checkins import closed_conflict, lock_open_night
from play.game_state import state_of, store_state
from play.live import night_changed
from play.models import (
    LARGE_TABLE_SEATS,
    SMALL_TABLE_SEATS,
    Game,
    GameSeat,
    Hand,
    HandCorrection,
    HandResult,
    Irregularity,
    Night,
    TableSeating,
)
from play.rulesets import rules_of
from play.signals import finished_game_corrected, game_scored
from rookclub.clubs.models import Player
from rookclub.core.errors import Conflict, Invalid, NotAllowed
from rookclub.core.limits import check_reason
from rookclub.core.roles import Actor, require_director, require_scorer, user_or_none
from scoring.engine import (
    PRESETS,
    SEATS,
    CardHand,
    GameOver,
    GameState,
    HandRecord,
    HandRefused,
    RenegeFound,
    Ruleset,
    RulesetError,
    card_code,
    check_card_hand,
    new_game,
    play_hand,
    replay,
    ruleset_from,
)
from scoring.engine.messages import as_message
from scoring.engine.option_schema import too_large
from scoring.engine.rulesets import HOUSE_RULES
from scoring.engine.seat_names import names_for

COMPASS = SEATS  # a club night's tables seat four, at the compass seats
#: The seats a game's rows can hold (play.models.SEAT_CHOICES).
STORED_SEATS = frozenset(SEATS) | frozenset(SMALL_TABLE_SEATS) | frozenset(LARGE_TABLE_SEATS)


# ---- starting a game -----------------------------------------------------------------


class HouseRules(Invalid):
    """Options each well formed that cannot be played together (a bid step that does
    not divide the minimum bid, sides that leave a seat out, seats the game's ``seats``
    do not name): a rule of the whole ruleset, which no schema of single options
    states. Its ``code`` is in every API answer's body."""

    code = HOUSE_RULES
    code_in_body = True


def ruleset_or_invalid(slug: Any, options: Any) -> Ruleset:
    if not isinstance(slug, str):
        raise Invalid("Unknown ruleset.", errors={"ruleset": ["must be a ruleset slug"]})
    if options is not None and not isinstance(options, Mapping):
        raise Invalid("Bad options.", errors={"options": ["must be a JSON object"]})
    too_big = too_large(options or {})
    if too_big:
        messages = [f"{name}: {m}" for name, problems in too_big.items() for m in problems]
        raise Invalid("Bad options.", errors={"options": messages}, code="ruleset_invalid")
    try:
        return ruleset_from(slug, options or None)
    except RulesetError as exc:
        errors: dict[str, list[str]] = {}
        for field, messages in exc.errors.items():
            if field in ("slug", "ruleset"):
                errors.setdefault("ruleset", []).extend(messages)
            else:
                errors.setdefault("options", []).extend(
                    as_message(f"{field}: {m}") for m in messages
                )
        if exc.code == HOUSE_RULES:
            raise HouseRules("The ruleset cannot be played.", errors=errors) from exc
        raise Invalid("The ruleset cannot be played.", errors=errors, code=exc.code) from exc


ONE_SEAT_EACH = "a player can sit in only one seat"


def _preset_table(slug: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    preset = PRESETS.get(slug)
    return None if preset is None else (preset.seats, preset.dummy_seats)


def game_start(
    *,
    ruleset: str = "tournament",
    options: Mapping[str, Any] | None = None,
    seats: Mapping[str, Player],
    dealer: str | None = None,
    night: Night | None = None,
    table_seating: TableSeating | None = None,
    created_by: Actor,
) -> Game:
    """Start a game: the ruleset is snapshotted now, so later rule changes never rescore it.

    ``seats`` names a player for each of the ruleset's player seats (the four compass
    seats, or ``seat1`` … ``seat6`` for the games for two, three, five and six; a dummy
    is nobody's seat). ``dealer`` defaults to the first of them."""
    rules = ruleset_or_invalid(ruleset, options)
    players = tuple(rules.player_seats)
    dealer = players[0] if dealer is None else dealer
    errors: dict[str, list[str]] = {}
    if not set(rules.seats) <= STORED_SEATS or not 2 <= len(players) <= 6:
        errors["ruleset"] = ["club games are played by two to six players"]
    elif not isinstance(seats, Mapping) or set(seats) != set(players):
        errors["seats"] = [f"give a player for each of {', '.join(players)}"]
    elif len({p.pk for p in seats.values()}) != len(players):
        errors["seats"] = [ONE_SEAT_EACH]
    if "ruleset" not in errors and dealer not in players:
        errors["dealer"] = [f"unknown seat {dealer!r} (seats: {', '.join(players)})"]
    if errors:
        # House rules that change the table (its seats, a dummy) make these seats wrong.
        changed = (rules.seats, rules.dummy_seats) != _preset_table(ruleset)
        changed = changed and errors.get("seats") != [ONE_SEAT_EACH]
        raise (HouseRules if changed else Invalid)("The game cannot start.", errors=errors)
    clubs = {p.club_id for p in seats.values()}
    club_id = night.club_id if night is not None else next(iter(clubs))
    if clubs != {club_id}:
        raise Invalid(
            "Players from another club.", errors={"seats": ["every player must be of this club"]}
        )
    club = night.club if night is not None else next(iter(seats.values())).club
    require_scorer(created_by, club, "Only a director or scorer of the club can start a game.")
    state = new_game(rules, {seat: seats[seat].pk for seat in players}, dealer)
    with transaction.atomic():
        if night is not None:
            # Held until the game is stored: closing the night waits for it, or refuses it.
            lock_open_night(night.pk, "start another game")
        game = Game(
            club=club,
            night=night,
            table_seating=table_seating,
            ruleset_slug=rules.slug,
            ruleset=rules.to_dict(),
            scored_by_player=scored_by_player(rules),
            first_dealer=dealer,
            created_by=user_or_none(created_by),
        )
        store_state(game, state)
        game.save()
        GameSeat.objects.bulk_create(
            GameSeat(game=game, seat=seat, player=seats[seat]) for seat in players
        )
    return game


def scored_by_player(rules: Ruleset) -> bool:
    """The club's pages and standings show the game a player at a time: it is won by a
    player (``Ruleset.scores_players``), or by partnerships of three (Dixie for six,
    Partnership for Six), which no compass pair stands for (``Game.scores_players``)."""
    return rules.scores_players or set(rules.side_names) != {"north_south", "east_west"}


# ---- replaying stored hands ------------------------------------------------------------


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


def _hand_fields(played: Any, rules: Ruleset) -> dict[str, Any]:
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


def _results(hand: Hand, played: Any, winners: Any = ()) -> list[HandResult]:
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


def _irregularities(
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


def _refused(exc: HandRefused) -> Invalid:
    refusal = Invalid("The rules refuse this hand.", errors=exc.errors, code=exc.code)
    refusal.code_in_body = True  # the API's client tells the engine's codes apart
    return refusal


# ---- recording, confirming and correcting hands -------------------------------------------


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
        raise _refused(exc) from exc
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
        raise _refused(exc) from exc
    except GameOver as exc:
        raise Conflict("The game is over.", code="game_finished") from exc
    hand = Hand(
        game=game,
        number=expected,
        entered_by=entered_by,
        entered_via=via,
        entered_side=side,
        card_hand=posted.card_hand,
        **_hand_fields(state.hands[-1], rules),
    )
    hand.save(force_insert=True)
    irregularities = _irregularities(hand, posted.record, rules, posted.renege)
    if irregularities:
        Irregularity.objects.bulk_create(irregularities)
    HandResult.objects.bulk_create(_results(hand, state.hands[-1], state.winners))
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


def _table_confirm_check(hand: Hand, by: Actor) -> None:
    if by.side not in permissions.SIDES:
        raise Invalid(
            "Say which side confirms.",
            errors={"side": ["north_south or east_west: the side confirming the hand"]},
        )
    if by.game_id != hand.game_id or by.link.club_id != hand.game.club_id:
        raise NotAllowed("This table's link confirms only hands of the game at its table.")
    sides = permissions.entered_for(hand.game, [hand])[hand.pk]
    if by.side in sides:
        other = permissions.OTHER_SIDE[by.side]
        raise Conflict(
            f"This hand was entered for {SIDE_NAMES[by.side]}; {SIDE_NAMES[other]} confirms it.",
            code="own_side",
        )


SIDE_NAMES = {"north_south": "North\N{EN DASH}South", "east_west": "East\N{EN DASH}West"}


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


def hand_confirm(*, hand: Hand, by: Actor) -> Hand:
    """The other side (or a director) confirms a hand; never the person who entered it
    (:func:`play.permissions.can_confirm`). Confirming changes no score, so a hand of a
    closed night can still be confirmed (a table link, though, stops with the night).
    Through a table link, the side the hand was entered for gets ``Conflict("own_side")``."""
    if permissions.is_table_actor(by):
        _table_confirm_check(hand, by)
        # One statement: the first confirmation stands (the row is updated only while
        # unconfirmed); read again only when another came first.
        now = timezone.now()
        confirmed = Hand.objects.filter(pk=hand.pk, confirmed_at__isnull=True).update(
            confirmed_via=by.link, confirmed_side=by.side, confirmed_at=now
        )
        if confirmed:
            hand.confirmed_via, hand.confirmed_side, hand.confirmed_at = by.link, by.side, now
            night_changed(by.link.night_id, standings=False)
        else:
            hand.refresh_from_db()
        return hand
    if getattr(by, "is_authenticated", False) and by.pk == hand.entered_by_id:
        raise NotAllowed("The person who entered a hand cannot confirm it.", code="own_hand")
    if not permissions.can_confirm(by, hand):
        raise NotAllowed("Only a player of the other side or a director can confirm this hand.")
    with transaction.atomic():
        locked = Hand.objects.select_for_update().get(pk=hand.pk)
        if locked.confirmed_at is None:
            locked.confirmed_by = user_or_none(by)
            locked.confirmed_at = timezone.now()
            locked.save(update_fields=["confirmed_by", "confirmed_at"])
            night_changed(hand.game.night_id, standings=False)
    hand.refresh_from_db()
    return hand


def confirmer_name(user: Any, player_name: str | None = None) -> str | None:
    """How the sheet names whoever confirmed a hand: their player of the game's club
    (``player_name``), else as :func:`play.provenance.person_name` does (never the
    username); None if nobody."""
    return provenance.person_name(user, player_name)


def _confirmer_player_name(hand: Hand, club_id: int) -> str | None:
    if hand.confirmed_by_id is None:
        return None
    names = Player.objects.filter(club_id=club_id, user_id=hand.confirmed_by_id)
    return names.order_by("pk").values_list("name", flat=True).first()


def _snapshot(hand: Hand, club_id: int) -> dict[str, Any]:
    """The hand as it stands, for a correction's history: what was recorded, what it
    scored, and who had confirmed it (``confirmed_by`` is a user id)."""
    confirmer = hand.confirmed_by if hand.confirmed_by_id else None
    player_name = _confirmer_player_name(hand, club_id)
    return {
        "record": hand.record,
        **({"card_hand": hand.card_hand} if hand.card_hand is not None else {}),
        "score": hand.score,
        "totals": {"north_south": hand.total_ns, "east_west": hand.total_ew},
        "confirmed_by": hand.confirmed_by_id,
        "confirmed_by_name": confirmer_name(confirmer, player_name),
        "confirmed_at": hand.confirmed_at.isoformat() if hand.confirmed_at else None,
        # "via table link (East-West)", "via table link (the other players)" at a table
        # of five, "by Ann Lee": who had confirmed it, any way, in the table's words.
        "confirmed_how": provenance.confirmed_how(
            hand, player_name, names_for(rules_of(hand.game)).party_names
        ),
    }


_REPLAYED = [
    "record",
    "score",
    "dealer",
    "bidder",
    "declarer_id",
    "bid",
    "trump",
    "made",
    "void",
    "score_ns",
    "score_ew",
    "total_ns",
    "total_ew",
    "seats",
]


def hand_correct(*, hand: Hand, data: Mapping[str, Any], by: Actor, reason: str) -> Hand:
    """A director changes a recorded hand, on a closed night too. The before/after is
    kept with who, when and why; every later hand's totals and the game's result are
    replayed. The corrected hand loses its confirmation (the ``before`` snapshot keeps
    who had confirmed it); later hands keep theirs."""
    game = hand.game
    require_director(by, game.club, "Only a director can correct a hand.")
    if not isinstance(reason, str) or not reason.strip():
        raise Invalid("Say why.", errors={"reason": ["say why the hand is corrected"]})
    check_reason(reason)
    with transaction.atomic():
        # Lock the game: a hand recorded while we replay would be scored on stale totals.
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.is_void:
            raise void_conflict(game, "correct hands")
        was_finished = game.is_finished
        hands = list(game.hands.order_by("number").select_related("confirmed_by"))
        index = next(i for i, h in enumerate(hands) if h.pk == hand.pk)
        rules = rules_of(game)
        try:
            record = HandRecord.from_dict(data, rules)
            records = [h.record for h in hands]
            records[index] = record.to_dict()
            state = replay_records(game, records)
        except HandRefused as exc:
            raise _refused(exc) from exc
        except GameOver as exc:
            raise Invalid(
                "With this correction the game ends before the last recorded hand.",
                errors={"hand": ["this correction would end the game before later hands"]},
                code="correction_ends_game",
            ) from exc
        target = hands[index]
        before = _snapshot(target, game.club_id)
        for played, row in zip(state.hands[index:], hands[index:], strict=True):
            for field, value in _hand_fields(played, rules).items():
                setattr(row, field, value)
        Hand.objects.bulk_update(hands[index:], _REPLAYED)
        # Every later hand's running totals moved: their players' rows are written again.
        HandResult.objects.filter(hand__in=hands[index:]).delete()
        HandResult.objects.bulk_create(
            row
            for played, hand_row in zip(state.hands[index:], hands[index:], strict=True)
            for row in _results(
                hand_row, played, state.winners if played is state.hands[-1] else ()
            )
        )
        # A card-by-card record no longer says what was scored: ``before`` keeps it.
        target.confirmed_by, target.confirmed_at, target.card_hand = None, None, None
        target.confirmed_via, target.confirmed_side = None, ""
        target.save(
            update_fields=[
                "confirmed_by",
                "confirmed_at",
                "card_hand",
                "confirmed_via",
                "confirmed_side",
            ]
        )
        target.irregularities.all().delete()
        Irregularity.objects.bulk_create(_irregularities(target, record, rules))
        HandCorrection.objects.create(
            hand=target,
            before=before,
            after=_snapshot(target, game.club_id),
            reason=reason.strip(),
            corrected_by=user_or_none(by),
        )
        store_state(game, state)  # the replay's state: the next hand goes on from it
        game.save()
        game_scored.send(sender=Game, game=game)
        if was_finished:  # what was worked out from it (ratings) is worked out again
            finished_game_corrected.send(sender=Game, game=game)
    hand.refresh_from_db()
    return hand
