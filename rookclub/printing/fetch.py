"""What WeasyPrint may fetch while it lays out a PDF: the app's static files, ``data:`` SVG
URIs (QR codes) and stamps' placeholders; anything else is refused (``FetchRefused``), so
a URL in a template can never leak a file or reach an internal service."""

from __future__ import annotations

import base64
import mimetypes
import posixpath
from base64 import b64decode
from functools import cache
from typing import Any
from urllib.parse import unquote, unquote_to_bytes, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import SuspiciousFileOperation
from weasyprint import URLFetcher

#: Relative URLs in print templates resolve against this address, which names no
#: real host (``.invalid`` never resolves) and is only ever read from disk here.
BASE_URL = "https://rookclub.invalid/"
DATA_TYPES = frozenset({"image/svg+xml"})  # inline images the app itself makes


class FetchRefused(ValueError):
    """A URL that printing does not fetch."""


def static_url(path: str) -> str:
    """The fetchable address of a static file, e.g. ``static_url("css/print.css")``."""
    return f"{BASE_URL}{_static_prefix()}{path}"


def _static_prefix() -> str:
    return settings.STATIC_URL.lstrip("/")


def _static(url: str) -> dict[str, Any]:
    path = unquote(urlsplit(url).path).lstrip("/")
    prefix = _static_prefix()
    if not path.startswith(prefix):
        raise FetchRefused(f"Printing fetches only static files, not {url[:100]!r}.")
    relative = path.removeprefix(prefix)
    if not relative or posixpath.normpath(relative) != relative or relative[0] in "./":
        raise FetchRefused(f"Not a static file: {url[:100]!r}.")
    try:
        found = finders.find(relative)
    except SuspiciousFileOperation:
        found = None
    if not found:
        raise FetchRefused(f"No static file {relative[:100]!r}.")
    with open(found, "rb") as f:
        content = f.read()
    return {"string": content, "mime_type": mimetypes.guess_type(relative)[0]}


def _data(url: str) -> dict[str, Any]:
    header, comma, payload = url.removeprefix("data:").partition(",")
    mime_type, *options = header.split(";")
    if not comma or mime_type.strip().lower() not in DATA_TYPES:
        raise FetchRefused(f"Printing reads no inline {mime_type[:40]!r} data.")
    raw = b64decode(payload) if "base64" in options else unquote_to_bytes(payload)
    return {"string": raw, "mime_type": mime_type.strip().lower()}


def url_fetcher(url: str, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """What ``url`` may fetch (``string`` and ``mime_type``): Rookclub's static files, its
    QR codes and the render's stamps only; FetchRefused for anything else."""
    if url.startswith("data:"):
        return _data(url)
    if url.startswith("rookclub-stamp:"):
        from rookclub.printing.stamps import served

        stamp = served(url)
        if stamp is None:
            raise FetchRefused(f"No such drawing in this document: {url[:100]!r}.")
        return {"string": stamp.placeholder(), "mime_type": "image/svg+xml"}
    parts = urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}/" == BASE_URL and not (parts.query or parts.fragment):
        return _static(url)
    raise FetchRefused(f"Printing fetches only Rookclub's own files, not {url[:100]!r}.")


class Fetcher(URLFetcher):
    """WeasyPrint's ``url_fetcher``: what ``url_fetcher`` allows, handed over as a ``data:`` URL
    (its own fetcher is allowed no other scheme)."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols=("data",), allow_redirects=False)

    def fetch(self, url: str, headers: Any = None) -> Any:
        served = url_fetcher(url)
        mime_type = served.get("mime_type") or "application/octet-stream"
        payload = base64.b64encode(served["string"]).decode()
        return super().fetch(f"data:{mime_type};base64,{payload}")


@cache
def fetcher() -> Fetcher:
    """The one fetcher of the process (it keeps no state between fetches)."""
    return Fetcher()
