"""A score-sheet hand's input shape, said once: each field of the REST hand body with its
type, bounds or choices, schema description, when a hand carries it
(docs/hand-format.md §1), which games use it, and the score-entry form's field, label
and words for it. The API's hand serializer, the score-entry form (its fields and its
conversion to and from a hand body) and the docs' table (:func:`docs_table`) are built
from it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .cards import NO_TRUMP

#: A field's type: "seat", "side", "integer", "boolean", "choice" (one of ``choices``),
#: "sides" (side -> whole number), "object" (its ``members``), "list" (of ``members``).
KINDS = ("seat", "side", "integer", "boolean", "choice", "sides", "object", "list")


def _every_game(ruleset: Any) -> bool:
    return True


@dataclass(frozen=True)
class HandField:
    """One key of the hand body (or of an object within it)."""

    name: str
    kind: str
    #: docs/hand-format.md: when a hand carries it.
    when: str = ""
    #: The API schema's description of it.
    help: str = ""
    #: The score-entry form's field for it ("": not on the form); for "sides", one box a
    #: side, named ``<form_field>_<side>``. An object (or a list's one item) on the form
    #: is entered when its first member is.
    form_field: str = ""
    #: What the score-entry form calls it.
    label: str = ""
    #: The form's blank first choice (None: none; a choice must be made).
    blank: str | None = None
    #: Within an object on the form: what the form says when another of its members is
    #: given without this one ("": nothing).
    missing: str = ""
    #: Which of the score page's forms enters it: "hand", or a form of its own (named as
    #: the field) that enters nothing else.
    form_kind: str = "hand"
    #: value -> the form's words for it, in the order offered.
    choices: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: Choices a ruleset may add (the schema lists them; the form offers the ruleset's).
    optional_choices: tuple[str, ...] = ()
    minimum: int | None = None
    max_items: int | None = None
    max_length: int | None = None
    #: An object's members, or a list's item's.
    members: tuple[HandField, ...] = ()
    #: The schema's component for an object (or a list's item).
    component: str = ""
    #: Within an object: the member may be left out.
    optional: bool = False
    #: Which games use it: the form shows it only to a ruleset for which this is true.
    used_by: Callable[[Any], bool] = _every_game

    @property
    def doc_type(self) -> str:
        """The docs table's type column."""
        if self.kind in ("seat", "side", "integer", "boolean"):
            return self.kind
        if self.kind == "sides":
            return "side → integer"
        if self.kind == "choice":
            listed = ", ".join(f'`"{value}"`' for value in self.choices)
            extra = ", ".join(f'`"{value}"`' for value in self.optional_choices)
            return f"{listed} ({extra} if the ruleset allows it)" if extra else listed
        names = ", ".join(f'"{m.name}"{"?" if m.optional else ""}' for m in self.members)
        return f"list of `{{{names}}}`" if self.kind == "list" else f"`{{{names}}}`"


TRUMPS = {"black": "Black", "red": "Red", "yellow": "Yellow", "green": "Green"}
PENALTY_KINDS = {"table_talk": "Table talk", "improper_discard": "Improper discard"}
RENEGE_FOUND = {
    "in_time": "Found in time (corrected, no penalty)",
    "later": "Found later (hand ends, reneging side set)",
}
MISDEAL_FOUND = {
    "before_three_tricks": "Found before three tricks (redeal, no score)",
    "later": "Found later (dealer's side set back)",
}
#: "All four passed" names the table's players: the form words it for the table.
REDEAL_REASONS = {
    "exposed_card": "Card exposed in the deal",
    "no_card_above_nine": "A player holds no card above 9",
    "all_passed": "All four passed",
}
#: Penalties on one hand: both kinds for every seat of a six-player table is 12.
PENALTIES_MAX = 12
#: The longest seat name (a house rule may name seats anything: the game decides which).
SEAT_LENGTH_MAX = 8
_SEAT = {"max_length": SEAT_LENGTH_MAX}
_CALL = (
    " (a house rule from the encyclopedia article, docs/rules.md §14; only when the game's "
    "ruleset has the `{}` option, else 400)."
)

_CALLED = (
    "optional: the declarer called low card or circus Rook (only where the ruleset's "
    "`low_card` / `circus` house rule allows it; they change how tricks are won, not the "
    "counters)"
)


def _choice(name: str, choices: Mapping[str, str], **form: Any) -> HandField:
    """An object's member that takes one of ``choices`` (value -> the form's words)."""
    return HandField(name, "choice", choices=MappingProxyType(choices), **form)


