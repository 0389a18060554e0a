"""The card-by-card page (``games/<id>/cards/``, ``t/<key>/cards/``): no script, every
tap posts the draft (``play.card_entry``) and the page comes back with the next step.
The finished hand is recorded as the API's ``card_hand`` (``play.hands.hand_record``),
which checks every card again."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from play import card_entry, table_links
from play.disputes import card_name
from play.forms import TRUMP_LABELS
from play.hands import hand_record
from play.models import Game
from play.permissions import SIDES, TableActor
from play.rulesets import rules_of
from rookclub.core.errors import DomainError
from rookclub.core.roles import Actor
from scoring.engine import card_code
from scoring.engine.cards import parse_card
from scoring.engine.seat_names import seat_name


def game_cards(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    return _page(request, game, request.user, reverse("game-detail", args=[game.pk]))


def table_link_cards(request: HttpRequest, key: str) -> HttpResponse:
    try:
        state = table_links.resolve(key)
    except table_links.LinkNotFound as error:
        raise Http404(error.message) from error
    if state.game is None:
        raise Http404("No game is being played at this table yet.")
    actor = TableActor(state.link, state.game.pk, SIDES[0])

    def allowed() -> None:  # as every hand posted through a link: the rate limit first
        table_links.throttle_posts(request, state.link)
        if state.refusal is not None:
            raise state.refusal

    return _page(request, state.game, actor, reverse("table-link", args=[key]), allowed)


def _page(
    request: HttpRequest, game: Game, by: Actor, back: str, allowed: Any = None
) -> HttpResponse:
    rules = rules_of(game)
    number = game.hands.count() + 1
    draft = card_entry.new_draft(rules, game.next_dealer)
    message, renege, status = None, None, 200
    if request.method == "POST":
        try:
            draft = json.loads(request.POST.get("draft", ""))
            assert isinstance(draft, dict) and draft.get("stage") in card_entry.STAGES
        except (ValueError, AssertionError):
            draft, message, status = card_entry.new_draft(rules, game.next_dealer), None, 400
            message = "The page lost its hand; start again."
        else:
            action = request.POST.get("action")
            if action == "tap":
                before = len(draft.get("reneges", []))
                draft, message = card_entry.tap(rules, draft, request.POST.get("card", ""))
                if len(draft["reneges"]) > before:
                    renege, message = message, None
            elif action in ("bid", "pass"):
                bid = request.POST.get("bid", "").strip()
                if action == "pass":
                    draft, message = card_entry.call(rules, draft, None)
                elif bid.isdigit() and len(bid) < 6:
                    draft, message = card_entry.call(rules, draft, int(bid))
                else:
                    message = "Type the bid, or pass."
            elif action == "contract":
                bid = request.POST.get("bid", "")
                draft, message = card_entry.contract(
                    rules,
                    draft,
                    request.POST.get("bidder", ""),
                    int(bid) if bid.isdigit() and len(bid) < 6 else 0,
                    request.POST.get("trump", ""),
                    request.POST.get("called_card", ""),
                )
            elif action == "record" and draft["stage"] == card_entry.DONE:
                try:
                    if allowed is not None:
                        allowed()
                    hand = hand_record(
                        game=game,
                        data={"card_hand": card_entry.card_hand(draft)},
                        entered_by=by,
                        number=number,
                    )
                except DomainError as error:
                    message, status = _sentence(error), error.status
                else:
                    messages.success(request, f"Hand {hand.number} recorded card by card.")
                    return redirect(f"{back}#hand-{hand.number}")
            if message and status == 200:
                status = 400
    return render(
        request,
        "games/cards.html",
        _context(game, rules, draft, number, back, message, renege),
        status=status,
    )


def _seat(seat: str | None) -> str:
    return seat_name(seat or "")


def _sentence(error: DomainError) -> str:
    details = [str(m) for ms in (getattr(error, "errors", None) or {}).values() for m in ms]
    return " ".join([error.message, *details])


def _context(game, rules, draft, number, back, message, renege) -> dict[str, Any]:
    players = {s.seat: s.player for s in game.seats.select_related("player")}
    stage = draft["stage"]
    if stage == card_entry.DEAL:
        dealt = {c for cards in draft["hands"].values() for c in cards}
        cards = [c for c in rules.deck if card_code(c) not in dealt]
        turn = card_entry.dealing_to(rules, draft)
        count = len(draft["hands"][turn])
        prompt = f"Deal: tap {_seat(turn)}'s cards ({count} of {rules.cards_per_hand})"
    elif stage == card_entry.AUCTION:
        cards = []
        turn = card_entry.auction(rules, draft).next_to_call
        prompt = f"Auction: {_seat(turn)} to bid or pass"
    elif stage == card_entry.DISCARD:
        bidder = draft["bidder"]
        cards = [parse_card(c) for c in draft["hands"][bidder] + draft["nest"]]
        turn = bidder
        count, size = len(draft["discards"]), rules.nest_size
        prompt = f"Discards: tap the {size} cards the declarer buries ({count} of {size})"
    elif stage == card_entry.PLAY:
        # Only what the player to play may hold: their hand as dealt (never the cards
        # the declarer buried), so the grid is a hand's worth and fits a phone.
        turn = card_entry.to_play(rules, draft)
        cards = [parse_card(c) for c in card_entry.playable(rules, draft, turn)]
        trick = len(draft["tricks"]) + (
            0 if draft["tricks"] and len(draft["tricks"][-1]) < len(rules.seats) else 1
        )
        prompt = f"Trick {trick}: {_seat(turn)} to play"
    else:
        cards, turn, prompt = [], None, ""
    mine = set(card_entry.held(draft, turn)) if stage == card_entry.PLAY and turn else set()
    return {
        "game": game,
        "rules": rules,
        "number": number,
        "back": back,
        "stage": stage,
        "draft": json.dumps(draft),
        "message": message,
        "renege": renege,
        "prompt": prompt,
        "turn": turn,
        "player": players.get(turn),
        "cards": [
            {
                "code": card_code(c),
                "name": card_name(c),
                "colour": c.colour,
                "theirs": card_code(c) in mine,
                "chosen": card_code(c) in draft["discards"],
            }
            for c in cards
        ],
        "tricks": [[(_seat(s), card_name(parse_card(c))) for s, c in t] for t in draft["tricks"]],
        "reneges": [
            f"Trick {n}: {_seat(s)} played {card_name(parse_card(c))}"
            for n, s, c in draft["reneges"]
        ],
        "seats": [(s, _seat(s), players.get(s)) for s in rules.player_seats],
        "calls": _calls_in_words(rules, draft),
        "lowest_bid": card_entry.lowest_bid(rules, draft) if stage == card_entry.AUCTION else None,
        "declarer": _seat(draft.get("bidder")) if draft.get("calls") else "",
        "draft_bid": draft.get("bid"),
        "declarer_player": players.get(draft.get("bidder")) if draft.get("calls") else None,
        "calls_partner": rules.partnership == "called_partner",
        "deck": [(card_code(c), card_name(c)) for c in rules.deck],
        "trumps": [(t, TRUMP_LABELS.get(t, t)) for t in rules.trump_names],
    }


def _calls_in_words(rules, draft) -> list[str]:
    """The auction so far: "North 70", "East passes", in the order called."""
    if not draft.get("calls"):
        return []
    done = card_entry.auction(rules, draft).calls
    return [
        f"{_seat(c.seat)} {c.bid}" if c.bid is not None else f"{_seat(c.seat)} passes" for c in done
    ]
