"""Domain errors raised by services and mapped to HTTP answers by the API and pages:
each carries a stable ``code`` (what tests assert), messages per field and a ``status``."""

from collections.abc import Mapping, Sequence
from typing import Any


class DomainError(Exception):
    code = "invalid"
    status = 400
    #: Every API view answers this refusal with its ``code`` (a rule no schema can state);
    #: others only where the view says so (its own ``code_in_body``).
    code_in_body = False

    def __init__(
        self,
        message: str,
        *,
        errors: Mapping[str, Sequence[str]] | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.errors = {field: list(msgs) for field, msgs in (errors or {}).items()}
        if code:
            self.code = code

    def as_dict(self) -> dict[str, list[str]]:
        """Field -> messages, the shape DRF uses for a 400; the message under 'detail'."""
        return self.errors or {"detail": [self.message]}

    def body(self, with_code: bool = False) -> dict[str, Any]:
        """The API's answer (``api_exception_handler``): :meth:`as_dict`, and the ``code``
        where the view (``with_code``) or the error asks for it."""
        with_code = with_code or self.code_in_body
        return {**self.as_dict(), "code": self.code} if with_code else self.as_dict()


class Invalid(DomainError):
    """The input breaks a rule (HTTP 400)."""


class NotAllowed(DomainError):
    """The user may not do this (HTTP 403)."""

    code = "not_allowed"
    status = 403


class Conflict(DomainError):
    """The request clashes with what is already recorded (HTTP 409)."""

    code = "conflict"
    status = 409


class NotFound(DomainError):
    """What the request names does not exist (HTTP 404)."""

    code = "not_found"
    status = 404


class Gone(DomainError):
    """What the request names existed but can no longer be used, e.g. an expired or
    used invitation (HTTP 410)."""

    code = "gone"
    status = 410
