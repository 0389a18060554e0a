"""``manage.py recompute_ratings [--club SLUG]``: rebuild players' ratings from the
finished games (after changing the ``RATINGS`` setting, an upgrade, or an import).
See docs/ratings.md."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rookclub.clubs.models import Club
from standings.ratings import recompute_club


class Command(BaseCommand):
    help = "Recompute players' ratings from every finished game, for one club or all."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", metavar="SLUG", help="only this club (its slug)")

    def handle(self, *args: Any, **options: Any) -> None:
        clubs = Club.objects.order_by("pk")
        if options.get("club"):
            clubs = clubs.filter(slug=options["club"])
            if not clubs.exists():
                raise CommandError(f"No club has the slug {options['club']!r}.")
        for club in clubs:
            start = time.perf_counter()
            games = recompute_club(club_id=club.pk)
            self.stdout.write(
                f"{club.name} ({club.slug}): {games} game{'s' * (games != 1)} rated "
                f"in {time.perf_counter() - start:.2f} s."
            )
