from django.apps import AppConfig


class StandingsConfig(AppConfig):
    """Ratings, players' profiles and figures, and standings: receivers of what play
    tells (a game was scored, voided or corrected), with their pages, API and prints."""

    name = "standings"
    label = "standings"
    verbose_name = "Ratings, players and standings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from play.signals import finished_game_corrected, game_scored, game_voided
        from rookclub.clubs.export import leave_out
        from standings import ratings
        from standings.models import PlayerRating, RatingChange
        from standings.prints import register_kinds

        register_kinds()
        # Ratings follow finished games; a voided or corrected game is taken out or
        # rated again (standings/ratings.py).
        game_scored.connect(ratings.on_game_scored, dispatch_uid="scoring-ratings")
        game_voided.connect(ratings.on_game_voided, dispatch_uid="scoring-ratings")
        finished_game_corrected.connect(
            ratings.on_finished_game_corrected, dispatch_uid="scoring-ratings"
        )
        # Ratings are worked out from the games, so a club's export does not carry them:
        # ``import_club`` recomputes them (the same games give the same ratings).
        why = "derived from the games; recomputed after an import"
        leave_out(PlayerRating, why)
        leave_out(RatingChange, why)
