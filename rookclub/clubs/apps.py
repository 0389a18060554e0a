from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "rookclub.clubs"
    # The tables and migrations were made under the project package's label; keeping
    # it means moving the code here needed no data migration.
    label = "rookclub"
    verbose_name = "Rook clubs"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from rookclub.clubs.export_tables import register_tables

        register_tables()  # its tables in a club's export (rookclub/clubs/export.py)
