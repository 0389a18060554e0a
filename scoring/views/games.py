"""The score-entry page a scorer uses at the table, and confirming or correcting a hand.

The page is one htmx region (``#game-live``): recording or confirming a hand
swaps it whole, so the totals, the dealer, the seat-exchange prompt and the
sheet never disagree. Without JavaScript the same forms post normally.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from rookclub.clubs.permissions import is_director
from rookclub.core.errors import DomainError, NotAllowed
from rookclub.core.forms import add_domain_errors, label
from rookclub.core.pages import login_required_message, refuse
from scoring import selectors
from scoring import services as scoring
from scoring.engine import SEATS
from scoring.forms import (
    SEAT_LABELS,
    SIDE_LABELS,
    TRUMP_LABELS,
    CorrectionForm,
    HandForm,
    table_text,
)
from scoring.models import Game, Hand
from scoring.permissions import SIDE_OF, can_record, confirmable_hands


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the sheet and the hand form. POST: record the next hand.

    A POST that asks for JSON (``Accept: application/json``: the phone's offline
    outbox sending a hand it kept) is answered in JSON, with the same statuses:
    ``{"number", "replayed", "message"}``, or ``{"code", "message", "errors"}``.
    """
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if request.method != "POST":
        return _render(request, game)
    if not request.user.is_authenticated:
        return _refuse(request, game, "Log in to record hands.", 403, "not_logged_in")
    forms = _hand_forms(game, request.POST)
    form = forms.get(request.POST.get("kind", ""))
    if form is None:
        return _refuse(request, game, "That form is not one of this page's.", 400, "bad_form")
    if not form.is_valid():
        return _form_refused(request, game, forms, form, 400, "invalid")
    try:
        hand = scoring.hand_record(
            game=game,
            data=form.to_record(),
            entered_by=request.user,
            number=form.cleaned_data.get("number"),
        )
    except NotAllowed as error:
        return _refuse(request, game, error.message, error.status, error.code)
    except DomainError as error:
        if error.code in ("hand_number_taken", "game_finished", "session_closed"):
            # Someone else at the table already recorded it, or the game or the night is
            # over: show the sheet as it is now, with the reason.
            return _refuse(request, game, error.message, error.status, error.code)
        add_domain_errors(form, error)
        return _form_refused(request, game, forms, form, error.status, error.code)
    # A retry of a hand already stored (its first answer was lost): not an error.
    done = "was already recorded" if hand.replayed else "recorded"
    if _wants_json(request):
        message = f"Hand {hand.number} {done}."
        return JsonResponse({"number": hand.number, "replayed": hand.replayed, "message": message})
    messages.success(request, f"Hand {hand.number} {done}.")
    if request.htmx:
        return _render(request, game)
    return redirect("game-detail", pk=game.pk)


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _refuse(request: HttpRequest, game: Game, message: str, status: int, code: str):
    if _wants_json(request):
        return JsonResponse({"code": code, "message": message, "errors": {}}, status=status)
    return _render(request, game, refusal=message, status=status)


def _form_refused(request: HttpRequest, game: Game, forms, form: HandForm, status: int, code: str):
    if not _wants_json(request):
        return _render(request, game, forms=forms, status=status)
    errors = {name: [str(m) for m in msgs] for name, msgs in form.errors.items()}
    lines = []
    for name, msgs in errors.items():
        field = form.fields.get(name)
        prefix = f"{field.label}: " if field is not None and field.label else ""
        lines += [prefix + text for text in msgs]
    message = "; ".join(lines) or "Not recorded."
    return JsonResponse({"code": code, "message": message, "errors": errors}, status=status)


@require_POST
@login_required_message
def hand_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    hand = get_object_or_404(Hand.objects.select_related("game__club", "entered_by"), pk=pk)
    try:
        scoring.hand_confirm(hand=hand, by=request.user)
    except DomainError as error:
        return _render(request, hand.game, refusal=error.message, status=error.status)
    messages.success(request, f"Hand {hand.number} confirmed.")
    if request.htmx:
        return _render(request, hand.game)
    return redirect("game-detail", pk=hand.game_id)


@login_required_message
def hand_correct(request: HttpRequest, pk: int) -> HttpResponse:
    """A director's correction: the hand as it should have been, with the reason."""
    hand = get_object_or_404(Hand.objects.select_related("game__club"), pk=pk)
    game = hand.game
    back = reverse("game-detail", args=[game.pk])
    if not is_director(request.user, game.club):
        return refuse(request, NotAllowed("Only a director can correct a hand."), back)
    rules = scoring.rules_of(game)
    if request.method == "POST":
        form = CorrectionForm(request.POST, ruleset=rules)
        if form.is_valid():
            try:
                scoring.hand_correct(
                    hand=hand,
                    data=form.to_record(),
                    by=request.user,
                    reason=form.cleaned_data["reason"],
                )
            except NotAllowed as error:
                return refuse(request, error, back)
            except DomainError as error:
                add_domain_errors(form, error)
            else:
                messages.success(request, f"Hand {hand.number} corrected; later totals replayed.")
                return redirect("game-detail", pk=game.pk)
        status = 400
    else:
        form = CorrectionForm(initial=HandForm.initial_from_record(hand.record), ruleset=rules)
        status = 200
    sheet = selectors.game_sheet(game=game)
    row = next(r for r in sheet.rows if r.hand.pk == hand.pk)
    context = {
        "game": sheet.game,
        "club": game.club,
        "hand": hand,
        "form": form,
        "seat_choices": _seat_choices(form, row_seats(sheet, row)),
        "trump_choices": _trump_choices(form, rules),
        "declarer_side": SIDE_OF.get(form["bidder"].value()),
        "extras_open": _extras_open(form),
        "corrections": hand.corrections.select_related("corrected_by"),
        "confirmed_by_name": row.confirmed_by_name,
    }
    return render(request, "games/correct.html", context, status=status)


