"""Secrets kept out of every log line: table and door keys, invitation tokens and reset
links become ``[key]``, ``[token]``, ``[link]`` in the access log, messages and emails."""

from __future__ import annotations

import logging
import re
from typing import Any

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.backends.console import EmailBackend as DjangoConsoleBackend

_PART = r"[^/?#\s\"']+"
_SECRETS = [
    (re.compile(rf"(/t/){_PART}"), r"\1[key]"),
    (re.compile(rf"(/api/v1/table/){_PART}"), r"\1[key]"),
    (re.compile(rf"(/n/){_PART}"), r"\1[key]"),
    (re.compile(rf"(/api/v1/door/){_PART}"), r"\1[key]"),
    (re.compile(rf"(/invites/){_PART}"), r"\1[token]"),
    (re.compile(rf"(/accounts/password-reset/)(?!sent/|done/){_PART}/{_PART}"), r"\1[link]"),
]

log = logging.getLogger("rookclub.mail")


def redact(text: str) -> str:
    """``text`` with every table or door key, invitation token and reset link replaced."""
    for pattern, replacement in _SECRETS:
        text = pattern.sub(replacement, text)
    return text


class RedactSecrets(logging.Filter):
    """A log handler's filter: the record's message, redacted (never drops a record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        # An error's traceback can quote the path in an exception's text. A formatter
        # prints ``exc_text`` instead of formatting the exception when it is set, so
        # it is set only when a secret had to be taken out.
        if record.exc_info and not record.exc_text:
            traceback = logging.Formatter().formatException(record.exc_info)
            if redact(traceback) != traceback:
                record.exc_text = redact(traceback)
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


try:  # gunicorn is the production server; the tests and `make run` may not load it
    from gunicorn.glogging import Logger as _GunicornLogger
except ImportError:  # pragma: no cover
    _GunicornLogger = object  # type: ignore[assignment,misc]


class GunicornLogger(_GunicornLogger):  # type: ignore[misc,valid-type]
    """Gunicorn's logger whose access-log fields (request line, path, query, Referer,
    any header) are redacted: ``logger_class`` in deploy/gunicorn.conf.py."""

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> Any:
        atoms = super().atoms(resp, req, environ, request_time)
        return type(atoms)({k: redact(v) if isinstance(v, str) else v for k, v in atoms.items()})


class ConsoleEmailBackend(BaseEmailBackend):
    """``consolemail://``: with DEBUG, Django's console backend; otherwise a log line that an
    email was sent and to whom, never its body (a reset link is a password)."""

    def send_messages(self, email_messages: Any) -> int:
        if settings.DEBUG:
            return DjangoConsoleBackend(fail_silently=self.fail_silently).send_messages(
                email_messages
            )
        for message in email_messages:
            log.info(
                "email %r to %s not sent (EMAIL_URL is consolemail://); its text is not logged",
                message.subject,
                ", ".join(message.recipients()),
            )
        return len(email_messages)
