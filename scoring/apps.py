from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Games and hands"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from rookclub.clubs.forms import BIG_TABLE_GAMES
        from scoring import ratings
        from scoring.engine import PRESETS
        from scoring.exports import register_tables
        from scoring.prints import register_kinds
        from scoring.signals import game_scored, game_voided

        for players, games in BIG_TABLE_GAMES.items():
            games[:] = [(s, r.name) for s, r in PRESETS.items() if len(r.player_seats) == players]
        register_kinds()
        register_tables()  # its tables in a club's export (rookclub/clubs/export.py)
        from rookclub.clubs.export import register_import_check
        from scoring.import_checks import imported_hands_check, imported_seating_check

        register_import_check(imported_hands_check)  # an import cannot forge a result
        register_import_check(imported_seating_check)
        # Ratings follow finished games; a voided game is taken out (scoring/ratings.py).
        game_scored.connect(ratings.on_game_scored, dispatch_uid="scoring-ratings")
        game_voided.connect(ratings.on_game_voided, dispatch_uid="scoring-ratings")
