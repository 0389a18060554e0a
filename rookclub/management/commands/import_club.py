"""``manage.py import_club club.json``: bring a club exported from another Rookclub
(``GET /api/v1/clubs/{id}/export/?format=json``) into this one. See docs/club-export.md."""

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from play.exports import hand_results_mark_won
from rookclub.clubs.export_import import (
    EDITED_ACCEPTED,
    REPLAYED,
    SIGNED,
    club_import,
    provenance,
)
from rookclub.core.errors import DomainError
from standings.ratings import recompute_club

PROVENANCE = {
    SIGNED: "The file was exported by this Rookclub and is untouched (its signature matches).",
    REPLAYED: "The file was exported by another Rookclub (or its signature is missing): it "
    "was checked by replaying every hand and the import's consistency checks only.",
    EDITED_ACCEPTED: "The file was changed after its export and imported with "
    "--accept-edited; every hand was still replayed and checked.",
}


class Command(BaseCommand):
    help = (
        "Import a club from its JSON export, all or nothing, with new ids. Refuses a file "
        "that is not a Rookclub club export, and a club whose slug is already taken here."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the .json file a director downloaded")
        parser.add_argument("--slug", help="import the club under this slug instead of its own")
        parser.add_argument(
            "--accept-edited",
            action="store_true",
            help="import a file changed since its export (its checksum does not match); "
            "logged. Every hand is re-scored all the same: an edited result is refused.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            document = json.loads(path.read_bytes())
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror or exc}.") from None
        except (ValueError, RecursionError) as exc:
            raise CommandError(f"{path} is not JSON: {exc}.") from None
        try:
            club = club_import(
                document=document,
                slug=options.get("slug"),
                accept_edited=options["accept_edited"],
            )
        except DomainError as exc:
            raise CommandError(exc.message) from None
        # A file from before HandResult.won has no such column: mark the winning rows.
        hand_results_mark_won(club_id=club.pk)
        # Ratings are not in the file: they are worked out again from the games.
        recompute_club(club_id=club.pk)
        counts = {
            "players": club.players.count(),
            "nights": club.nights.count(),
            "games": club.games.count(),
        }
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported {club.name} (slug {club.slug}, id {club.pk}): "
                + ", ".join(f"{n} {what}" for what, n in counts.items())
                + "."
            )
        )
        self.stdout.write(PROVENANCE[provenance(document)])
