from django.apps import AppConfig


class PlayConfig(AppConfig):
    """A club night and its games: check-in, seating, rounds, games, hands, table and
    door links, with their pages, API and prints."""

    name = "play"
    # The games' tables and migrations were made under the label "scoring"; keeping it
    # means moving the code here needed no data migration.
    label = "scoring"
    verbose_name = "Club nights and games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from play import ratings
        from play.exports import register_tables
        from play.import_checks import imported_hands_check, imported_seating_check
        from play.prints import register_kinds
        from play.signals import game_scored, game_voided
        from rookclub.clubs.export import register_import_check

        register_kinds()
        register_tables()  # its tables in a club's export (rookclub/clubs/export.py)
        register_import_check(imported_hands_check)  # an import cannot forge a result
        register_import_check(imported_seating_check)
        # Ratings follow finished games; a voided game is taken out (play/ratings.py).
        game_scored.connect(ratings.on_game_scored, dispatch_uid="scoring-ratings")
        game_voided.connect(ratings.on_game_voided, dispatch_uid="scoring-ratings")
