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
        self._connect_live_stamps()

    @staticmethod
    def _connect_live_stamps() -> None:
        """A live page's version is replaced when what it shows is written
        (tournaments/live.py)."""
        from django.db.models.signals import post_delete, post_save

        from play.models import Game
        from rookclub.clubs.models import Membership
        from tournaments import live
        from tournaments.models import (
            AuditEntry,
            Entry,
            EntryPlayer,
            Match,
            MatchGame,
            Playoff,
            Round,
            Tournament,
        )

        receivers = [
            (Tournament, live.on_tournament_saved),
            (MatchGame, live.on_match_game_saved),
            (Game, live.on_game_saved),
            (Membership, live.on_membership_saved),
        ]
        for model in (Entry, EntryPlayer, Round, Match, Playoff, AuditEntry):
            receivers.append((model, live.on_tournament_row_saved))
        for signal in (post_save, post_delete):
            for model, receiver in receivers:
                signal.connect(
                    receiver, sender=model, dispatch_uid=f"tournament-live-{model.__name__}"
                )
