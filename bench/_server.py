"""What the bench scripts share: a free port, a database's URL, and gunicorn started
with production settings on a throwaway database (and stopped). Not a benchmark:
run as a script it does nothing."""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent

#: Production settings (``DEBUG=0``) with a throwaway secret, on 127.0.0.1 only, the
#: address and account rate limits off (a bench measures recording, not the limits).
PRODUCTION = {
    "DEBUG": "0",
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "0",
    "THROTTLE_ANON": "off",
    "THROTTLE_USER": "off",
    "LOG_LEVEL": "WARNING",
}


_GIVEN: set[int] = set()


def free_port() -> int:
    """A free port on 127.0.0.1: in ``BENCH_PORTS`` (e.g. ``8400-8449``) when it is set
    (a shared machine), else any."""
    first, _, last = os.environ.get("BENCH_PORTS", "0-0").partition("-")
    for port in range(int(first), int(last or first) + 1):
        if port and port in _GIVEN:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            _GIVEN.add(probe.getsockname()[1])
            return probe.getsockname()[1]
    raise RuntimeError(f"no free port in BENCH_PORTS={os.environ['BENCH_PORTS']}")


def database_url(db: Mapping) -> str:
    """A Django ``DATABASES`` entry as the ``DATABASE_URL`` that names it."""
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or ''}:{db.get('PORT') or 5432}/{db['NAME']}"


@contextmanager
def throwaway_database(name: str) -> Iterator[dict]:
    """A fresh, migrated database for one bench run, never the configured one itself:
    ``<name>_<bench>`` on the same server, or ``var/<bench>.sqlite3``; dropped after.
    Yields the ``DATABASES`` entry now pointing at it (Django must be set up)."""
    from django.conf import settings
    from django.db import connection

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        db.setdefault("TEST", {})["NAME"] = str(ROOT / "var" / f"{name}.sqlite3")
    else:
        db.setdefault("TEST", {})["NAME"] = f"{db['NAME']}_{name}"
    configured, test_name = db["NAME"], db["TEST"]["NAME"]
    try:
        old_name = connection.creation.create_test_db(
            verbosity=0, autoclobber=True, serialize=False
        )
    except BaseException:
        # Interrupted (make bench's time ran out) or failed while it was made: drop the
        # half-made database, and only once the connection points at it, never the
        # configured one.
        if connection.settings_dict["NAME"] == test_name:
            connection.creation.destroy_test_db(configured, verbosity=0)
        raise
    try:
        yield db
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def start_server(
    port: int,
    url: str,
    log: Path,
    *,
    app: str = "rookclub.wsgi",
    workers: int = 2,
    threads: int | None = None,
    env: Mapping[str, str] | None = None,
    path: Path = ROOT,
    options: Sequence[str] = (),
) -> subprocess.Popen:
    """gunicorn serving ``app`` on 127.0.0.1:``port`` against the database at ``url``
    (production settings, a throwaway ``SECRET_KEY``), once ``/healthz`` answers 200.
    ``threads``: the gthread worker with that many threads; None: sync workers.
    ``options``: more gunicorn arguments (``-c deploy/gunicorn.conf.py``)."""
    environment = {
        **os.environ,
        "PYTHONPATH": str(path),
        "DATABASE_URL": url,
        "SECRET_KEY": secrets.token_urlsafe(50),
        **PRODUCTION,
        **(env or {}),
    }
    environment.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    kind = ["--worker-class", "gthread", "--threads", str(threads)] if threads else []
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        app,
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        *kind,
        "--timeout",
        "60",
        *options,
    ]
    with open(log, "w") as out:
        server = subprocess.Popen(
            command, cwd=path, env=environment, stdout=out, stderr=subprocess.STDOUT
        )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped at start; see {log}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            pass
        time.sleep(0.3)
    stop_server(server)
    raise RuntimeError(f"gunicorn did not answer /healthz in 90 s; see {log}")


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


# ---- CPU time of processes (the web workers, PostgreSQL's backends) ----------------------


def worker_pids(server: subprocess.Popen) -> list[int]:
    """The gunicorn master's worker processes (Linux: /proc)."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    return [int(pid) for pid in children]


def backend_pids(database: str) -> list[int]:
    """PostgreSQL's server processes connected to ``database`` (not this one's)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [database],
        )
        return [row[0] for row in cursor.fetchall()]


def cpu_seconds(pids: Sequence[int]) -> float:
    """User and system CPU time the processes ``pids`` have used so far (Linux: /proc;
    a process gone or out of reach counts 0)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks
