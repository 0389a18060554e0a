"""The score-entry page a scorer uses at the table, and confirming or correcting a hand.

One template draws a hand's row of the sheet (``games/_sheet_row.html``). A hand
recorded from the page (htmx) is answered with its row, appended to the sheet, and
out of band (``hx-swap-oob``) what it changed: the totals, who deals and sits where
next, the result just above the form (``#hand-result``, where the scorer is looking)
and the form for the next hand (``games/_hand_answer.html``). Confirming a hand
answers its row and the sheet's count, so the page does not move; a director's
correction, from the hand's own page, answers its row with the totals, the next hand's
seats, the count and the hand's history out of band. A refusal, a game
over or a page that had no sheet yet swaps the live region (``#game-live``) whole.
Without JavaScript the same forms post normally and the redirect brings the scorer
back to the same place. The offline outbox (static/js/outbox.js) posts for JSON.
What these answers draw from the score sheet is built in :mod:`play.views.score_sheet`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from play import confirmations, corrections, voiding
from play.forms import SEAT_LABELS, TRUMP_LABELS, CorrectionForm, HandForm, table_text
from play.hands import game_as_stored, hand_recording
from play.models import Game, Hand
from play.rulesets import rules_of
from play.views.score_sheet import (
    SIDE_SHORT,
    correction_context,
    hand_forms,
    render_row,
    render_sheet,
)
from rookclub.clubs.permissions import is_director
from rookclub.core.errors import DomainError, NotAllowed
from rookclub.core.forms import add_domain_errors, label
from rookclub.core.pages import login_required_message, post_form, refuse
from rookclub.core.roles import Actor
from scoring.engine import Ruleset


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the sheet and the hand form. POST: record the next hand."""
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if request.method != "POST":
        return render_sheet(request, game)
    if not request.user.is_authenticated:
        return _refuse(request, lambda: game, "Log in to record hands.", 403, "not_logged_in")
    done = reverse("game-detail", args=[game.pk])
    return record_posted(
        request, request.user, done, game_id=game.pk, rules=rules_of(game), game=game
    )


def record_posted(
    request: HttpRequest,
    by: Actor,
    done: str,
    *,
    game_id: int,
    rules: Ruleset,
    game: Game | None = None,
    link: Any = None,
) -> HttpResponse:
    """Record the hand the page's form posted in the game ``game_id`` (of ruleset
    ``rules``), by ``by`` (a user, or a table link's actor with ``link`` its table),
    and show the sheet again (``done`` without htmx). The offline outbox posts with
    ``Accept: application/json`` and gets JSON back.

    ``game``: the game with its club, when the view has read it (the score sheet's
    page), brought to the row as stored once the hand is. The table page's post has
    only the game's id and ruleset: ``hand_recording`` reads the game once, locked, as
    the table-link API's post does, and a refusal reads it to show the page."""

    def whole() -> Game:
        return game if game is not None else _whole(game_id)

    kind = request.POST.get("kind", "")
    if kind not in HandForm.KINDS:
        message = "That form is not one of this page's."
        return _refuse(request, whole, message, 400, "bad_form", link)
    # Only the posted form, only to check it: the page's other two are built only to
    # show it again.
    form = HandForm.posted(request.POST, ruleset=rules, kind=kind)
    if not form.is_valid():
        return _form_refused(request, whole, form, 400, "invalid", link)
    try:
        recording = hand_recording(
            game_id=game_id,
            data=form.to_record(),
            entered_by=by,
            number=form.cleaned_data.get("number"),
        )
    except NotAllowed as error:
        return _refuse(request, whole, error.message, error.status, error.code, link)
    except DomainError as error:
        if error.code in ("hand_number_taken", "game_finished", "session_closed", "game_void"):
            # Someone else at the table already recorded it, or the game or the night is
            # over: show the sheet as it is now, with the reason (and, for a hand another
            # phone recorded first, what differs between the two).
            message = error.message
            if error.code == "hand_number_taken":
                number = form.cleaned_data.get("number")
                message += differences(game_id, number, form.to_record())
            return _refuse(request, whole, message, error.status, error.code, link)
        add_domain_errors(form, error)
        return _form_refused(request, whole, form, error.status, error.code, link)
    hand, replayed = recording.hand, recording.replayed
    # The game as stored now: the one given, brought up to date, or the one just read.
    if game is None:
        game = hand.game
    else:
        game_as_stored(game, hand.game)
    # A retry of a hand already stored (its first answer was lost): not an error.
    if wants_json(request):
        # The outbox resending a hand it kept: the same hand from the same phone (or the
        # same side through the same link) is this phone's own, so it reads as sent.
        message = f"Hand {hand.number} recorded."
        return JsonResponse({"number": hand.number, "replayed": replayed, "message": message})
    if replayed:
        messages.success(request, f"Hand {hand.number} was already recorded.")
    if request.htmx:
        # The new row and, out of band, what it changed; a retry reads the region again.
        return render_sheet(request, game, recorded=hand.number, link=link, row=not replayed)
    # Without JavaScript: the page again, scrolled to the result above the form.
    return redirect(f"{done}?recorded={hand.number}#hand-result")


