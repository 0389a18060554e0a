from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from rookclub.clubs.export import register_import_check
        from tournaments import receivers  # noqa: F401  connects to scoring's game_scored
        from tournaments.exports import register_tables as register_exports
        from tournaments.import_checks import imported_results_check
        from tournaments.prints import register_kinds
        from tournaments.table_links import register as register_table_links

        register_kinds()
        register_table_links()  # answers scoring's table links of kind "tournament"
        register_exports()  # its tables in a club's export (rookclub/clubs/export.py)
        register_import_check(imported_results_check)  # an import cannot forge a result
