"""Pages that update themselves: htmx polls a page's live fragment, whose ETag is the page's
version with the viewer; an unchanged fragment costs a 304 and at most one cheap query.

Visitors without a session share one rendering per (page, version), cached here and
answered ``public, s-maxage=LIVE_SHARED_SECONDS`` for a shared proxy; others ``private``."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import patch_cache_control
from django.views.decorators.http import condition

logger = logging.getLogger(__name__)

#: Stands for the viewer's form token in a fragment shared by signed-in viewers (``seen_as``);
#: each answer gets its own token in its place. Letters only: escaping leaves it alone.
TOKEN_SLOT = "rookclubformtokenslot"

#: How long a rendered fragment is kept (a newer version is a new key).
FRAGMENT_SECONDS = 120


def digest(parts: Iterable[Any]) -> str:
    """A short hash of ``parts`` (a version), for ETags and cache keys."""
    text = "|".join(str(part) for part in parts)
    return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()[:20]


def etag_of(version: Iterable[Any], request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    who = user.pk if user is not None and user.is_authenticated else "-"
    return '"' + digest((*version, who)) + '"'


def shared_viewer(request: HttpRequest) -> bool:
    """Does this visitor see what every visitor without a session sees?"""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return False
    return not any(name in request.COOKIES for name in (settings.SESSION_COOKIE_NAME, "messages"))


def live_fragment(
    request: HttpRequest,
    version: Callable[[], Iterable[Any] | None],
    render: Callable[[], HttpResponse],
    *,
    seen_as: Callable[[], str] | None = None,
    own: bool = False,
) -> HttpResponse:
    """304 when the viewer has the current version (read first), else the fragment.

    ``seen_as`` names what a signed-in viewer sees ("member"): viewers alike share one
    rendering per version. ``own``: the fragment is the visitor's own whatever their night
    (a door phone's seat): rendered for them, ``private``, never kept."""
    current = version()
    if current is None:
        raise Http404("Nothing here.")
    etag = etag_of(current, request)
    shared = not own and shared_viewer(request)

    # Django compares If-None-Match (weakly, so gzip's W/ tag still matches), answers
    # 304 or calls ``fragment``, and sets the ETag.
    @condition(etag_func=lambda request: etag)
    def fragment(request: HttpRequest) -> HttpResponse:
        if shared:
            return _shared_fragment(request, current, "-", render)
        if seen_as is not None:
            return _shared_fragment(request, current, "as-" + seen_as(), render)
        return render()

    response = fragment(request)
    if shared:
        # Not "no-cache", which a proxy takes as "keep nothing".
        patch_cache_control(
            response,
            public=True,
            max_age=0,
            must_revalidate=True,
            s_maxage=settings.LIVE_SHARED_SECONDS,
        )
    else:
        patch_cache_control(response, no_cache=True, private=True)
    return response


def _shared_fragment(
    request: HttpRequest, version: Iterable[Any], group: str, render: Callable[[], HttpResponse]
) -> HttpResponse:
    # Only the page's own poll (``?live=1`` and nothing else) is kept: a made-up query
    # string is rendered, never stored.
    key = None
    if request.META.get("QUERY_STRING") == "live=1":
        htmx = int(bool(request.headers.get("HX-Request")))
        key = f"live:{request.path}:{htmx}:{group}:{digest(version)}"
    kept = cache_or_none("get", key) if key else None
    if kept is not None:
        content, content_type = kept
        return _own_tokens(request, HttpResponse(content, content_type=content_type), group)
    response = render()
    # Only what is the same for everyone: a 200 that sets no cookie and holds no form
    # token (a CSRF token is the visitor's own).
    if (
        key
        and response.status_code == 200
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and not getattr(response, "streaming", False)
    ):
        cache_or_none("set", key, (response.content, response["Content-Type"]), FRAGMENT_SECONDS)
    return _own_tokens(request, response, group)


def _own_tokens(request: HttpRequest, response: HttpResponse, group: str) -> HttpResponse:
    """A signed-in viewer's answer with their form token in place of :data:`TOKEN_SLOT`."""
    slot = TOKEN_SLOT.encode()
    if group != "-" and not getattr(response, "streaming", False) and slot in response.content:
        response.content = response.content.replace(slot, get_token(request).encode())
    return response


def cache_or_none(method: str, *args: Any) -> Any:
    """The cache's ``method``, or None when the cache cannot answer (Redis down)."""
    try:
        return getattr(cache, method)(*args)
    except Exception:  # any failure of the cache: render instead
        logger.warning("live fragment cache unavailable", exc_info=True)
        return None


def poll_seconds() -> int:
    """How often live fragments poll, in seconds (``LIVE_POLL_SECONDS``, read per request;
    templates get it as ``poll_seconds``)."""
    return settings.LIVE_POLL_SECONDS


def wants_live(request: HttpRequest) -> bool:
    """Is this the page's live fragment being polled (``?live=1``)?"""
    return request.GET.get("live") == "1"