def _whole(game_id: int) -> Game:
    """The game with its club, read."""
    return Game.objects.select_related("club").get(pk=game_id)


_COMPARED = (("bidder", "declarer"), ("bid", "bid"), ("trump", "trump"))


def differences(game_id: int, number: int | None, posted: dict[str, Any]) -> str:
    """Two phones, one hand: what the refused hand says that the stored hand ``number``
    of the game ``game_id`` does not, as a sentence to append (" Stored: ...; yours:
    ..."), or "" if nothing."""
    stored = Hand.objects.filter(game_id=game_id, number=number).values_list("record", flat=True)
    record = stored.first() if number else None
    if record is None:
        return ""
    parts = []
    for key, word in _COMPARED:
        mine, theirs = posted.get(key), record.get(key)
        if mine != theirs:
            parts.append(f"{word} {_said(theirs, key)} stored, {_said(mine, key)} in yours")
    mine, theirs = posted.get("counters") or {}, record.get("counters") or {}
    if mine != theirs:
        parts.append(f"counters {_counters(theirs)} stored, {_counters(mine)} in yours")
    for key in ("misdeal", "redeal", "penalties", "renege"):
        if bool(posted.get(key)) != bool(record.get(key)) or posted.get(key) != record.get(key):
            parts.append(f"{key} differs")
    if not parts:
        return ""
    return f" What differs from the stored hand {number}: " + "; ".join(parts) + "."


def _said(value: Any, key: str) -> str:
    if value in (None, ""):
        return "none"
    if key == "bidder":
        return label(SEAT_LABELS, value)
    if key == "trump":
        return label(TRUMP_LABELS, value)
    return str(value)


def _counters(counters: dict[str, Any]) -> str:
    if not counters:
        return "none"
    order = [*SIDE_SHORT, *sorted(set(counters) - set(SIDE_SHORT))]  # as the sheet: N-S first
    return " / ".join(f"{SIDE_SHORT.get(s, s)} {counters[s]}" for s in order if s in counters)


def wants_json(request: HttpRequest) -> bool:
    """The post asks for JSON (the page's script, the offline outbox)."""
    return "application/json" in request.headers.get("Accept", "")


def _refuse(
    request: HttpRequest,
    whole: Callable[[], Game],
    message: str,
    status: int,
    code: str,
    link: Any = None,
) -> HttpResponse:
    """A refused post: JSON for the page's script, else the sheet of ``whole()`` (the
    game with its club, read only then) with the reason."""
    if wants_json(request):
        return JsonResponse({"code": code, "message": message, "errors": {}}, status=status)
    return render_sheet(request, whole(), refusal=message, status=status, link=link)


