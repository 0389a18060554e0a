from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Games and hands"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from scoring.exports import register_tables
        from scoring.prints import register_kinds

        register_kinds()
        register_tables()  # its tables in a club's export (rookclub/clubs/export.py)
