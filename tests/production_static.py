"""The production static storage in tests ("production is what the tests run").

``ROOKCLUB_PRODUCTION_STATIC=1`` makes the whole test night use what ``DEBUG=0``
uses: ``collectstatic`` into a temporary ``STATIC_ROOT``, WhiteNoise's
``CompressedManifestStaticFilesStorage`` (hashed names) and WhiteNoise serving them,
with the live server's own static handler out of the way. Tests run with
``DEBUG=False`` anyway (pytest-django), so the browser tests then walk the pages, the
service worker and the offline outbox as production serves them. CI runs the table
page, offline and service-worker browser tests once more this way (.ci/run).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from whitenoise.storage import CompressedManifestStaticFilesStorage

MANIFEST_STORAGE = "whitenoise.storage.CompressedManifestStaticFilesStorage"
#: The same storage without its last step, compressing every collected file with gzip
#: and brotli (quality 11: about 15 of its 16 CPU-seconds for the 1,200 files
#: collected, most of them the admin's).
UNCOMPRESSED_STORAGE = "tests.production_static.UncompressedManifestStorage"


def wanted() -> bool:
    return os.environ.get("ROOKCLUB_PRODUCTION_STATIC") == "1"


class _NoStaticHandler:
    """In place of the live server's StaticFilesHandler (which finds files by their
    source names, not the hashed ones): every request goes to Django, where
    WhiteNoise serves the collected files."""

    def __init__(self, application: Callable) -> None:
        self.application = application

    def __call__(self, environ: dict, start_response: Callable) -> Any:
        return self.application(environ, start_response)


class UncompressedManifestStorage(CompressedManifestStaticFilesStorage):
    """Production's storage (hashed names, the manifest, WhiteNoise's checks) that
    writes no ``.gz`` and ``.br`` copies: for a test that reads names from the
    manifest, not compressed files. The session-wide ``production_static`` (CI's
    browser step) keeps the compression."""

    def compress_files(self, paths: Any) -> Iterator[tuple[str, str]]:
        return iter(())


def collected_static(root: Path, *, compress: bool = True) -> Any:
    """Settings overridden to the production static storage over ``root``, after
    collecting into it; ``.disable()`` to undo. ``compress=False``: without the
    compressed copies (:class:`UncompressedManifestStorage`)."""
    from django.conf import settings
    from django.core.management import call_command
    from django.test import override_settings

    backend = MANIFEST_STORAGE if compress else UNCOMPRESSED_STORAGE
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": backend}}
    override = override_settings(STATIC_ROOT=root, STORAGES=storages)
    override.enable()
    call_command("collectstatic", interactive=False, verbosity=0)
    return override


@pytest.fixture(scope="session", autouse=True)
def production_static(tmp_path_factory: pytest.TempPathFactory) -> Iterator[bool]:
    """Session-wide, before any live server starts; a no-op unless asked for."""
    if not wanted():
        yield False
        return
    import django.contrib.staticfiles.handlers as handlers
    from django.contrib.staticfiles.storage import staticfiles_storage

    override = collected_static(tmp_path_factory.mktemp("static"))
    assert staticfiles_storage.url("js/sw.js") != "/static/js/sw.js", "not the hashed names"
    original = handlers.StaticFilesHandler
    handlers.StaticFilesHandler = _NoStaticHandler  # read by pytest-django's live_server
    try:
        yield True
    finally:
        handlers.StaticFilesHandler = original
        override.disable()
