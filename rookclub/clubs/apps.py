from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "rookclub.clubs"
    # The tables and migrations were made under the project package's label; keeping
    # it means moving the code here needed no data migration.
    label = "rookclub"
    verbose_name = "Rook clubs"
    default_auto_field = "django.db.models.BigAutoField"