def row_seats(sheet, row) -> dict[str, Any]:
    """Who sat where for that hand (seats rotate), from the hand's seat snapshot."""
    return {seat: sheet.players.get(pid) for seat, pid in (row.hand.seats or {}).items()}


def _hand_forms(game: Game, data=None) -> dict[str, HandForm]:
    rules = scoring.rules_of(game)
    forms = {}
    for kind in HandForm.KINDS:
        bound = data is not None and data.get("kind") == kind
        # Three forms share the page: each gets its own element ids.
        forms[kind] = HandForm(
            data if bound else None, ruleset=rules, initial={"kind": kind}, auto_id=f"{kind}_%s"
        )
    return forms


def _render(
    request: HttpRequest,
    game: Game,
    *,
    forms: dict[str, HandForm] | None = None,
    refusal: str | None = None,
    status: int = 200,
) -> HttpResponse:
    sheet = selectors.game_sheet(game=game)
    game = sheet.game
    forms = forms or _hand_forms(game)
    for form in forms.values():
        if not form.is_bound:
            form.initial["number"] = sheet.next_number
    user = request.user
    director = is_director(user, game.club)
    hand_form = forms["hand"]
    context = {
        "game": game,
        "club": game.club,
        "sheet": sheet,
        "table": game.table_seating.table if game.table_seating_id else None,
        "seat_cards": _seat_cards(sheet),
        "dealer_name": label(SEAT_LABELS, sheet.dealer),
        "dealer_player": sheet.seats.get(sheet.dealer),
        "totals": [
            (side, label(SIDE_LABELS, side), sheet.totals.get(side, 0))
            for side in ("north_south", "east_west")
        ],
        "winner_name": label(SIDE_LABELS, sheet.winner) if sheet.winner else None,
        "finished": sheet.status == Game.Status.FINISHED,
        # The club night is closed: the reason replaces the form (hand_record refuses it).
        "night_closed": sheet.refusal if sheet.night_closed else None,
        "seat_message": table_text(sheet.seat_message),
        "can_record": user.is_authenticated and can_record(user, game),
        "is_director": director,
        # The hands this user may confirm: the rule hand_confirm applies, asked once
        # for the whole sheet, so "Confirm" shows only where it will be accepted.
        "confirmable": confirmable_hands(user, game, [row.hand for row in sheet.rows]),
        "form": hand_form,
        "misdeal_form": forms["misdeal"],
        "redeal_form": forms["redeal"],
        "seat_choices": _seat_choices(hand_form, sheet.seats),
        "trump_choices": _trump_choices(hand_form, scoring.rules_of(game)),
        "declarer_side": SIDE_OF.get(hand_form["bidder"].value()),
        "refusal": table_text(refusal),
        "extras_open": _extras_open(hand_form),
    }
    template = "games/_live.html" if request.htmx else "games/detail.html"
    return render(request, template, context, status=status)


def _seat_cards(sheet) -> list[dict[str, Any]]:
    return [
        {
            "seat": seat,
            "label": label(SEAT_LABELS, seat),
            "player": sheet.seats.get(seat),
            "side": SIDE_OF[seat],
            "dealer": seat == sheet.dealer,
        }
        for seat in SEATS
    ]


def _seat_choices(form: HandForm, seats: dict[str, Any]) -> list[dict[str, Any]]:
    chosen = form["bidder"].value()
    return [
        {
            "value": seat,
            "id": form.auto_id % f"bidder_{seat}",
            "label": label(SEAT_LABELS, seat),
            "player": seats.get(seat),
            "side": SIDE_OF.get(seat, seat),
            "checked": chosen == seat,
        }
        for seat, _ in form.fields["bidder"].choices
    ]


def _trump_choices(form: HandForm, rules) -> list[dict[str, Any]]:
    chosen = form["trump"].value()
    return [
        {
            "value": name,
            "id": form.auto_id % f"trump_{name}",
            "label": label(TRUMP_LABELS, name),
            "checked": chosen == name,
        }
        for name in rules.trump_names
    ]


def _extras_open(form: HandForm) -> dict[str, bool]:
    """Open a disclosure when it holds an error or a value, so nothing is hidden."""

    def touched(*names: str) -> bool:
        return any(form[name].errors or form[name].value() for name in names)

    renege = [
        "renege_seat",
        "renege_found",
        *(f.name for f in form.counter_fields("renege_counters")),
    ]
    return {"penalty": touched("penalty_seat", "penalty_kind"), "renege": touched(*renege)}
