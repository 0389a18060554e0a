"""``manage.py hand_format_table [--check] [--file PATH]``: write docs/hand-format.md's
table of a score-sheet hand's keys from the one description of them
(``scoring/engine/hand_fields.py``); ``--check`` only says whether it is out of date."""

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.engine.hand_fields import with_docs_table


class Command(BaseCommand):
    help = "Write docs/hand-format.md's table of a hand's keys from scoring/engine/hand_fields.py."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="change nothing; fail if stale")
        parser.add_argument(
            "--file", type=Path, default=Path(settings.BASE_DIR) / "docs" / "hand-format.md"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        text = path.read_text(encoding="utf-8")
        wanted = with_docs_table(text)
        if wanted == text:
            self.stdout.write(f"{path}: the table is up to date.")
        elif options["check"]:
            raise CommandError(f"{path}: the table differs; run manage.py hand_format_table.")
        else:
            path.write_text(wanted, encoding="utf-8")
            self.stdout.write(f"{path}: the table written.")
