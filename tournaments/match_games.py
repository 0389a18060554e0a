"""Games played at a match's table: starting them, and letting them go when a round is re-paired."""

from __future__ import annotations

from django.db import transaction

from play.models import Game
from rookclub.core.errors import Conflict
from rookclub.core.roles import Actor, require_scorer
from tournaments import playoff_rows
from tournaments.audit import audit
from tournaments.models import Match, MatchGame, Round, Tournament
from tournaments.selectors import entry_players, match_seats
from tournaments.status import check_playable, lock_match

#: What someone who is neither director nor scorer hears when starting a match's game.
START_GAME = "Only a director or scorer of the club can start a game."


def match_game_start(*, match: Match, by: Actor, dealer: str = "north") -> Game:
    """Start the match's next game at the table through the club-night scoring:
    side A sits north-south, side B east-west. Hands are recorded as on club nights."""
    from play.services import game_start

    require_scorer(by, match.tournament.club, START_GAME)
    with transaction.atomic():
        tournament, match = lock_match(match)
        check_playable(tournament, match)
        if match.status != Match.Status.READY:
            raise Conflict("This match already has a result.", code="result_exists")
        linked = list(match.games.select_related("game"))
        if any(g.game_id and not g.scored for g in linked):
            raise Conflict("A game of this match is still being played.", code="game_in_progress")
        number = max((g.number for g in linked), default=0) + 1
        options = dict((tournament.options or {}).get("ruleset_options") or {})
        clock = (tournament.options or {}).get("round_clock") or {}
        if match.playoff_id:
            # One game to the playoff target: no round clock stops it.
            options.pop("fixed_hands", None)
            options["target"], clock = playoff_rows.target(tournament), {}
        if clock.get("hands"):
            # The clock stops the table at its hands, level or not: a tie stands.
            options.setdefault("fixed_hands", clock["hands"])
            options.setdefault("tie_at_target", "tie")
        game = game_start(
            ruleset=tournament.ruleset_slug,
            options=options or None,
            seats=match_seats(match, entry_players([match])),
            dealer=dealer,
            created_by=by,
        )
        MatchGame.objects.create(match=match, number=number, game=game)
        audit(tournament, "table_game_started", by, match=match, after={"game": game.pk})
    return game


def round_games_start(*, rnd: Round, by: Actor) -> list[Game]:
    """Start the first game at every table of a round just paired (side A north-south), so
    each table's link opens its game at once; matches with a game, byes and unknown
    entries are left alone. Off with option ``start_games``: false."""
    if not (rnd.tournament.options or {}).get("start_games", True):
        return []
    matches = rnd.matches.filter(
        status=Match.Status.READY, bye=False, table__isnull=False, games__isnull=True
    ).order_by("table")
    return [match_game_start(match=m, by=by) for m in matches.select_related("tournament")]


def bracket_games_start(*, tournament: Tournament, by: Actor) -> None:
    """A bracket's later matches start their games as soon as both entries are known
    (a result decided the match before them), as a paired round's do."""
    for rnd in tournament.round_set.order_by("number"):
        round_games_start(rnd=rnd, by=by)


def round_games_abandon(*, rnd: Round, by: Actor) -> None:
    """Before a director changes a round's pairings: the games started at its tables
    with no hand recorded are voided (never deleted) and let go of their matches;
    a game with a hand refuses the change (409 ``round_has_games``)."""
    from play.voiding import game_void

    linked = list(
        MatchGame.objects.filter(match__round=rnd, game__isnull=False).select_related("game__club")
    )
    if any(g.game.hands.exists() for g in linked):
        raise Conflict(
            "A game has already started at a table of this round: finish or abandon it "
            "before changing the pairings.",
            code="round_has_games",
        )
    # Let go of the matches first: a tournament game is voided through its match's
    # result, never on its own.
    MatchGame.objects.filter(pk__in=[g.pk for g in linked]).delete()
    for g in linked:
        if not g.game.is_void:
            game_void(game=g.game, by=by, reason="The round's pairings were changed.")
