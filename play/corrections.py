"""A director's correction of a recorded hand: the before and after kept with who,
when and why, and every later hand replayed, in one transaction that locks the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from play import provenance
from play.confirmations import confirmer_name
from play.game_state import store_state
from play.hand_scores import hand_fields, hand_irregularities, hand_results, replay_records
from play.hands import refused, void_conflict
from play.models import Game, Hand, HandCorrection, HandResult, Irregularity
from play.rulesets import rules_of
from play.signals import finished_game_corrected, game_scored
from rookclub.clubs.models import Player
from rookclub.core.errors import Invalid
from rookclub.core.limits import check_reason
from rookclub.core.roles import Actor, require_director, user_or_none
from scoring.engine import GameOver, HandRecord, HandRefused
from scoring.engine.seat_names import names_for


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
            raise refused(exc) from exc
        except GameOver as exc:
            raise Invalid(
                "With this correction the game ends before the last recorded hand.",
                errors={"hand": ["this correction would end the game before later hands"]},
                code="correction_ends_game",
            ) from exc
        target = hands[index]
        before = _snapshot(target, game.club_id)
        for played, row in zip(state.hands[index:], hands[index:], strict=True):
            for field, value in hand_fields(played, rules).items():
                setattr(row, field, value)
        Hand.objects.bulk_update(hands[index:], _REPLAYED)
        # Every later hand's running totals moved: their players' rows are written again.
        HandResult.objects.filter(hand__in=hands[index:]).delete()
        HandResult.objects.bulk_create(
            row
            for played, hand_row in zip(state.hands[index:], hands[index:], strict=True)
            for row in hand_results(
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
        Irregularity.objects.bulk_create(hand_irregularities(target, record, rules))
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
