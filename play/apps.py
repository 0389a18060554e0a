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
        from django.db.models.signals import post_delete, post_save

        from play import live
        from play.exports import register_tables
        from play.import_checks import imported_hands_check, imported_seating_check
        from play.models import CheckIn, Game, Night, NightRound, TableLink
        from play.prints import register_kinds
        from rookclub.clubs.export import register_import_check
        from rookclub.clubs.models import Membership

        register_kinds()
        register_tables()  # its tables in a club's export (rookclub/clubs/export.py)
        register_import_check(imported_hands_check)  # an import cannot forge a result
        register_import_check(imported_seating_check)
        # A live page's version is replaced when what it shows is written (play/live.py).
        for signal in (post_save, post_delete):
            for model, receiver in (
                (Night, live.on_night_saved),
                (CheckIn, live.on_night_row_saved),
                (Game, live.on_night_row_saved),
                (NightRound, live.on_table_row_saved),
                (TableLink, live.on_table_row_saved),
                (Membership, live.on_membership_saved),
            ):
                signal.connect(receiver, sender=model, dispatch_uid=f"live-{model.__name__}")
