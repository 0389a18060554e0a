"""The floor outside Rookclub for a per-request ratio: bench/floor_app (a serializer,
one row stored under its locked parent: the least a hand post can cost with Django on
the same database) served by gunicorn through ``_counting:floor_application``, so its
answers carry the same CPU and statement headers as Rookclub's (bench/_counting.py).

For bench/phone_post.py and bench/table_link.py: :class:`Floor` makes the floor's
database beside the bench's throwaway one, seeds it, serves it and drops it after.
"""

from __future__ import annotations

import http.client
import json
import subprocess
from pathlib import Path
from typing import Any

from bench._server import free_port, start_server, stop_server

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"


class Floor:
    """``with Floor(db, parents) as floor: floor.post(number)`` -> (status, headers)."""

    def __init__(self, db: dict, parents: int, log: str) -> None:
        self.db, self.parents_wanted, self.log = db, parents, ROOT / "var" / log
        self.server: subprocess.Popen | None = None
        self.name: str | None = None

    def __enter__(self) -> Floor:
        # The floor's database helpers of bench/hand_entry.py: one way to make it.
        from bench.hand_entry import FLOOR_SETTINGS, floor_database, floor_seed

        url, self.name = floor_database(self.db)
        seeded = floor_seed(url, self.parents_wanted)
        self.token, self.parents = seeded["tokens"][0], seeded["parents"]
        self.port = free_port()
        self.server = start_server(
            self.port,
            url,
            self.log,
            app="_counting:floor_application",
            workers=1,
            path=BENCH,
            env=FLOOR_SETTINGS,
        )
        return self

    def __exit__(self, *exc: Any) -> None:
        from bench.hand_entry import drop_floor_database

        if self.server is not None:
            stop_server(self.server)
        if self.name is not None:
            drop_floor_database(self.db, self.name)

    def post(self, index: int, body: dict[str, Any]) -> tuple[int, dict]:
        """Post ``body`` as child ``index // parents + 1`` of parent ``index % parents``:
        each post a new row, as each hand is."""
        parent = self.parents[index % len(self.parents)]
        number = index // len(self.parents) + 1
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request(
            "POST",
            f"/parents/{parent}/children/",
            body=json.dumps({**body, "number": number}),
            headers={"Authorization": f"Token {self.token}", "Content-Type": "application/json"},
        )
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status, dict(response.getheaders())
