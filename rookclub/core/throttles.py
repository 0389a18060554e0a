"""Rate limits for the API and the pages anyone can post to, counted by django-ratelimit in
the cache (fail-open). Rates are ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``; a refusal
is a 429 with a sentence and ``Retry-After``."""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_ratelimit.core import get_usage
from rest_framework.exceptions import ErrorDetail, Throttled
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from rookclub.core.errors import DomainError


class TooMany(DomainError):
    """Too many requests in the window (HTTP 429); ``wait`` is the seconds until the
    window ends, for a ``Retry-After`` header."""

    code = "rate_limited"
    status = 429

    def __init__(self, message: str, *, wait: int = 60, **kwargs) -> None:
        super().__init__(message, **kwargs)
        self.wait = wait


def count(request: Any, scope: str, ident: str, rate: str | tuple[int, int], sentence: str):
    """Count one request of ``ident`` in ``scope``; beyond ``rate`` raise ``TooMany`` with
    ``sentence``, whose ``{wait}`` becomes "42 seconds"."""
    usage = get_usage(
        request, group=scope, key=lambda group, request: ident, rate=rate, increment=True
    )
    if usage is not None and usage["should_limit"]:
        wait = max(1, usage["time_left"])
        raise TooMany(sentence.format(wait=wait_in_words(wait)), wait=wait)


def client_ip(request: Any) -> str:
    """The client's address: ``REMOTE_ADDR``, or the one the first of ``NUM_PROXIES`` proxies
    saw; ``X-Forwarded-For`` is trusted only from a proxy, or a client could choose it."""
    remote = request.META.get("REMOTE_ADDR", "")
    if not _from_proxy(remote):
        return remote
    return BaseThrottle().get_ident(request) or ""


def _from_proxy(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in _proxies(tuple(settings.FORWARDED_ALLOW_IPS)))


@functools.cache
def _proxies(addresses: tuple[str, ...]) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """The networks of ``FORWARDED_ALLOW_IPS`` (``*``: any address, as gunicorn reads it);
    settings.py refuses a value that is not an address or a network."""
    if "*" in addresses:
        return [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
    return [ipaddress.ip_network(a, strict=False) for a in addresses]


def wait_in_words(wait: int) -> str:
    """42 -> "42 seconds"; 3213 -> "54 minutes"."""
    if wait <= 1:
        return "a second"
    if wait < 90:
        return f"{wait} seconds"
    return f"{-(-wait // 60)} minutes"


class Refused(Throttled):
    """429 in the shape of every other refusal (``{"detail": [sentence]}``); DRF's
    handler adds ``Retry-After`` from ``wait``."""

    def __init__(self, error: TooMany) -> None:
        super().__init__(wait=error.wait)
        self.detail = {"detail": [ErrorDetail(error.message, code=error.code)]}


class ScopeThrottle(BaseThrottle):
    """A scope's limit, counted per :meth:`ident`."""

    scope = ""
    #: The refusal; ``{wait}`` becomes "42 seconds".
    sentence = "Too many requests; try again in {wait}."

    def ident(self, request: Any, view: Any) -> str | None:
        """Whose requests count together; None: this request is not limited here."""
        raise NotImplementedError

    def refusal(self, request: Any, view: Any = None) -> TooMany | None:
        """Count this request; the refusal when it is over the limit, else None."""
        rate = api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)
        ident = self.ident(request, view) if rate else None
        if ident is None:
            return None
        try:
            count(request, self.scope, ident, rate, self.sentence)
        except TooMany as error:
            return error
        return None

    def allow_request(self, request: Any, view: Any) -> bool:
        refused = self.refusal(request, view)
        if refused is not None:
            # Raised here rather than returning False, so the answer carries this
            # scope's own sentence instead of DRF's generic one.
            raise Refused(refused)
        return True


class AnonThrottle(ScopeThrottle):
    scope = "anon"
    sentence = "Too many requests from your address; try again in {wait}."

    def ident(self, request: Any, view: Any) -> str | None:
        if request.user and request.user.is_authenticated:
            return None
        return client_ip(request)


class UserThrottle(ScopeThrottle):
    scope = "user"
    sentence = "Too many requests from your account; try again in {wait}."

    def ident(self, request: Any, view: Any) -> str | None:
        if request.user and request.user.is_authenticated:
            return str(request.user.pk)
        return None


class _PostsByAddress(ScopeThrottle):
    def ident(self, request: Any, view: Any) -> str | None:
        return client_ip(request) if request.method == "POST" else None


class SignUpThrottle(_PostsByAddress):
    scope = "signup"
    sentence = "Too many sign-ups from your address; try again in {wait}."


class PasswordResetThrottle(_PostsByAddress):
    scope = "password_reset"
    sentence = "Too many password reset emails asked for from your address; try again in {wait}."


def limit_posts(throttle_class: type[ScopeThrottle]) -> Callable:
    """A page's posts counted by ``throttle_class`` (GETs are not): beyond the limit
    the page answers 429 with the sentence and ``Retry-After``, and the view never runs."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            refused = throttle_class().refusal(request)
            if refused is None:
                return view(request, *args, **kwargs)
            response = render(request, "too_many.html", {"error": refused}, status=429)
            response["Retry-After"] = str(refused.wait)
            return response

        return wrapper

    return decorator
