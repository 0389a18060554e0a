"""Opening a club night: its seating, ruleset and tables of five or six."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction

from play.models import Night
from play.services import ruleset_or_invalid
from rookclub.clubs.models import Club
from rookclub.core.errors import Invalid
from rookclub.core.roles import Actor, require_director
from scoring.engine import PRESETS


@transaction.atomic
def night_open(
    *,
    club: Club,
    date: datetime.date,
    opened_by: Actor,
    seating_method: str = Night.Seating.RANDOM,
    ruleset: str = "tournament",
    options: dict[str, Any] | None = None,
    tables_of_five_or_six: bool = False,
    game_for_five: str = "five-player",
    game_for_six: str = "six-player",
    door_new_players: bool = False,
) -> Night:
    """A director opens a club night. ``tables_of_five_or_six``: players who would sit
    out are seated at tables of five or six instead, playing ``game_for_five`` and
    ``game_for_six`` ("" for none), on a random or progressive night.
    ``door_new_players``: its door link may add newcomers."""
    require_director(opened_by, club)
    if seating_method not in Night.Seating.values:
        raise Invalid(
            "Unknown seating.",
            errors={"seating_method": [f"one of {', '.join(Night.Seating.values)}"]},
        )

    ruleset_or_invalid(ruleset, options)  # refuse a ruleset that cannot be played now
    if tables_of_five_or_six:
        check_big_games(seating_method, game_for_five, game_for_six)
    return Night.objects.create(
        club=club,
        date=date,
        opened_by=opened_by,
        seating_method=seating_method,
        ruleset_slug=ruleset,
        ruleset_options=options or {},
        tables_of_five_or_six=tables_of_five_or_six,
        game_for_five=game_for_five or "",
        game_for_six=game_for_six or "",
        door_new_players=bool(door_new_players),
    )


def check_big_games(method: str, five: str, six: str) -> None:
    """Refuse (``Invalid``, field -> messages) tables of five or six on a fixed night,
    a game that is not for five (``five``) or six (``six``) players, or neither game."""
    errors: dict[str, list[str]] = {}
    if method == Night.Seating.FIXED:
        errors["tables_of_five_or_six"] = [
            "fixed partnerships play at tables of four; choose random or progressive seating"
        ]
    for name, slug, players in (("game_for_five", five, 5), ("game_for_six", six, 6)):
        if not slug:
            continue
        rules = PRESETS.get(slug) if isinstance(slug, str) else None
        if rules is None or len(rules.player_seats) != players:
            games = ", ".join(s for s, r in PRESETS.items() if len(r.player_seats) == players)
            errors[name] = [f"a game for {players} players: one of {games}"]
    if not five and not six:
        errors["game_for_five"] = ["choose a game for five or a game for six"]
    if errors:
        raise Invalid("Check the tables of five or six.", errors=errors)


def big_tables_text(night: Night) -> str:
    """What the night page says of a night that seats tables of five or six instead of
    sit-outs ("" for any other night): which tables and the game each plays."""
    if not night.tables_of_five_or_six:
        return ""
    games = [
        (size, PRESETS[slug].name)
        for size, slug in (("five", night.game_for_five), ("six", night.game_for_six))
        if slug in PRESETS
    ]
    if not games:
        return ""
    sizes = " or ".join(size for size, _ in games)
    plays = "; ".join(f"a table of {size} plays {name}" for size, name in games)
    return f"Nobody sits out: tables of {sizes} when the numbers need them ({plays})."
