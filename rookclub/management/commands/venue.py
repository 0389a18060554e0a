"""``manage.py venue``: migrate, collect static files, load the demo club into an empty
database, then serve the hall's phones with gunicorn (docs/venue.md)."""

from __future__ import annotations

import os
import sys
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from rookclub import venue
from rookclub.printing.site import qr_warning


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdigit():
        raise CommandError(f"{name} must be a whole number, not {value!r}.")
    return int(value)


def gunicorn_options(*, host: str, port: int) -> dict[str, Any]:
    """One process of threads (SQLite, local-memory cache and eager tasks are one process's),
    quiet but for errors, so the address stays on the screen."""
    threads = _int("GUNICORN_THREADS", 8)
    return {
        "bind": [f"[{host}]:{port}" if ":" in host else f"{host}:{port}"],
        "workers": _int("GUNICORN_WORKERS", 1),
        "threads": threads,
        "worker_class": "gthread" if threads > 1 else "sync",
        # A batch of table cards renders in the request (eager tasks): give it time.
        "timeout": _int("GUNICORN_TIMEOUT", 120),
        "graceful_timeout": 5,
        "accesslog": os.environ.get("GUNICORN_ACCESS_LOG") or None,
        "errorlog": "-",
        "loglevel": os.environ.get("GUNICORN_LOG_LEVEL", "warning"),
        "proc_name": "rookclub-venue",
    }


class Command(BaseCommand):
    help = "Serve Rookclub to the phones of a hall's network (make venue; see docs/venue.md)."

    def handle(self, *args: Any, **options: Any) -> None:
        if not getattr(settings, "VENUE", False):
            # Settings are read once, when the process starts: start again in venue mode.
            environment = {**os.environ, "ROOKCLUB_VENUE": "1"}
            os.execve(sys.executable, [sys.executable, *sys.argv], environment)
        try:
            self._prepare()
            self._serve()
        except KeyboardInterrupt:
            self.stdout.write("\nStopped before the server started.")
            raise SystemExit(130) from None

    def _prepare(self) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        from rookclub.clubs.models import Club

        if not Club.objects.exists():  # a new laptop: the demo club to try things on
            call_command("demo", stdout=self.stdout)
        else:
            self.stdout.write("Your clubs are as you left them (the demo is loaded only once).")

    def _serve(self) -> None:
        from django.core.wsgi import get_wsgi_application
        from django.db import connections
        from gunicorn.app.base import BaseApplication

        host = os.environ.get("HOST", "").strip() or "0.0.0.0"
        port = _int("PORT", 8000)
        application = get_wsgi_application()
        connections.close_all()  # the server's threads open their own
        address = settings.SITE_URL
        stdout = self.stdout

        def when_ready(server: Any) -> None:
            stdout.write(venue.banner(address))
            warning = qr_warning(address)
            if warning:
                stdout.write(warning)
            stdout.flush()

        class VenueServer(BaseApplication):
            def load_config(self) -> None:
                for key, value in gunicorn_options(host=host, port=port).items():
                    self.cfg.set(key, value)
                self.cfg.set("when_ready", when_ready)

            def load(self) -> Any:
                return application

        VenueServer().run()  # returns only by SystemExit: 0 after Ctrl-C
