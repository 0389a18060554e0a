"""Rookclub's WSGI application that says how many SQL statements each request ran, in
an ``X-Bench-Statements`` header (bench/live_poll.py, bench/tuesday.py). Not a
benchmark: gunicorn serves it as ``bench._counting:application``."""

from __future__ import annotations

from typing import Any

from django.db import connection

from rookclub.wsgi import application as rookclub


def application(environ: dict, start_response: Any) -> Any:
    count = [0]

    def counted(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        count[0] += 1
        return execute(sql, params, many, context)

    def start(status: str, headers: list, *args: Any) -> Any:
        return start_response(status, [*headers, ("X-Bench-Statements", str(count[0]))], *args)

    with connection.execute_wrapper(counted):
        return rookclub(environ, start)
