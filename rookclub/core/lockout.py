"""Login lockout (django-axes): after ``AXES_FAILURE_LIMIT`` failed logins for one
username from one address, that pair is refused for ``AXES_COOLOFF_TIME`` with a 429
and ``Retry-After`` (:func:`lockout_response`). ``manage.py axes_reset`` lifts it early."""

from __future__ import annotations

import math
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_cool_off
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render


class LockoutBackend(AxesStandaloneBackend):
    """Axes' check before the password is tried; a call without a request (a command, the test
    client's ``login()``) is left to the next backend, where Axes would raise."""

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)


def lockout_message(request: HttpRequest | None = None) -> tuple[str, int]:
    """The sentence a locked-out person reads, and the seconds to wait."""
    cool_off = get_cool_off(request)
    seconds = int(cool_off.total_seconds()) if cool_off else 3600
    minutes = max(1, math.ceil(seconds / 60))
    wait = "a minute" if minutes == 1 else f"{minutes} minutes"
    sentence = (
        f"Too many failed logins for this username from your address: try again in "
        f"{wait}, or reset your password."
    )
    return sentence, seconds


def _wants_json(request: HttpRequest) -> bool:
    accept = request.headers.get("Accept", "")
    return (
        request.path.startswith("/api/")
        or request.headers.get("X-Requested-With") == "XMLHttpRequest"
        or ("application/json" in accept and "text/html" not in accept)
    )


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict | None
) -> HttpResponse:
    """``AXES_LOCKOUT_CALLABLE``: 429 with the sentence, on the login page (the username
    kept) or as ``{"detail": [sentence]}`` for a client that asked for JSON."""
    sentence, seconds = lockout_message(request)
    if _wants_json(request):
        response: HttpResponse = JsonResponse({"detail": [sentence]}, status=429)
    else:
        username = (credentials or {}).get("username") or request.POST.get("username", "")
        form = AuthenticationForm(request, initial={"username": username})
        context = {"form": form, "lockout": sentence, "next": request.POST.get("next", "")}
        response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
