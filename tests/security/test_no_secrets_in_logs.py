"""Table keys, invitation tokens and reset links never reach a log line (issue 27):
Django's messages through the configured handler, gunicorn's access log (request
line and Referer), and emails under ``consolemail://``."""

from __future__ import annotations

import io
import logging
from datetime import timedelta

import pytest
from django.core.mail import EmailMessage
from gunicorn.config import Config
from gunicorn.glogging import SafeAtoms

from rookclub.core.redact import ConsoleEmailBackend, GunicornLogger, redact

KEY = "Zq8rT-table-key-9xYw"
TOKEN = "inv1te-t0ken-abcdef"
RESET = "/accounts/password-reset/MTI/cabc12-0123456789abcdef0123456789abcdef/"
SECRETS = (KEY, TOKEN, "cabc12-0123456789abcdef")
FORMAT = '%(h)s "%(r)s" %(U)s "%(f)s" "%({referer}i)s"'  # as deploy/gunicorn.conf.py


@pytest.fixture
def log_lines(settings):
    """What the project's console handler writes, while the test runs."""
    handler = next(h for h in logging.getLogger().handlers if h.get_name() == "console")
    written = io.StringIO()
    was = handler.setStream(written)
    yield written
    handler.setStream(was)


def assert_no_secret(text: str) -> None:
    assert text, "nothing was logged: the test would prove nothing"
    for secret in SECRETS:
        assert secret not in text, text


@pytest.mark.django_db
def test_django_request_warnings_name_no_key_or_token(client, log_lines):
    client.get(f"/t/{KEY}/")
    client.post(f"/api/v1/table/{KEY}/hands/", {}, content_type="application/json")
    client.get(f"/invites/{TOKEN}/")
    logging.getLogger("django.request").warning("Not Found: %s", RESET)

    text = log_lines.getvalue()
    assert_no_secret(text)
    assert "/t/[key]/" in text and "/accounts/password-reset/[link]/" in text


def test_the_access_log_blanks_keys_in_request_lines_and_referers():
    logger = GunicornLogger(Config())
    environ = {
        "REQUEST_METHOD": "GET", "RAW_URI": f"/t/{KEY}/?x=1", "PATH_INFO": f"/t/{KEY}/",
        "QUERY_STRING": "x=1", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "203.0.113.9",
        "HTTP_REFERER": f"https://rook.example.org/invites/{TOKEN}/",
        "HTTP_USER_AGENT": "phone",
    }  # fmt: skip

    class Answer:
        status, sent, response_length, headers = "200 OK", 10, 10, []

    class Request:
        headers = [("REFERER", f"https://rook.example.org{RESET}")]

    atoms = SafeAtoms(logger.atoms(Answer(), Request(), environ, timedelta(seconds=0.01)))
    line = FORMAT % atoms

    assert_no_secret(line)
    assert "/t/[key]/?x=1" in line and "/invites/[token]/" in line


def test_the_console_email_backend_says_an_email_was_sent_not_its_link(settings, log_lines):
    settings.DEBUG = False
    email = EmailMessage("Reset your password", f"https://rook.example.org{RESET}",
                         to=["ann@example.org"])  # fmt: skip

    assert ConsoleEmailBackend().send_messages([email]) == 1

    text = log_lines.getvalue()
    assert_no_secret(text)
    assert "Reset your password" in text and "ann@example.org" in text


def test_plain_paths_are_left_alone():
    for path in ("/accounts/password-reset/", "/accounts/password-reset/sent/", "/tournaments/3/"):
        assert redact(f"GET {path} HTTP/1.1") == f"GET {path} HTTP/1.1"
