"""The suite runs in parallel (``make test``: pytest-xdist on every core) without one
test process seeing another's cache counts; the tests that need the one real Celery
worker are marked so they can run on their own; a hung test is stopped by name
(tests/conftest.py, pyproject.toml)."""

import os
import subprocess
import sys

import pytest
from django.core.cache import cache


def test_each_parallel_worker_counts_in_cache_keys_of_its_own(worker_id):
    if worker_id == "master":
        pytest.skip("not run in parallel (-n 0)")
    key = cache.make_key("throttle_anon_127.0.0.1")
    assert f"-{worker_id}:" in key, key


def test_a_test_using_the_real_worker_is_marked_for_the_serial_step(request, celery_worker):
    assert request.node.get_closest_marker("celery_worker") is not None


def test_a_hung_test_is_stopped_with_its_name(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # not this project's settings
    (tmp_path / "test_hangs.py").write_text(
        "import threading\n\n\ndef test_waits_forever():\n    threading.Event().wait()\n"
    )
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "pytest_timeout",
            "-p",
            "no:cacheprovider",
            "-c",
            str(tmp_path / "pytest.ini"),
            "--timeout",
            "2",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},  # only pytest-timeout
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Timeout" in run.stdout and "test_waits_forever" in run.stdout, run.stdout
