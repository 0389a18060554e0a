"""How every bench script hands its rows to ``bench/run_all.py``: one JSON object a
line, appended to ``--json PATH`` (run_all prints them all as one table)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any


def write_rows(path: str | None, rows: Iterable[Mapping[str, Any]]) -> None:
    """Append ``rows`` to ``path`` as JSON lines; nothing without ``--json``."""
    if not path:
        return
    with open(path, "a", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row) + "\n")


def ratio_row(
    bench: str, measure: str, mine: str, floor: str, ratio: float, goal: float | None = None
) -> dict[str, Any]:
    """A row whose goal is "at most ``goal`` times the floor" (none: reported only)."""
    return {
        "bench": bench,
        "measure": measure,
        "rookclub": mine,
        "floor": floor,
        "ratio": ratio,
        "goal": f"<= {goal:g}x" if goal else "-",
        "ok": ratio <= goal if goal else True,
    }
