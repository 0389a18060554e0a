"""The score sheet as the game's pages show it: the page drawn from it (whole, or for
htmx the live region or a recorded hand's answer), the context its templates draw (the
sheet, the totals, who deals and sits where, the hands still waiting for a
confirmation), the result a scorer reads after Record, a hand's row answered alone, the
choices the hand form draws as buttons (seats, trumps) and a correction's before and
after in the table's words.

The views that answer with it are in :mod:`play.views.games` (the score-entry page,
confirming and correcting a hand) and :mod:`play.views.tables` (a table link's page).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from play import game_places
from play.forms import (
    SEAT_LABELS,
    SIDE_LABELS,
    TRUMP_LABELS,
    CorrectionForm,
    HandForm,
    irregularities_text,
    table_text,
)
from play.models import Game, Hand
from play.permissions import SIDES, can_record, confirmable_hands, table_confirmable
from play.rulesets import rules_of
from play.score_sheets import GameSheet, SheetRow, game_sheet
from play.seats import sides_of
from rookclub.clubs.permissions import is_director
from rookclub.core.forms import label
from scoring.engine.seat_names import TableNames, names_for


def correction_context(
    request: HttpRequest, hand: Hand, form: CorrectionForm | None
) -> dict[str, Any]:
    """The correction page's (and its answers') context: the sheet as it stands, the
    hand's row, the form (None for a reader who may not correct) and the hand's
    history."""
    sheet = game_sheet(game=hand.game)
    context = _context(request, sheet)
    row = next(r for r in sheet.rows if r.hand.pk == hand.pk)
    rules = rules_of(sheet.game)
    names = names_for(rules)
    context.update(
        hand=hand,
        row=row,
        form=form,
        corrections=[
            (c, snapshot_words(c.before, names), snapshot_words(c.after, names))
            for c in hand.corrections.select_related("corrected_by")
        ],
        confirmed_by_name=row.confirmed_by_name,
        entered_how=row.entered_how,
        confirmed_how=row.confirmed_how,
    )
    if form is not None:
        context.update(
            seat_choices=_seat_choices(form, row_seats(sheet, row)),
            trump_choices=_trump_choices(form, rules),
            declarer_side=_declarer_side(form),
            extras_open=_extras_open(form),
        )
    return context


def snapshot_words(snap: dict[str, Any], names: TableNames) -> dict[str, str]:
    """One side of a correction (``HandCorrection.before`` / ``after``) in the table's
    words: the hand as entered, what it left the sides with (or, at a table where every
    player scores apart, what each seat scored), and who had confirmed it."""
    record = snap.get("record") or {}
    # Sides, then seats, in the table's order: PostgreSQL's jsonb keeps no key order.
    order = (*(side for side, _ in names.ruleset.sides), *names.seats)
    if record.get("misdeal"):
        hand = f"Misdeal ({record['misdeal'].get('found', '')})"
    elif record.get("redeal"):
        hand = f"Redeal ({record['redeal'].get('reason', '')})"
    else:
        hand = f"{names.seat_name(str(record.get('bidder', '')))} bid {record.get('bid', '')}"
        trump = record.get("trump") or ""
        hand += f" {label(TRUMP_LABELS, trump)}".rstrip()
        counters = record.get("counters") or {}
        if counters:
            hand += "; counters " + _in_words(counters, names.side_name, order)
    if names.parties_chosen:
        after = "totals " + _in_words(snap.get("totals") or {}, names.party_name, order)
    else:
        # By seat where each player scores apart, by side where the declarer calls a
        # partner ("declarers", "defenders"): side_name says both.
        scored = (snap.get("score") or {}).get("sides") or {}
        after = "scored " + _in_words(scored, names.side_name, order) if scored else ""
    confirmed = ""
    if snap.get("confirmed_how"):
        confirmed = f"confirmed {snap['confirmed_how']}"
    elif snap.get("confirmed_by_name"):
        confirmed = f"confirmed by {snap['confirmed_by_name']}"
    return {"hand": hand, "after": after, "confirmed": confirmed}


def _in_words(points: dict[str, Any], name: Any, order: tuple[str, ...]) -> str:
    """``{"seat1": 50, "seat2": 20}`` -> "Seat 1 50, Seat 2 20", in ``order`` (a key it
    does not name comes after, alphabetically)."""
    keys = sorted(points, key=lambda k: (order.index(k) if k in order else len(order), k))
    return ", ".join(f"{name(k)} {points[k]}" for k in keys)


def row_seats(sheet, row) -> dict[str, Any]:
    """Who sat where for that hand (seats rotate), from the hand's seat snapshot."""
    return {seat: sheet.players.get(pid) for seat, pid in (row.hand.seats or {}).items()}


