"""A director's "disputed hand" page: a hand entered card by card, replayed trick by
trick with the renege marked (``play.disputes``). Server-rendered, read only."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from play.disputes import disputed_hand
from play.forms import SEAT_LABELS, SIDE_LABELS, TRUMP_LABELS
from play.models import Hand
from rookclub.clubs.permissions import is_director
from rookclub.core.errors import Conflict, NotAllowed, NotFound
from rookclub.core.pages import login_required_message, refuse
from scoring.engine import HandRefused


@login_required_message
def hand_disputed(request: HttpRequest, pk: int) -> HttpResponse:
    hand = get_object_or_404(Hand.objects.select_related("game__club"), pk=pk)
    game = hand.game
    back = reverse("game-detail", args=[game.pk])
    if not is_director(request.user, game.club):
        return refuse(request, NotAllowed("Only a director can replay a disputed hand."), back)
    if hand.card_hand is None:
        message = f"Hand {hand.number} was entered from the score sheet, not card by card."
        return refuse(request, NotFound(message), back)
    try:
        replay = disputed_hand(hand=hand)
    except HandRefused as exc:  # checked when recorded; a rule changed since
        message = f"Hand {hand.number}'s card record no longer passes the checks: {exc}"
        return refuse(request, Conflict(message), back)
    context = {
        "game": game,
        "club": game.club,
        "hand": hand,
        "replay": replay,
        "seat_labels": SEAT_LABELS,
        "dealer_name": SEAT_LABELS.get(replay.dealer, replay.dealer),
        "declarer_name": SEAT_LABELS.get(replay.declarer or "", replay.declarer),
        "trump_name": TRUMP_LABELS.get(replay.trump or "", replay.trump),
        "nest_side_name": SIDE_LABELS.get(replay.nest_side or "", replay.nest_side),
        "seats": [
            (SEAT_LABELS.get(seat, seat), replay.players.get(seat), cards)
            for seat, cards in replay.dealt.items()
        ],
    }
    return render(request, "games/disputed.html", context)
