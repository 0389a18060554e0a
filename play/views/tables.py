"""The page a table's link opens, ``/t/<key>/`` (``table-link``): the score entry of
the game now at that table, without an account. Posts record (``/t/<key>/``) and
confirm (``/t/<key>/hands/<number>/confirm/``) through the link's
:class:`~play.permissions.TableActor`; they are rate-limited per link.

Unknown or replaced keys answer 404. When the night is closed or the round is over
the page shows why, and posts answer 409 with that sentence.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods

from play import table_links
from play.confirmations import hand_confirm
from play.forms import SEAT_LABELS
from play.hand_rows import hand_row, row_confirmed
from play.models import Game
from play.permissions import SIDES, TableActor
from play.rulesets import rules_of, rules_of_snapshot
from play.score_sheets import game_sheet
from play.views.games import record_posted, wants_json
from play.views.score_sheet import confirmed_row, render_row, render_sheet
from rookclub.core.errors import DomainError
from rookclub.core.live import poll_seconds, wants_live
from rookclub.core.manifest import manifest, manifest_response
from rookclub.core.pages import post_form
from rookclub.core.throttles import TooMany


def _state(key: str) -> table_links.TableState:
    try:
        return table_links.resolve(key)
    except table_links.LinkNotFound as error:
        raise Http404(error.message) from error


def _post_state(key: str, *, game: bool = True, ruleset: bool = True) -> table_links.TableState:
    """A post's table: the link, its game's id and (``ruleset``) its ruleset in one
    query (:func:`~play.table_links.resolve_for_post`), then (``game``) the game with
    its club."""
    try:
        state = table_links.resolve_for_post(key, ruleset=ruleset)
    except table_links.LinkNotFound as error:
        raise Http404(error.message) from error
    if game:
        _read_game(state)
    return state


def _read_game(state: table_links.TableState) -> None:
    if state.game is None and state.game_id is not None:
        state.game = Game.objects.select_related("club").get(pk=state.game_id)


def _waiting(request: HttpRequest, state, refusal: str | None = None, status: int = 200):
    """No game at the table yet: the table, who sits there, and a plain sentence."""
    players = [(SEAT_LABELS.get(seat, seat), p) for seat, p in state.players.items()]
    context = {
        "state": state,
        "club": state.club,
        "players": players,
        "sentence": state.refusal.message if state.refusal else state.no_game().message,
        "refusal": refusal,
        "poll_seconds": poll_seconds(),
    }
    return render(request, "games/table_waiting.html", context, status=status)


def _game_started(state) -> HttpResponse:
    """The waiting page's poll (``?live=1``): 204 while no game has started at the table,
    then an answer that tells htmx to reload the page (``HX-Refresh``), which opens it."""
    if state.game is None:
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Refresh"] = "true"
    return response


def _refused_post(request: HttpRequest, state, error: DomainError) -> HttpResponse:
    if wants_json(request):  # the page's script and the offline outbox: the sentence
        body = {"code": error.code, "message": error.message, "errors": {}}
        return JsonResponse(body, status=error.status)
    _read_game(state)
    if state.game is None:
        if not state.players:  # found for a post: who sits at the table is read now
            state = _state(state.link.key)
        return _waiting(request, state, refusal=error.message, status=error.status)
    return render_sheet(request, state.game, refusal=error.message, status=error.status, link=state)


def _post_allowed(request: HttpRequest, state) -> HttpResponse | None:
    """The checks every post through a link passes first: the rate limit, then the
    link still records (night open, round not over), then there is a game."""
    try:
        table_links.throttle_posts(request, state.link)
    except TooMany as error:
        response = _refused_post(request, state, error)
        response["Retry-After"] = str(error.wait)
        return response
    if state.refusal is not None:
        return _refused_post(request, state, state.refusal)
    if state.game_id is None:
        return _refused_post(request, state, state.no_game())
    return None


def _csrf_refused(request: HttpRequest) -> HttpResponse | None:
    """A post's CSRF check, for a request that carries a session only. The key in the
    address is a link post's one credential, so a request without a session cookie has
    nothing a forged cross-site post could borrow (the API takes the key without CSRF
    too); a request with a session is checked as every other page's post (403)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return None
    return CsrfViewMiddleware(_unused).process_view(request, None, (), {})


def _unused(request: HttpRequest) -> HttpResponse:  # the middleware's get_response
    raise AssertionError("not called")