#: The hand body's fields, in the docs table's order.
FIELDS: tuple[HandField, ...] = (
    HandField(
        "bidder",
        "seat",
        when="the declarer; every hand with a contract",
        form_field="bidder",
        label="Declarer",
        used_by=lambda r: r.bidding,
        **_SEAT,
    ),
    HandField(
        "bid",
        "integer",
        when="the contract; a multiple of the bid step, minimum to maximum",
        form_field="bid",
        label="Bid",
        minimum=0,
        used_by=lambda r: r.bidding,
    ),
    HandField(
        "trump",
        "choice",
        when="every played hand",
        help=f"the trump colour; `{NO_TRUMP}` only where the ruleset allows it",
        form_field="trump",
        label="Trump",
        choices=MappingProxyType(TRUMPS),
        optional_choices=(NO_TRUMP,),
    ),
    HandField(
        "counters",
        "sides",
        when="every played hand: counters each side captured, **including the nest**; "
        "multiples of 5, adding up to the deck's counters (120 with the Bird)",
        help="counters each side captured, the nest included",
        form_field="counters",
        label="counters",
    ),
    HandField(
        "tricks",
        "sides",
        when="when the ruleset scores tricks (Partnership, Dixie, games for two and three, "
        "trick bonuses); adds up to the tricks in a hand. In Dixie the nest is one more "
        "trick, counted with the side that took the last trick (14 in a hand, 10 for six "
        "players), so a side with one trick holds no nest. A side holds at most the "
        "counters its tricks' cards can ([rules.md](rules.md) §3)",
        help="tricks each side took, where the ruleset scores them",
        form_field="tricks",
        label="tricks",
        used_by=lambda r: r.needs_tricks,
    ),
    HandField(
        "partner",
        "seat",
        when="called-partner games: the holder of the called card (leave out when the "
        "declarer plays alone)",
        help="called-partner games: the declarer's partner's seat, once it is known",
        form_field="partner",
        label="Called partner",
        blank="— nobody (the declarer plays alone) —",
        used_by=lambda r: r.partnership == "called_partner",
        **_SEAT,
    ),
    HandField(
        "last_trick",
        "side",
        when="only when the ruleset has a `nest_bonus`",
        help="the side that took the last trick (only when the ruleset has a nest bonus)",
        max_length=20,
    ),
    HandField(
        "made",
        "boolean",
        when='optional: the scorer\'s own "made / set" mark; refused if the counters say otherwise',
        help="the scorer's own made / set mark; refused if the counters say otherwise",
    ),
    HandField(
        "low",
        "boolean",
        when=_CALLED,
        help='The declarer called "low card": low cards beat high ones in every colour'
        + _CALL.format("low_card")[:-1]
        + ". Changes how tricks are won, not how counters score.",
    ),
    HandField(
        "circus",
        "boolean",
        when=_CALLED,
        help='The declarer called "circus Rook": the opponent at the left names trump'
        + _CALL.format("circus"),
    ),
    HandField(
        "penalties",
        "list",
        when='`kind`: `"table_talk"` or `"improper_discard"` (only the declarer)',
        max_items=PENALTIES_MAX,
        component="Penalty",
        members=(
            HandField(
                "seat",
                "seat",
                form_field="penalty_seat",
                label="Penalty against",
                blank="— nobody —",
                missing="Choose who is penalised.",
                **_SEAT,
            ),
            _choice(
                "kind",
                PENALTY_KINDS,
                form_field="penalty_kind",
                label="Penalty for",
                blank="—",
                missing="Choose what the penalty is for.",
            ),
        ),
    ),
    HandField(
        "renege",
        "object",
        when='`found`: `"in_time"` (no penalty; score the hand as usual) or `"later"` (see below)',
        component="Renege",
        members=(
            HandField(
                "seat",
                "seat",
                form_field="renege_seat",
                label="Reneged",
                blank="— nobody —",
                **_SEAT,
            ),
            _choice(
                "found",
                RENEGE_FOUND,
                form_field="renege_found",
                label="Renege found",
                blank="—",
                missing="Say when the renege was found.",
            ),
            HandField(
                "counters",
                "sides",
                help="found later: what every other side had captured",
                form_field="renege_counters",
                label="had",
                optional=True,
            ),
        ),
    ),
    HandField(
        "misdeal",
        "object",
        when='`"before_three_tricks"` (void, nothing else recorded) or `"later"` (dealer\'s '
        "side −40; bidder/bid/trump optional)",
        component="Misdeal",
        form_kind="misdeal",
        members=(
            _choice("found", MISDEAL_FOUND, form_field="misdeal_found", label="Misdeal found"),
        ),
    ),
    HandField(
        "redeal",
        "object",
        when='`"exposed_card"`, `"no_card_above_nine"` (same dealer) or `"all_passed"` (next '
        "dealer); nothing else recorded",
        component="Redeal",
        form_kind="redeal",
        members=(
            _choice("reason", REDEAL_REASONS, form_field="redeal_reason", label="Redeal because"),
        ),
    ),
)
BY_NAME: Mapping[str, HandField] = MappingProxyType({f.name: f for f in FIELDS})


def member(path: str) -> HandField:
    """A field by its dotted path: ``"renege.found"``."""
    head, _, rest = path.partition(".")
    field = BY_NAME[head]
    for name in filter(None, rest.split(".")):
        field = next(m for m in field.members if m.name == name)
    return field


TABLE_HEAD = "| key | type | when |"


def docs_table() -> str:
    """docs/hand-format.md §1's table of the hand body's keys; fields with the same type
    and "when" share a row (``low``, ``circus``)."""
    rows: list[tuple[list[str], str, str]] = []
    for field in FIELDS:
        if rows and (rows[-1][1], rows[-1][2]) == (field.doc_type, field.when):
            rows[-1][0].append(field.name)
        else:
            rows.append(([field.name], field.doc_type, field.when))
    lines = [TABLE_HEAD, "|---|---|---|"]
    lines += [
        f"| {', '.join(f'`{n}`' for n in names)} | {kind} | {when} |" for names, kind, when in rows
    ]
    return "\n".join(lines) + "\n"


def with_docs_table(markdown: str) -> str:
    """docs/hand-format.md's text with its table of the hand body's keys (from its
    header row to the first blank line) as :func:`docs_table` writes it."""
    start = markdown.index(TABLE_HEAD)
    end = markdown.find("\n\n", start)
    end = len(markdown) if end < 0 else end + 1
    return markdown[:start] + docs_table() + markdown[end:]
