"""Starting a game: its ruleset snapshotted, its seats, in one transaction.

Recording, confirming and correcting its hands: :mod:`play.hands`,
:mod:`play.confirmations`, :mod:`play.corrections`; voiding it: :mod:`play.voiding`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from play.checkins import lock_open_night
from play.game_state import store_state
from play.models import LARGE_TABLE_SEATS, SMALL_TABLE_SEATS, Game, GameSeat, Night, TableSeating
from rookclub.clubs.models import Player
from rookclub.core.errors import Invalid
from rookclub.core.roles import Actor, require_scorer, user_or_none
from scoring.engine import PRESETS, SEATS, Ruleset, RulesetError, new_game, ruleset_from
from scoring.engine.messages import as_message
from scoring.engine.option_schema import too_large
from scoring.engine.rulesets import HOUSE_RULES

#: The seats a game's rows can hold (play.models.SEAT_CHOICES).
STORED_SEATS = frozenset(SEATS) | frozenset(SMALL_TABLE_SEATS) | frozenset(LARGE_TABLE_SEATS)


class HouseRules(Invalid):
    """Options each well formed that cannot be played together (a bid step that does
    not divide the minimum bid, sides that leave a seat out, seats the game's ``seats``
    do not name): a rule of the whole ruleset, which no schema of single options
    states. Its ``code`` is in every API answer's body."""

    code = HOUSE_RULES
    code_in_body = True


def ruleset_or_invalid(slug: Any, options: Any) -> Ruleset:
    if not isinstance(slug, str):
        raise Invalid("Unknown ruleset.", errors={"ruleset": ["must be a ruleset slug"]})
    if options is not None and not isinstance(options, Mapping):
        raise Invalid("Bad options.", errors={"options": ["must be a JSON object"]})
    too_big = too_large(options or {})
    if too_big:
        messages = [f"{name}: {m}" for name, problems in too_big.items() for m in problems]
        raise Invalid("Bad options.", errors={"options": messages}, code="ruleset_invalid")
    try:
        return ruleset_from(slug, options or None)
    except RulesetError as exc:
        errors: dict[str, list[str]] = {}
        for field, messages in exc.errors.items():
            if field in ("slug", "ruleset"):
                errors.setdefault("ruleset", []).extend(messages)
            else:
                errors.setdefault("options", []).extend(
                    as_message(f"{field}: {m}") for m in messages
                )
        if exc.code == HOUSE_RULES:
            raise HouseRules("The ruleset cannot be played.", errors=errors) from exc
        raise Invalid("The ruleset cannot be played.", errors=errors, code=exc.code) from exc


ONE_SEAT_EACH = "a player can sit in only one seat"


def _preset_table(slug: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    preset = PRESETS.get(slug)
    return None if preset is None else (preset.seats, preset.dummy_seats)


def game_start(
    *,
    ruleset: str = "tournament",
    options: Mapping[str, Any] | None = None,
    seats: Mapping[str, Player],
    dealer: str | None = None,
    night: Night | None = None,
    table_seating: TableSeating | None = None,
    created_by: Actor,
) -> Game:
    """Start a game: the ruleset is snapshotted now, so later rule changes never rescore it.

    ``seats`` names a player for each of the ruleset's player seats (the four compass
    seats, or ``seat1`` … ``seat6`` for the games for two, three, five and six; a dummy
    is nobody's seat). ``dealer`` defaults to the first of them."""
    rules = ruleset_or_invalid(ruleset, options)
    players = tuple(rules.player_seats)
    dealer = players[0] if dealer is None else dealer
    errors: dict[str, list[str]] = {}
    if not set(rules.seats) <= STORED_SEATS or not 2 <= len(players) <= 6:
        errors["ruleset"] = ["club games are played by two to six players"]
    elif not isinstance(seats, Mapping) or set(seats) != set(players):
        errors["seats"] = [f"give a player for each of {', '.join(players)}"]
    elif len({p.pk for p in seats.values()}) != len(players):
        errors["seats"] = [ONE_SEAT_EACH]
    if "ruleset" not in errors and dealer not in players:
        errors["dealer"] = [f"unknown seat {dealer!r} (seats: {', '.join(players)})"]
    if errors:
        # House rules that change the table (its seats, a dummy) make these seats wrong.
        changed = (rules.seats, rules.dummy_seats) != _preset_table(ruleset)
        changed = changed and errors.get("seats") != [ONE_SEAT_EACH]
        raise (HouseRules if changed else Invalid)("The game cannot start.", errors=errors)
    clubs = {p.club_id for p in seats.values()}
    club_id = night.club_id if night is not None else next(iter(clubs))
    if clubs != {club_id}:
        raise Invalid(
            "Players from another club.", errors={"seats": ["every player must be of this club"]}
        )
    club = night.club if night is not None else next(iter(seats.values())).club
    require_scorer(created_by, club, "Only a director or scorer of the club can start a game.")
    state = new_game(rules, {seat: seats[seat].pk for seat in players}, dealer)
    with transaction.atomic():
        if night is not None:
            # Held until the game is stored: closing the night waits for it, or refuses it.
            lock_open_night(night.pk, "start another game")
        game = Game(
            club=club,
            night=night,
            table_seating=table_seating,
            ruleset_slug=rules.slug,
            ruleset=rules.to_dict(),
            scored_by_player=scored_by_player(rules),
            first_dealer=dealer,
            created_by=user_or_none(created_by),
        )
        store_state(game, state)
        game.save()
        GameSeat.objects.bulk_create(
            GameSeat(game=game, seat=seat, player=seats[seat]) for seat in players
        )
    return game


def scored_by_player(rules: Ruleset) -> bool:
    """The club's pages and standings show the game a player at a time: it is won by a
    player (``Ruleset.scores_players``), or by partnerships of three (Dixie for six,
    Partnership for Six), which no compass pair stands for (``Game.scores_players``)."""
    return rules.scores_players or set(rules.side_names) != {"north_south", "east_west"}