@csrf_exempt  # checked by _csrf_refused when the request carries a session
@require_http_methods(["GET", "HEAD", "POST"])
def table_link(request: HttpRequest, key: str) -> HttpResponse:
    """GET: the table's current game (or the table while none has started).
    POST: record the next hand, for the side the page's "We are" choice names."""
    here = reverse("table-link", args=[key])
    if request.method == "POST":
        refused = _csrf_refused(request)
        if refused is not None:
            return refused
    if request.method != "POST":
        state = _state(key)
        if wants_live(request):  # the waiting page's poll: reload once a game has started
            return _game_started(state)
        if state.game is None:
            return _waiting(request, state)
        return render_sheet(request, state.game, link=state)
    # The game is not read here: hand_record reads it once, locked; the form is built
    # from its ruleset, read with the link.
    state = _post_state(key, game=False)
    refused = _post_allowed(request, state)
    if refused is not None:
        return refused
    side = request.POST.get("side") or SIDES[0]
    if side not in SIDES:
        side = SIDES[0]
    actor = TableActor(state.link, state.game_id, side)
    if state.ruleset is not None:
        rules = rules_of_snapshot(state.ruleset)
    else:  # an event's table: its link was resolved with the game, not the ruleset's text
        _read_game(state)
        rules = rules_of(state.game)
    return record_posted(
        request, actor, here, game_id=state.game_id, rules=rules, game=state.game, link=state
    )


@post_form(lambda request, key, number: reverse("table-link", args=[key]))
def table_link_confirm(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Confirm hand ``number`` of the table's game for the posted ``side``. A
    confirmation changes no total, so the answer is built from the hand alone, without
    replaying the game; confirmed where the result was shown (``confirm-now``), the
    answer is the next hand's form too (:func:`_confirm_now`)."""
    state = _post_state(key, game=False, ruleset=False)
    refused = _post_allowed(request, state)
    if refused is not None:
        return refused
    if request.htmx and request.htmx.trigger_name == "confirm-now":
        return _confirm_now(request, state, key, number)
    found = hand_row(game_id=state.game_id, number=number)
    if found is None:
        raise Http404(f"Hand {number} is not recorded at this table.")
    row, waiting = found
    hand = row.hand
    state.game = hand.game
    waited = hand.confirmed_at is None
    actor = TableActor(state.link, state.game.pk, request.POST.get("side", ""))
    try:
        hand_confirm(hand=hand, by=actor)
    except DomainError as error:
        return _confirm_refused(request, state, hand, error)
    if not request.htmx:
        messages.success(request, f"Hand {number} confirmed.")
        return redirect(reverse("table-link", args=[key]) + f"#hand-{number}")
    if hand.confirmed_by_id is not None:
        # A person confirmed it first: the sheet names them by their player.
        return render_row(request, hand, link=state)
    # The hand's row, and out of band the sheet's count and its line of the waiting
    # list struck through: the page keeps its place.
    row_confirmed(state.game, row)
    return confirmed_row(request, row, waiting=waiting - waited, link=state)


def _confirm_now(request: HttpRequest, state, key: str, number: int) -> HttpResponse:
    """Confirmed where the result was shown: the hand's row and, out of band, that place
    cleared and the next hand's form with the hands still waiting."""
    sheet = game_sheet(game=Game(pk=state.game_id))
    state.game = sheet.game
    row = next((r for r in sheet.rows if r.number == number), None)
    if row is None:
        raise Http404(f"Hand {number} is not recorded at this table.")
    hand = row.hand  # its game is the sheet's
    actor = TableActor(state.link, state.game.pk, request.POST.get("side", ""))
    try:
        hand_confirm(hand=hand, by=actor)
    except DomainError as error:
        return _confirm_refused(request, state, hand, error, sheet=sheet)
    row_confirmed(sheet.game, row)
    return render_row(request, hand, link=state, sheet=sheet)


def _confirm_refused(
    request: HttpRequest, state, hand, error: DomainError, sheet=None
) -> HttpResponse:
    """A refused Confirm: the hand's row with the reason (htmx), else the page."""
    if request.htmx:
        return render_row(
            request, hand, refusal=error.message, status=error.status, link=state, sheet=sheet
        )
    return render_sheet(request, state.game, refusal=error.message, status=error.status, link=state)


@require_GET
def table_link_manifest(request: HttpRequest, key: str) -> HttpResponse:
    """The table page's web app manifest: added to a phone's home screen, it is the
    club's app, opening at this table, standalone (rookclub/core/manifest.py)."""
    try:
        link = table_links.find(key)
    except table_links.LinkNotFound as error:
        raise Http404(error.message) from error
    here = reverse("table-link", args=[key])
    return manifest_response(
        manifest(
            name=link.club.name,
            start_url=here,
            scope=here,
            description=f"Table {link.number}: record and confirm the hands played here.",
        )
    )
