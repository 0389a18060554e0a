"""Pages that update themselves: htmx polls a page's live fragment, and an unchanged
fragment costs one cheap query and a 304.

A page's *version* is one aggregate query over what the fragment shows (counts and
latest ids and times of the rows behind it), computed without loading those rows.
The fragment's ETag is that version with the viewer, so two people never share one.
The browser's own cache keeps the fragment and revalidates it (``no-cache``): it
sends If-None-Match, we answer 304, and htmx gets the page it already has.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control

#: How often live fragments poll, in seconds (templates read it via the context).
POLL_SECONDS = 10


def etag_of(version: Iterable[Any], request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    who = user.pk if user is not None and user.is_authenticated else "-"
    text = "|".join(str(part) for part in (*version, who))
    return '"' + hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()[:20] + '"'


def live_fragment(
    request: HttpRequest,
    version: Callable[[], Iterable[Any] | None],
    render: Callable[[], HttpResponse],
) -> HttpResponse:
    """Answer 304 when the viewer already has the current version, else the rendered
    fragment tagged with the version it shows (read again after rendering: showing a
    page may write, e.g. a table's link made on first sight)."""
    current = version()
    if current is None:
        raise Http404("Nothing here.")
    etag = etag_of(current, request)
    sent = request.headers.get("If-None-Match", "")
    if etag in [tag.strip().removeprefix("W/") for tag in sent.split(",")]:
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = render()
        etag = etag_of(version() or current, request)
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, private=True)
    return response


def wants_live(request: HttpRequest) -> bool:
    """Is this the page's live fragment being polled (``?live=1``)?"""
    return request.GET.get("live") == "1"
