"""Rookclub's WSGI application that says what each request cost, in headers:
``X-Bench-Statements`` (SQL statements run), ``X-Bench-CPU`` (the worker's CPU time,
microseconds) and ``X-Bench-DB-CPU`` (its PostgreSQL backend's CPU time, microseconds,
in the kernel's 10 ms ticks: right on average only). For bench/live_poll.py and
bench/tuesday.py with gunicorn's sync workers (one request at a time per process).
Not a benchmark: gunicorn serves it as ``bench._counting:application``; the floor app
(bench/floor_app, with bench/ on the path) as ``_counting:floor_application``, with the
same headers, so a ratio against the floor is in the same units."""

from __future__ import annotations

import os
import time
from typing import Any

from django.db import connection

TICK = 1_000_000 // os.sysconf("SC_CLK_TCK")


def _backend() -> tuple[int, int] | None:
    """The PostgreSQL backend serving this process, and its CPU ticks so far."""
    raw = getattr(connection, "connection", None)
    pid = getattr(getattr(raw, "info", None), "backend_pid", None)
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return pid, int(fields[11]) + int(fields[12])


def counting(app: Any) -> Any:
    """``app`` answering with its cost in headers (see the module)."""

    def counted_app(environ: dict, start_response: Any) -> Any:
        return _counted(app, environ, start_response)

    return counted_app


def __getattr__(name: str) -> Any:
    """The WSGI application asked for, made on first use: Rookclub's (``application``)
    or the floor's (``floor_application``), each importing only its own project."""
    if name == "application":
        from rookclub.wsgi import application as wrapped
    elif name == "floor_application":
        from floor_app.wsgi import application as wrapped
    else:
        raise AttributeError(name)
    globals()[name] = made = counting(wrapped)
    return made


def _counted(app: Any, environ: dict, start_response: Any) -> Any:
    count = [0]
    cpu, backend = time.process_time(), _backend()

    def counted(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        count[0] += 1
        return execute(sql, params, many, context)

    def start(status: str, headers: list, *args: Any) -> Any:
        used = int((time.process_time() - cpu) * 1_000_000)
        after = _backend()
        db = (after[1] - backend[1]) * TICK if after and backend and after[0] == backend[0] else -1
        extra = [
            ("X-Bench-Statements", str(count[0])),
            ("X-Bench-CPU", str(used)),
            ("X-Bench-DB-CPU", str(db)),
        ]
        return start_response(status, [*headers, *extra], *args)

    with connection.execute_wrapper(counted):
        return app(environ, start)