def hand_forms(game: Game) -> dict[str, HandForm]:
    """The page's three forms, to show (a post is checked by ``HandForm.posted``)."""
    rules = rules_of(game)
    # Three forms share the page: each gets its own element ids.
    return {
        kind: HandForm(None, ruleset=rules, initial={"kind": kind}, auto_id=f"{kind}_%s")
        for kind in HandForm.KINDS
    }


def render_sheet(
    request: HttpRequest,
    game: Game,
    *,
    forms: dict[str, HandForm] | None = None,
    refusal: str | None = None,
    recorded: int | None = None,
    status: int = 200,
    link: Any = None,
    row: bool = False,
) -> HttpResponse:
    """The score-entry page. ``link``: the page is a table link's (``/t/<key>/``, a
    :class:`play.table_links.TableState`): no login, forms post to the link, and
    Confirm is offered per side. For htmx, the live region (``#game-live``); with
    ``row``, hand ``recorded``'s row and the rest out of band, where the page already
    shows a sheet the row can join and the game goes on; a hand the rules refuse
    (``forms`` with errors), the reasons and the form again."""
    sheet = game_sheet(game=game)
    context = _context(request, sheet, forms=forms, refusal=refusal, recorded=recorded, link=link)
    if not request.htmx:
        return render(request, "games/detail.html", context, status=status)
    last = sheet.rows[-1] if sheet.rows else None
    goes_on = context["can_record"] and not context["finished"] and not context["night_closed"]
    if row and goes_on and context["not_recorded"]:
        # Refused by the rules: the reasons and the form again, nothing joins the sheet.
        return render(request, "games/_hand_refused.html", context, status=status)
    joins = row and last is not None and last.number == recorded and len(sheet.rows) > 1
    if joins and goes_on:
        context["row"] = last
        return render(request, "games/_hand_answer.html", context, status=status)
    response = render(request, "games/_live.html", context, status=status)
    # Whatever the post aimed at (the sheet, a row), the answer is the whole region.
    response["HX-Retarget"] = "#game-live"
    response["HX-Reswap"] = "outerHTML"
    return response


def _context(
    request: HttpRequest,
    sheet: GameSheet,
    *,
    forms: dict[str, HandForm] | None = None,
    refusal: str | None = None,
    recorded: int | None = None,
    link: Any = None,
    with_forms: bool = True,
) -> dict[str, Any]:
    """What the page's templates draw from the score sheet (the whole page, the live
    region, a hand's answer, a confirmed row). Without ``with_forms`` (a confirmed row,
    which shows no hand form) the three hand forms are not built."""
    if recorded is None and request.method == "GET":
        # The no-JavaScript redirect after recording (?recorded=N): the same result,
        # only while that hand is still the sheet's latest.
        recorded = _int_or_none(request.GET.get("recorded"))
    last = sheet.rows[-1] if sheet.rows else None
    result = _result(last) if last is not None and last.number == recorded else None
    game = sheet.game
    if with_forms or forms:
        forms = forms or hand_forms(game)
        for form in forms.values():
            if not form.is_bound:
                form.initial["number"] = sheet.next_number
    user = request.user
    director = is_director(user, game.club)
    names = names_for(rules_of(game))
    context = {
        "game": game,
        "club": game.club,
        "sheet": sheet,
        "table": game.table_seating.table if game.table_seating_id else None,
        "seat_cards": _seat_cards(sheet),
        "dealer_line": dealer_line(sheet.dealer, sheet.seats.get(sheet.dealer)),
        "totals": _totals(sheet),
        "winner_name": _winner_name(sheet),
        "one_winner": sheet.scores_players and len(sheet.winners) == 1,
        "finished": sheet.status == Game.Status.FINISHED,
        # The club night is closed: the reason replaces the form (hand_record refuses it).
        "night_closed": sheet.refusal if sheet.night_closed else None,
        "seat_message": table_text(sheet.seat_message),
        "can_record": user.is_authenticated and can_record(user, game),
        "is_director": director,
        # The hands this user may confirm: the rule hand_confirm applies, asked once
        # for the whole sheet, so "Confirm" shows only where it will be accepted.
        "confirmable": confirmable_hands(user, game, [row.hand for row in sheet.rows]),
        "refusal": table_text(refusal),
        # What the scorer sees at the form after Record: the hand's result, or why
        # the hand was not recorded (the form's errors, with what was typed kept).
        "result": result,
    }
    if forms:
        hand_form = forms["hand"]
        context |= {
            "form": hand_form,
            "misdeal_form": forms["misdeal"],
            "redeal_form": forms["redeal"],
            "seat_choices": _seat_choices(hand_form, sheet.seats),
            "trump_choices": _trump_choices(hand_form, rules_of(game)),
            "declarer_side": _declarer_side(hand_form),
            "extras_open": _extras_open(hand_form),
            "not_recorded": _not_recorded(forms, sheet.next_number),
        }
    _label_confirmations(sheet.rows, names)
    context["record_url"] = reverse("game-detail", args=[game.pk])
    context["cards_url"] = reverse("game-cards", args=[game.pk])
    if link is None and not request.htmx:
        # "Spring Open · Round 2 · Table 3", with the way back (a tournament's game).
        context["place"] = game_places.place_of(game)
    # Each hand still waiting for the other side, at a glance (the sheet, the form).
    context["unconfirmed"] = _unconfirmed(sheet.rows, names)
    context["unconfirmed_count"] = len(context["unconfirmed"])
    context["rotation"] = rotation_data(sheet)
    if link is not None:
        closed = link.refusal.message if link.refusal else None
        _offer_table_sides(game, sheet.rows, link, names)
        # Confirm in the flow: the latest hand's other side confirms it where the result
        # is shown, and the next hand's form says which hands still wait for it.
        if result is not None and last is not None:
            result["confirm_sides"] = last.table_sides
        context.update(
            table_link=link,
            table=link.number,
            place=link.place,
            record_url=reverse("table-link", args=[link.link.key]),
            cards_url=reverse("table-link-cards", args=[link.link.key]),
            can_record=closed is None,
            night_closed=closed or context["night_closed"],
            confirmable=set(),
            is_director=False,
            # "We are": only where the table's two parties are its partnerships; at a
            # table of five the scorer enters and the other players confirm.
            side_choices=[(s, names.party_name(s)) for s in SIDES] if names.parties_chosen else [],
            # A recorded hand keeps the side chosen; a confirmation's side is the other one.
            chosen_side=(request.POST.get("kind") and request.POST.get("side")) or SIDES[0],
        )
    return context


def dealer_line(dealer: str, player: Any) -> str:
    """ "Dealer: North — Ann Lee": who deals the next hand, as the page says it."""
    return f"Dealer: {label(SEAT_LABELS, dealer)} — {player.name if player else ''}"


def rotation_data(sheet) -> list[dict[str, Any]]:
    """The engine's rotation for the next hands, as data for the page (static/js/outbox.js):
    while hands wait on the phone, it shows the dealer and seats of the hand after them."""
    out = []
    for k, (dealer, seats, message) in enumerate(sheet.upcoming, start=1):
        out.append(
            {
                "number": sheet.next_number + k,
                "dealer_line": dealer_line(dealer, seats.get(dealer)),
                "seats": [
                    {
                        "seat": seat,
                        "player": seats[seat].name if seat in seats else "",
                        "dealer": seat == dealer,
                    }
                    for seat in sheet.seat_order
                ],
                "message": table_text(str(message)) if message else "",
            }
        )
    return out


SIDE_SHORT = {"north_south": "N-S", "east_west": "E-W"}


