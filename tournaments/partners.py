"""Drawn partners (option ``partners: "drawn"``): players sign up alone, a director may
pin pairs, and the partnerships are drawn when the event starts, with its stored seed.
Each pair becomes one entry (the first sign-up's row; the partner's kept, ``paired``);
``Tournament.partner_draw`` keeps the pins, sign-ups and pairs, so it can be re-run."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from rookclub.core.errors import Invalid
from rookclub.core.roles import Actor, require_director
from tournaments.audit import audit
from tournaments.formats import FormatError
from tournaments.formats.partners import check_pins, draw_partners
from tournaments.live import tournament_changed
from tournaments.models import Entry, EntryPlayer, Tournament

NOT_DIRECTOR = "Only a director of the club can run its tournaments."
PINS_MAX = 500


def _refuse(message: str, code: str) -> Invalid:
    return Invalid(message, errors={"pins": [message]}, code=code)


def partner_pins_set(
    *, tournament: Tournament, pins: Sequence[Sequence[int]], by: Actor
) -> Tournament:
    """Replace the pairs pinned before the draw (sign-up entry ids, two a pin).
    Refused (400, nothing stored): ``partners_not_drawn`` (the event has fixed
    partners), ``draw_done`` (the event has started), ``pin_not_a_pair``,
    ``pin_unknown_entry`` (not an active sign-up of this event), ``pinned_twice``."""
    require_director(by, tournament.club, NOT_DIRECTOR)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not tournament.partners_drawn:
            raise _refuse(
                "This event has fixed partners: entries register as pairs.", "partners_not_drawn"
            )
        if tournament.status != Tournament.Status.REGISTRATION:
            raise _refuse("The partners were drawn when the event started.", "draw_done")
        active = tournament.entries.filter(status=Entry.Status.ACTIVE)
        pool = list(active.values_list("pk", flat=True))
        pins = [list(pin) for pin in pins]
        try:
            check_pins(pool, pins)
        except FormatError as exc:
            raise _refuse(str(exc), exc.code) from exc
        before = list((tournament.partner_draw or {}).get("pins", []))
        tournament.partner_draw = {**(tournament.partner_draw or {}), "pins": pins}
        tournament.save(update_fields=["partner_draw"])
        audit(tournament, "partner_pins_set", by, before={"pins": before}, after={"pins": pins})
    return tournament


def pins_without(tournament: Tournament, entry_id: int) -> None:
    """A sign-up leaves the draw (it withdrew): its pin goes with it."""
    pins = (tournament.partner_draw or {}).get("pins", [])
    kept = [pin for pin in pins if entry_id not in pin]
    if kept != pins:
        tournament.partner_draw = {**tournament.partner_draw, "pins": kept}
        tournament.save(update_fields=["partner_draw"])


def partners_draw(*, tournament: Tournament, entries: Sequence[Entry], by: Actor) -> list[Entry]:
    """At the start, inside its transaction: draw the partnerships among ``entries`` with
    ``tournament.draw_seed`` and merge each pair into one entry; ``FormatError`` propagates."""
    by_pk = {e.pk: e for e in entries}
    pool = sorted(by_pk)
    pins = [list(pin) for pin in (tournament.partner_draw or {}).get("pins", [])]
    pairs = draw_partners(pool, pins=pins, rng_seed=tournament.draw_seed)
    now, who = timezone.now().isoformat(), getattr(by, "pk", None)
    partners = [by_pk[b] for _, b in pairs]
    # A pair is seeded by the better seed a director gave either sign-up (none: by lot).
    seeds = {
        a: min((s for s in (by_pk[a].seed, by_pk[b].seed) if s), default=None) for a, b in pairs
    }
    for (a, _), partner in zip(pairs, partners, strict=True):
        partner.status, partner.seed = Entry.Status.PAIRED, None
        partner.history = [
            *partner.history,
            {"at": now, "what": "partner_drawn", "by": who, "into": a},
        ]
    # The partners' seeds are cleared before a pair's entry may take one of them.
    Entry.objects.bulk_update(partners, ["status", "seed", "history"])
    moved = list(EntryPlayer.objects.filter(entry_id__in=[b for _, b in pairs]))
    into = {b: a for a, b in pairs}
    for link in moved:
        link.entry_id = into[link.entry_id]
    EntryPlayer.objects.bulk_update(moved, ["entry"])
    kept = []
    for a, b in pairs:
        entry, partner = by_pk[a], by_pk[b]
        entry.name, entry.seed = f"{entry.name} & {partner.name}"[:160], seeds[a]
        entry.history = [
            *entry.history,
            {"at": now, "what": "partner_drawn", "by": who, "with": b, "pinned": [a, b] in pins},
        ]
        kept.append(entry)
    Entry.objects.bulk_update(kept, ["name", "seed", "history"])
    tournament_changed(tournament.pk)  # bulk writes send no signal
    tournament.partner_draw = {"pins": pins, "pool": pool, "pairs": [list(p) for p in pairs]}
    audit(tournament, "partners_drawn", by, after=tournament.partner_draw)
    return kept
