"""Tournaments listen to scoring: a table game's final score becomes its match result.

Connected from :meth:`tournaments.apps.TournamentsConfig.ready`.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from play.models import Game
from play.signals import game_scored, game_voided
from rookclub.core.errors import Conflict
from tournaments.models import MatchGame
from tournaments.results import match_game_sync


@receiver(game_scored, sender=Game, dispatch_uid="tournaments.match_from_table_game")
def match_from_table_game(sender: type[Game], game: Game, **kwargs: Any) -> None:
    """Inside the hand's transaction (see ``game_scored``): a tournament game's final
    totals become its match game's score, and decide the match when they should."""
    if game.night_id is not None:
        return  # a club night's game is never a tournament's: skip the lookup
    if game.status != Game.Status.FINISHED:
        # Only a finished game's totals become a match game's score (match_game_sync
        # changes nothing before): no match lookup for every hand of every game.
        return
    match_game_sync(game=game)


@receiver(game_voided, sender=Game, dispatch_uid="tournaments.keep_match_games")
def refuse_voiding_a_match_game(sender: type[Game], game: Game, **kwargs: Any) -> None:
    """A match's game stays: its result is put right by correcting the match result
    (which keeps the tournament's audit trail), so voiding it is refused."""
    if game.night_id is not None:
        return
    link = MatchGame.objects.filter(game_id=game.pk).select_related("match").first()
    if link is not None:
        raise Conflict(
            f"This game is game {link.number} of {link.match}; correct the match result "
            "instead of voiding the game.",
            code="tournament_game",
        )