def _totals(sheet) -> list[tuple[str, str, int]]:
    """The running totals at the top of the page: per side, or per player in a game
    scored by player (Beginner, individual scoring)."""
    if sheet.scores_players:
        return [
            (f"player-{p.pk}", p.name, sheet.player_totals.get(p.pk, 0)) for p in sheet.player_order
        ]
    return [
        (side, label(SIDE_LABELS, side), sheet.totals.get(side, 0))
        for side in ("north_south", "east_west")
    ]


def _winner_name(sheet) -> str | None:
    """Who won: the partnership, or the winning player(s) of a game scored by player."""
    if sheet.winner:
        return label(SIDE_LABELS, sheet.winner)
    names = [sheet.players[pid].name for pid in sheet.winners if pid in sheet.players]
    return " & ".join(names) or None


def _int_or_none(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def signed(points: int) -> str:
    """A hand's score as the sheet says it: +120, 0, -40."""
    return f"+{points}" if points > 0 else str(points)


def _result(row) -> dict[str, Any]:
    """The sentence the scorer reads after Record, e.g.
    "Hand 5 recorded: North bid 95, made — N-S +120, E-W 0"."""
    record = row.hand.record or {}
    sides = ("north_south", "east_west")
    scores = ", ".join(f"{SIDE_SHORT[side]} {signed(row.score.get(side, 0))}" for side in sides)
    totals = " · ".join(f"{SIDE_SHORT[side]} {row.totals.get(side, 0)}" for side in sides)
    if row.scores_players:
        scores = ", ".join(f"{p.name} {signed(points)}" for p, points, _ in row.player_cells)
        totals = " · ".join(f"{p.name} {total}" for p, _, total in row.player_cells)
    if "misdeal" in record:
        dealt = next((i.seat for i in row.irregularities if i.kind == "misdeal" and i.seat), "")
        by = f" by {label(SEAT_LABELS, dealt)}" if dealt else ""
        what = f"misdeal{by} — {scores}"
    elif "redeal" in record or row.void:
        what = "redeal, no score"
    elif row.declarer is None:  # no bidding (Beginner): everyone scores what they took
        what = scores
    else:
        # As the sheet's row says it: made, set, or neither (a renege found later ends it).
        outcome = {True: ", made", False: ", set"}.get(row.made, "")
        what = f"{label(SEAT_LABELS, row.declarer)} bid {row.bid}{outcome} — {scores}"
    # A misdeal or redeal is the result's own word ("misdeal by North"): not said twice.
    irregular = irregularities_text(row.irregularities, said=("redeal", "misdeal"))
    if irregular:
        what = f"{what} ({irregular})"
    return {
        "number": row.number,
        "text": f"Hand {row.number} recorded: {what}",
        "totals": f"Totals: {totals}",
        "made": row.made,
        "void": row.void,
    }


def _not_recorded(forms: dict[str, HandForm], number: int) -> dict[str, Any] | None:
    """A refused hand: which of the page's forms, and its reasons, for the live region."""
    for form in forms.values():
        if form.is_bound and form.errors:
            reasons = [str(e) for errors in form.errors.values() for e in errors]
            return {"number": number, "reasons": reasons}
    return None


def render_row(
    request: HttpRequest,
    hand: Hand,
    *,
    refusal: str | None = None,
    status: int = 200,
    link: Any = None,
    sheet: GameSheet | None = None,
) -> HttpResponse:
    """One hand's row of the sheet (after Confirm), by the same rules as the whole sheet;
    once confirmed, with the sheet's count and the form's waiting list out of band, and
    the result's place cleared when it was confirmed there (the ``confirm-now`` form).
    ``sheet``: the game's sheet as it stands now, when already read."""
    if sheet is None:
        sheet = game_sheet(game=hand.game)
    moved_on = request.htmx.trigger_name == "confirm-now"
    # The hand forms only where the answer shows the next hand's form.
    context = _context(request, sheet, link=link, with_forms=moved_on and refusal is None)
    context["row"] = row = next(r for r in sheet.rows if r.hand.pk == hand.pk)
    context["row_refusal"] = table_text(refusal)
    if refusal is not None:
        return render(request, "games/_sheet_row.html", context, status=status)
    # The waiting list is on the page where the form is (games/_live.html's condition).
    context["waiting_shown"] = (
        context["can_record"]
        and not context["night_closed"]
        and not context["finished"]
        and not sheet.game.is_void
    )
    context["confirmed_now"] = {"number": row.number, "by": _waits_for(row, _names(sheet))}
    context["moved_on"] = moved_on
    return render(request, "games/_sheet_row_answer.html", context, status=status)


def confirmed_row(request: HttpRequest, row: SheetRow, *, waiting: int, link: Any) -> HttpResponse:
    """A hand just confirmed through a table link, answered from its row alone
    (:func:`play.hand_rows.hand_row`; the sheet is not read): what :func:`render_row`
    answers a Confirm from its row, with ``waiting`` the hands still waiting for one
    (the sheet's count)."""
    game = row.hand.game
    names = names_for(rules_of(game))
    _label_confirmations([row], names)
    context = {
        "row": row,
        "row_refusal": None,
        "table_link": link,
        "confirmable": set(),
        "is_director": False,
        "unconfirmed_count": waiting,
        # The waiting list is on the page where the form is (games/_live.html's
        # condition): a link that records (its night open), a game that goes on.
        "waiting_shown": link.refusal is None and not game.is_finished and not game.is_void,
        "confirmed_now": {"number": row.number, "by": _waits_for(row, names)},
        "moved_on": False,
    }
    return render(request, "games/_sheet_row_answer.html", context)


def _names(sheet: GameSheet) -> TableNames:
    return names_for(rules_of(sheet.game))


def _unconfirmed(rows: list[Any], names: TableNames) -> list[dict[str, Any]]:
    """The hands that wait for a confirmation, and by whom: "East-West" for a hand
    entered through a table link for North-South; "the other side" otherwise ("the
    other players" at a table without two sides)."""
    return [
        {"number": row.number, "by": _waits_for(row, names), "row": row}
        for row in rows
        if not row.confirmed
    ]


def _waits_for(row: Any, names: TableNames) -> str:
    """Who a hand waits for: the party that did not enter it through a table link."""
    entered = row.hand.entered_side
    other = next((s for s in SIDES if s != entered), "") if entered else ""
    return names.party_name(other) if other else names.other_side


def _label_confirmations(rows: list[Any], names: TableNames) -> None:
    """Who confirmed each hand, as the sheet says it: the player's name, or the side
    that confirmed through the table link."""
    for row in rows:
        side = row.hand.confirmed_side
        row.confirmed_label = row.confirmed_by_name or (names.party_name(side) if side else "")


def _offer_table_sides(game: Game, rows: list[Any], link: Any, names: TableNames) -> None:
    """The Confirm buttons a table link's page offers on each row: one per side that
    may confirm it (``permissions.table_confirmable``, hand_confirm's rule for a link)."""
    key = link.link.key
    sides = table_confirmable(game, [row.hand for row in rows])
    for row in rows:
        row.table_sides = [
            {
                "value": s,
                "label": names.party_name(s),
                "url": reverse("table-link-confirm", args=[key, row.number]),
            }
            for s in sides.get(row.hand.pk, [])
        ]


def _seat_cards(sheet) -> list[dict[str, Any]]:
    side_of = sides_of(names_for(rules_of(sheet.game)))
    return [
        {
            "seat": seat,
            "label": label(SEAT_LABELS, seat),
            "player": sheet.seats.get(seat),
            "side": side_of.get(seat, seat),
            "dealer": seat == sheet.dealer,
        }
        # The game's own seats: the compass, or seat1 … seat3 in the games for two and three.
        for seat in sheet.seat_order
    ]


def _declarer_side(form: HandForm) -> str | None:
    """The side of the declarer chosen so far (none without an auction, e.g. Beginner)."""
    if not form.auction:
        return None
    seat = form["bidder"].value()
    return sides_of(names_for(form.ruleset)).get(seat, seat) if seat else None


def _seat_choices(form: HandForm, seats: dict[str, Any]) -> list[dict[str, Any]]:
    if not form.auction:  # Beginner Rook: no declarer to choose
        return []
    chosen = form["bidder"].value()
    side_of = sides_of(names_for(form.ruleset))
    return [
        {
            "value": seat,
            "id": form.auto_id % f"bidder_{seat}",
            "label": label(SEAT_LABELS, seat),
            "player": seats.get(seat),
            "side": side_of.get(seat, seat),
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
