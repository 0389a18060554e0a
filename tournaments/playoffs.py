"""Playing off a place still shared after every tie-breaker (``Playoff``), once the
event is over, for each shared place up to ``options.playoff_places``: two entries
play one game to ``options.playoff_target``, three draw cards for a bye, four or more
play a small bracket. Playoff games are matches like any other; their results order
the tied entries in the standings."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from rookclub.core.errors import Invalid
from rookclub.core.roles import Actor, require_director
from tournaments import standings_data
from tournaments.audit import audit
from tournaments.match_games import round_games_start
from tournaments.models import Entry, Match, Playoff, Round, Tournament
from tournaments.playoff_rows import playoff_rows_create
from tournaments.status import refresh_status

NOT_DIRECTOR = "Only a director of the club can run its tournaments."


def playable(tournament: Tournament) -> bool:
    """Round robin and Swiss events play off their ties (a bracket decides its own
    places; an individual event has no partnership to play one game)."""
    return not (tournament.is_elimination or tournament.is_individual)


def places(tournament: Tournament) -> int:
    """The places played off when shared (option ``playoff_places``; 1: first only)."""
    return (tournament.options or {}).get("playoff_places") or 1


def shared_places(tournament: Tournament, data: standings_data.Data) -> dict[int, list[int]]:
    """Place -> the active entries sharing it (standings order), for each place up to
    ``playoff_places`` that is shared after every tie-breaker and has no playoff yet."""
    rows = standings_data.compute(tournament, data)
    active = {e.pk for e in data.entries if e.status == Entry.Status.ACTIVE}
    played = {p.place for p in data.playoffs}
    groups: dict[int, list[int]] = {}
    upto = places(tournament)
    shared = [r for r in rows if r.playoff_needed and r.rank <= upto and r.rank not in played]
    for row in shared:
        if row.entry in active:
            groups.setdefault(row.rank, []).append(row.entry)
    return {place: group for place, group in groups.items() if len(group) > 1}


def _refuse(message: str, field: str, code: str) -> Invalid:
    return Invalid(message, errors={field: [message]}, code=code)


def playoffs_create(
    *, tournament: Tournament, by: Actor, draw_seed: str | None = None
) -> list[Match]:
    """Create the playoff for every shared place up to ``playoff_places`` and start its first
    games; returns the matches. ``draw_seed`` shuffles a three-way card draw.

    Refused (400): ``no_playoff_format`` (brackets and individual events),
    ``event_not_finished``, ``no_tie`` (nothing shared, or every playoff made)."""
    require_director(by, tournament.club, NOT_DIRECTOR)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not playable(tournament):
            raise _refuse(
                "Playoffs are for round robin and Swiss events: a bracket decides its own "
                "places, and an individual event has no partnership to play them.",
                "format",
                "no_playoff_format",
            )
        if tournament.status != Tournament.Status.FINISHED:
            raise _refuse(
                "Every result must be in before a tie is played off.",
                "status",
                "event_not_finished",
            )
        data = standings_data.load(tournament)
        groups = shared_places(tournament, data)
        if not groups:
            upto = places(tournament)
            where = "first place" if upto == 1 else f"the first {upto} places"
            raise _refuse(
                f"No tie to play off: nobody shares {where}, or its playoff is made already.",
                "playoff",
                "no_tie",
            )
        seed = draw_seed or secrets.token_hex(8)
        first = (
            tournament.round_set.order_by("-number").values_list("number", flat=True).first() or 0
        ) + 1
        rounds: dict[int, Round] = {}
        made = []
        for place, entries in sorted(groups.items()):
            playoff = Playoff.objects.create(
                tournament=tournament, place=place, entries=entries, draw_seed=seed
            )
            playoff_rows_create(playoff, rounds, first)
            made.append(playoff)
        rounds[first].started_at = timezone.now()
        rounds[first].save(update_fields=["started_at"])
        for number in sorted(rounds):
            round_games_start(rnd=rounds[number], by=by)
        refresh_status(tournament)
        audit(
            tournament,
            "playoffs_created",
            by,
            after={"draw_seed": seed, "playoffs": {p.place: p.entries for p in made}},
        )
    return list(Match.objects.filter(playoff__in=made).order_by("round__number", "table", "id"))
