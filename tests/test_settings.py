"""Settings come from the environment; production refuses unsafe defaults."""

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_manage(*args: str, unset: Iterable[str] = (), **env: str) -> subprocess.CompletedProcess:
    """``manage.py args`` in a fresh process with this environment, ``env`` set and
    ``unset`` not."""
    # A production process starts from a clean slate: no dev flags, and not the
    # async-unsafe switch the browser tests set for their own process.
    dropped = {"DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE", *unset}
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


EMAIL_SETTINGS = (
    "from django.conf import settings as s; "
    "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER, "
    "s.EMAIL_HOST_PASSWORD, s.EMAIL_USE_TLS, s.EMAIL_USE_SSL, s.DEFAULT_FROM_EMAIL, sep='|')"
)


def email_settings(**env: str) -> list[str]:
    result = run_manage("shell", "-c", EMAIL_SETTINGS, **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1].split("|")


def test_without_email_url_emails_are_written_to_the_console():
    backend = email_settings(EMAIL_URL="")[0]

    # The log says an email was sent, not its link; the whole email with DEBUG.
    assert backend == "rookclub.core.redact.ConsoleEmailBackend"


def test_a_submission_email_url_is_smtp_with_starttls_on_port_587():
    settings = email_settings(
        EMAIL_URL="submission://club%40example.org:s3cret@mail.example.org",
        DEFAULT_FROM_EMAIL="Maple Street <club@example.org>",
    )

    assert settings == [
        "django.core.mail.backends.smtp.EmailBackend",
        "mail.example.org",
        "587",
        "club@example.org",
        "s3cret",
        "True",
        "False",
        "Maple Street <club@example.org>",
    ]


def test_an_smtp_email_url_keeps_its_port_and_credentials():
    settings = email_settings(EMAIL_URL="smtp://user:pass@mail.example.org:2525")

    assert settings[:7] == [
        "django.core.mail.backends.smtp.EmailBackend",
        "mail.example.org",
        "2525",
        "user",
        "pass",
        "False",
        "False",
    ]


def test_an_email_url_of_an_unknown_kind_refuses_to_start():
    result = run_manage("check", EMAIL_URL="pigeon://loft")

    assert result.returncode != 0
    assert "EMAIL_URL must start with smtp://" in result.stderr


def test_a_door_links_limit_is_read_from_the_environment():
    result = run_manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.DOOR_LINK_POSTS_PER_MINUTE)",
        DOOR_LINK_POSTS_PER_MINUTE="7",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "7"
