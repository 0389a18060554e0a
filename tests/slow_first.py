"""The order a run starts its tests in: the long ones first.

``make test`` runs on every core with pytest-xdist (``--dist worksteal``,
pyproject.toml): each worker takes its share of the tests in order, and a worker
with nothing left takes over the queued tests of another. A test that takes a minute
(``make venue`` from a fresh clone, the API fuzzing, a browser walking a whole night)
started near the end of a run leaves one worker running it alone while the other has
nothing left to do. Started first, the long tests overlap, and the thousands of short
ones fill the end of the run evenly (longest first: the classic rule for sharing
jobs between machines).

Only the order changes: every test still runs. pytest-django's order of database
kinds is kept (tests in a rolled-back transaction, then transactional ones, which
empty the database, then tests without one): this runs before its stable sort, so
the long tests go first within each kind.
"""

from __future__ import annotations

import pytest

#: Markers of tests that take tens of seconds each (pyproject.toml lists them).
LONG_MARKERS = ("venue", "multinode", "redis_faults", "browser")

#: Modules whose tests take tens of seconds without one of those markers, longest
#: first (``--durations`` of a whole run, 2026-11-25).
LONG_MODULES = (
    "tests/api/test_fuzz.py",  # ~230 s on a loaded 2-core machine
    "tests/browser/test_night_walks.py",  # ~55 s a walk, five walks
    "tests/standings/test_player_stats_property.py",  # ~64 s
    "tests/pages/test_outbox_answers.py",  # ~57 s: collectstatic for production static
    "tests/tournaments/test_event_walks.py",  # ~200 s: nine walks of 12-23 s (browser)
)

#: Modules without a database whose tests take seconds (a ``manage.py`` or settings
#: subprocess each, a 64-page PDF), longest first, after the long tests. pytest-django
#: runs tests without a database in the last part of the run: these go first in it, not
#: at its very end, where one worker ran them alone while the other had finished
#: (the 64-table batch, 18 s, was the run's last long test on 2026-11-26).
LONG_MODULES_WITHOUT_DB = (
    "tests/test_settings.py",  # ~59 s in all (2026-11-26, loaded)
    "tests/test_settings_multinode.py",  # ~39 s
    "tests/print/test_game_sheet_stamps.py",  # ~19 s: a 64-table batch
    "tests/venue/test_venue_settings.py",  # ~17 s
    "tests/formats/test_double_elim.py",  # ~11 s: 64-entry brackets
    "tests/test_api_schema.py",  # ~6 s: the whole OpenAPI schema
    "tests/test_weasyprint_public.py",  # ~6 s
    "tests/test_parallel_runs.py",  # ~4 s: pytest in a subprocess
)


def _rank(item: pytest.Item) -> int:
    """0 for a long test (a module of LONG_MODULES in its order), then the tests with a
    long marker, then LONG_MODULES_WITHOUT_DB in their order, then the rest."""
    path = item.nodeid.split("::", 1)[0]
    if path in LONG_MODULES:
        return LONG_MODULES.index(path)
    if any(item.get_closest_marker(name) for name in LONG_MARKERS):
        return len(LONG_MODULES)
    if path in LONG_MODULES_WITHOUT_DB:
        return len(LONG_MODULES) + 1 + LONG_MODULES_WITHOUT_DB.index(path)
    return len(LONG_MODULES) + 1 + len(LONG_MODULES_WITHOUT_DB)


def long_tests_first(items: list[pytest.Item]) -> None:
    """Reorder ``items`` in place, long tests first; a stable sort (the order within
    each rank is the collection's, so a module's tests stay together)."""
    items.sort(key=_rank)