def _form_refused(
    request: HttpRequest,
    whole: Callable[[], Game],
    form: HandForm,
    status: int,
    code: str,
    link: Any = None,
) -> HttpResponse:
    if not wants_json(request):
        game = whole()
        forms = {**hand_forms(game), form.initial["kind"]: form}
        return render_sheet(request, game, forms=forms, status=status, link=link, row=True)
    errors = {name: [str(m) for m in msgs] for name, msgs in form.errors.items()}
    # As the page says them (no "(docs/rules.md §…)"), for the page's script to show.
    reasons = [table_text(m) for msgs in errors.values() for m in msgs]
    lines = []
    for name, msgs in errors.items():
        field = form.fields.get(name)
        prefix = f"{field.label}: " if field is not None and field.label else ""
        # A message the form already words by its box ("East-West counters: ...") keeps it once.
        lines += [text if text.startswith(prefix) else prefix + text for text in msgs]
    message = "; ".join(lines) or "Not recorded."
    body = {"code": code, "message": message, "errors": errors, "reasons": reasons}
    return JsonResponse(body, status=status)


@require_POST
@login_required_message
def game_void(request: HttpRequest, pk: int) -> HttpResponse:
    """A director voids the game (with the reason) instead of deleting it."""
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    back = reverse("game-detail", args=[game.pk])
    try:
        voiding.game_void(game=game, by=request.user, reason=request.POST.get("reason", ""))
    except DomainError as error:
        return refuse(request, error, back)
    messages.success(request, f"Game {game.pk} is void: it counts in no standings.")
    return redirect(back)


def _game_url_of_hand(request: HttpRequest, pk: int) -> str:
    hand = get_object_or_404(Hand, pk=pk)
    return reverse("game-detail", args=[hand.game_id])


@post_form(_game_url_of_hand)
@login_required_message
def hand_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    hand = get_object_or_404(Hand.objects.select_related("game__club", "entered_by"), pk=pk)
    try:
        confirmations.hand_confirm(hand=hand, by=request.user)
    except DomainError as error:
        if request.htmx:
            return render_row(request, hand, refusal=error.message, status=error.status)
        return render_sheet(request, hand.game, refusal=error.message, status=error.status)
    if request.htmx:
        # Only this hand's row: nothing above it moves, so the page keeps its place.
        return render_row(request, hand)
    messages.success(request, f"Hand {hand.number} confirmed.")
    url = reverse("game-detail", args=[hand.game_id])
    return redirect(f"{url}#hand-{hand.number}")


@login_required_message
def hand_correct(request: HttpRequest, pk: int) -> HttpResponse:
    """A director's correction: the hand as it should have been, with the reason.
    Anyone else logged in reads the hand's history here (the sheet links to it from a
    corrected hand) without the form.

    The page shows the hand's row of the sheet, the totals and who deals next beside the
    form. Corrected from the page (htmx), the answer is that row again (the same
    ``games/_sheet_row.html``) and, out of band, what the correction changed: the totals,
    the seats and dealer of the next hand, the sheet's count of hands waiting, the
    hand's history and a fresh form; a refused correction answers the form with its
    errors. Without JavaScript the post redirects to the score sheet."""
    hand = get_object_or_404(Hand.objects.select_related("game__club"), pk=pk)
    game = hand.game
    back = reverse("game-detail", args=[game.pk])
    director = is_director(request.user, game.club)
    if not director and request.method == "POST":
        return refuse(request, NotAllowed("Only a director can correct a hand."), back)
    rules = rules_of(game)
    if not director:
        return render(request, "games/correct.html", correction_context(request, hand, None))
    if request.method == "POST":
        form = CorrectionForm(request.POST, ruleset=rules)
        if form.is_valid():
            try:
                corrections.hand_correct(
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
                done = f"Hand {hand.number} corrected; later totals replayed."
                if not request.htmx:
                    messages.success(request, done)
                    return redirect("game-detail", pk=game.pk)
                hand.refresh_from_db()
                fresh = CorrectionForm(
                    initial=HandForm.initial_from_record(hand.record), ruleset=rules
                )
                context = correction_context(request, hand, fresh)
                context["corrected_now"] = done
                return render(request, "games/_correction_answer.html", context)
        context = correction_context(request, hand, form)
        response = render(request, "games/correct.html", context, status=400)
        if request.htmx:
            response = render(request, "games/_correction_form.html", context, status=400)
            response["HX-Retarget"] = "#correction-form"
            response["HX-Reswap"] = "outerHTML"
        return response
    form = CorrectionForm(initial=HandForm.initial_from_record(hand.record), ruleset=rules)
    return render(request, "games/correct.html", correction_context(request, hand, form))
