"""Settings come from the environment; production refuses unsafe defaults."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    # A production process starts from a clean slate: no dev flags, and not the
    # async-unsafe switch the browser tests set for their own process.
    dropped = {"DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = run_manage("check", DEBUG="0", ALLOWED_HOSTS="rook.example.org")

    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_production_settings_pass_the_deploy_checklist():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="a-long-random-secret-key-for-this-test-only-0123456789-abcdefghijkl",
        ALLOWED_HOSTS="rook.example.org",
        SITE_URL="https://rook.example.org",
    )

    assert result.returncode == 0, result.stderr


def test_the_deploy_checklist_asks_for_site_url_in_production():
    result = run_manage(
        "check",
        "--deploy",
        DEBUG="0",
        SECRET_KEY="a-long-random-secret-key-for-this-test-only-0123456789-abcdefghijkl",
        ALLOWED_HOSTS="rook.example.org",
        SITE_URL="",
    )

    assert "printing.W001" in result.stderr and "SITE_URL is not set" in result.stderr


def test_a_site_url_that_is_not_an_http_address_refuses_to_start():
    result = run_manage("check", SITE_URL="rook.example.org")

    assert result.returncode != 0
    assert "SITE_URL must be the site's address as an http(s) URL" in result.stderr
