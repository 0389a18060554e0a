"""Table and door keys, invitation tokens and reset links never reach a log line:
Django's messages (and tracebacks) through the configured handler, gunicorn's access
log (request line and Referer), and emails under ``consolemail://``."""

from __future__ import annotations

import io
import logging
import runpy
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.mail import EmailMessage
from django.urls import URLPattern, URLResolver, get_resolver, reverse
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
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/t/{KEY}/?x=1",
        "PATH_INFO": f"/t/{KEY}/",
        "QUERY_STRING": "x=1",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "203.0.113.9",
        "HTTP_REFERER": f"https://rook.example.org/invites/{TOKEN}/",
        "HTTP_USER_AGENT": "phone",
    }

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
    email = EmailMessage(
        "Reset your password", f"https://rook.example.org{RESET}", to=["ann@example.org"]
    )

    assert ConsoleEmailBackend().send_messages([email]) == 1

    text = log_lines.getvalue()
    assert_no_secret(text)
    assert "Reset your password" in text and "ann@example.org" in text


def test_plain_paths_are_left_alone():
    for path in ("/accounts/password-reset/", "/accounts/password-reset/sent/", "/tournaments/3/"):
        assert redact(f"GET {path} HTTP/1.1") == f"GET {path} HTTP/1.1"


# ---- every route that carries a secret, through the production log configuration ----------

#: The parameters of a URL that are secrets (a table's or a night's key, an invitation
#: token, a reset link's user id and token); a new keyed route is picked up here.
SECRET_PARAMS = {"key": KEY, "token": TOKEN, "uidb64": "MTI"}
GUNICORN_CONF = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"


def keyed_routes(patterns=None, namespace=""):
    """(route name, its parameters) for every URL with a secret in its path."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            params = set(entry.pattern.regex.groupindex)
            for name, more in keyed_routes(entry.url_patterns, inner):
                yield name, params | more
        elif isinstance(entry, URLPattern) and entry.name:
            params = set(entry.pattern.regex.groupindex)
            if params & set(SECRET_PARAMS) and "format" not in params:
                yield f"{namespace}{entry.name}", params


ROUTES = sorted(set((name, frozenset(params)) for name, params in keyed_routes()))


def keyed_path(name: str, params) -> str:
    values = {"token": TOKEN} if "uidb64" not in params else {"token": SECRETS[2]}
    kwargs = {p: values.get(p, SECRET_PARAMS.get(p, 1)) for p in params}
    return reverse(name, kwargs=kwargs)


def test_the_keyed_routes_include_tables_doors_invites_and_reset_links():
    paths = [keyed_path(name, params) for name, params in ROUTES]

    for start in (
        "/t/",
        "/api/v1/table/",
        "/n/",
        "/api/v1/door/",
        "/invites/",
        "/api/v1/invites/",
        "/accounts/password-reset/",
    ):
        assert any(p.startswith(start) for p in paths), (start, paths)


def gunicorn_access_line(tmp_path, path: str, referer: str) -> str:
    """One access-log line as deploy/gunicorn.conf.py writes it (its format and
    logger class), for a request of ``path`` coming from ``referer``."""
    conf = runpy.run_path(str(GUNICORN_CONF))
    config = Config()
    for setting in ("access_log_format", "logger_class"):
        config.set(setting, conf[setting])
    config.set("accesslog", str(tmp_path / "access.log"))
    logger = config.logger_class(config)
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": path,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "203.0.113.9",
        "HTTP_REFERER": referer,
        "HTTP_USER_AGENT": "phone",
    }

    class Answer:
        status, sent, response_length, headers = "200 OK", 10, 10, []

    class Request:
        headers = [("REFERER", referer), ("X-FORWARDED-FOR", "203.0.113.9")]

    logger.access(Answer(), Request(), environ, timedelta(seconds=0.01))
    for handler in logger.access_log.handlers:
        handler.flush()
    return (tmp_path / "access.log").read_text()


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "params"), ROUTES, ids=[name for name, _ in ROUTES])
def test_no_keyed_route_leaves_its_secret_in_any_log(
    name, params, client, settings, log_lines, tmp_path
):
    settings.DEBUG = False
    path = keyed_path(name, params)
    request_log = logging.getLogger("django.request")

    client.get(path)
    client.post(path, {}, content_type="application/json")
    request_log.warning("Too Many Requests: %s", path)
    try:
        raise LookupError(f"nothing answers {path}")
    except LookupError:
        request_log.exception("Internal Server Error: %s", path)
    text = log_lines.getvalue()
    access = gunicorn_access_line(tmp_path, path, f"https://rook.example.org{path}?x=1")

    assert_no_secret(text)
    assert_no_secret(access)
    assert "Too Many Requests: /" in text and "Traceback" in text
    assert any(f"/{blank}/" in access for blank in ("[key]", "[token]", "[link]")), access
