"""What every club-night page needs: refusals shown as messages, htmx-aware renders."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse

from rookclub.core.errors import DomainError, NotAllowed


def refuse(request: HttpRequest, error: DomainError, back: str) -> HttpResponse:
    """A refusal is a message on the page the person came from, never a 500."""
    messages.error(request, error.message)
    if request.htmx:
        # htmx would swap the redirect's page into a region; send the browser there instead.
        response = HttpResponse(status=error.status)
        response["HX-Redirect"] = back
        return response
    if request.method == "GET":
        return render(
            request, "clubs/refused.html", {"error": error, "back": back}, status=error.status
        )
    return redirect(back)


def login_required_message(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Writes need a logged-in user; say so plainly instead of a bare redirect or 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            messages.error(request, "Log in to do that.")
            login_url = f"/accounts/login/?next={request.path}"
            if request.method == "GET":
                return redirect(login_url)
            error = NotAllowed("Log in to do that.", code="login_required")
            return refuse(request, error, back=request.headers.get("Referer") or login_url)
        return view(request, *args, **kwargs)

    return wrapper


def post_form(
    back: str | Callable[..., str],
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """``require_POST`` for a form page: a GET (a reload) goes to ``back`` (a URL name, or
    ``back(request, *args, **kwargs) -> url``), not a blank 405."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                if isinstance(back, str):
                    return redirect(reverse(back, args=args, kwargs=kwargs))
                return redirect(back(request, *args, **kwargs))
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, *args, **kwargs)

        return wrapper

    return decorate
