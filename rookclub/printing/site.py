"""The site's public address for links printed in PDFs: ``SITE_URL``, else the address a
batch recorded, else (DEBUG) the request's host, else ``SiteAddressMissing``: a QR code
to the wrong address is worse than none."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core import checks

from rookclub.core.errors import DomainError

NOT_CONFIGURED = (
    "This site's address is not configured (SITE_URL); "
    "ask the administrator to set it before printing table cards."
)


class SiteAddressMissing(DomainError):
    """Absolute links cannot be printed: SITE_URL is unset in production (HTTP 503)."""

    code = "site_url_missing"
    status = 503


def site_url(request: Any = None, *, recorded: str | None = None) -> str:
    """The address absolute links in a PDF start with, ending in "/" (see the module)."""
    configured = getattr(settings, "SITE_URL", "")
    if configured:
        return configured.rstrip("/") + "/"
    if recorded:
        return str(recorded)
    if settings.DEBUG and request is not None:
        return request.build_absolute_uri("/")
    raise SiteAddressMissing(NOT_CONFIGURED)


def with_site_url(request: Any, kind: Any, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with ``base_url`` when ``kind`` prints absolute links: a QR code must open
    this site's own page."""
    if getattr(kind, "absolute_urls", False):
        params["base_url"] = site_url(request)
    return params


def _only_this_computer(host: str) -> bool:
    host = host.strip("[]").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def qr_warning(url: str) -> str | None:
    """The warning for a QR code carrying ``url`` when no phone can open it (localhost, 127.x,
    ::1, 0.0.0.0); else None."""
    try:
        host = urlsplit(str(url)).hostname or ""
    except ValueError:
        return None
    if not _only_this_computer(host):
        return None
    return (
        f"The QR codes would open {url}, an address only this computer can reach: "
        "no phone can open it. Run `make venue` to serve the hall's network "
        "(or set SITE_URL to an address the phones reach), then print again."
    )


def print_warnings(kind: Any, params: Mapping[str, Any]) -> list[str]:
    """What to tell whoever prints ``kind`` with ``params`` before its PDF is made: the
    :func:`qr_warning` of its QR codes' address when the kind prints any."""
    if not getattr(kind, "absolute_urls", False):
        return []
    base = getattr(settings, "SITE_URL", "") or params.get("base_url") or ""
    warning = qr_warning(str(base).rstrip("/") + "/") if base else None
    return [warning] if warning else []


def page_qr_warning(request: Any) -> str | None:
    """:func:`qr_warning` for the address a page's print links would put in a QR code."""
    try:
        return qr_warning(site_url(request))
    except SiteAddressMissing:
        return None


@checks.register("printing", deploy=True)
def check_site_url(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """``check --deploy``: production without SITE_URL cannot print table cards."""
    if settings.DEBUG or getattr(settings, "SITE_URL", ""):
        return []
    return [
        checks.Warning(
            "SITE_URL is not set: table cards (their QR codes) cannot be printed.",
            hint="Set SITE_URL to the site's public address, e.g. https://rook.example.org.",
            id="printing.W001",
        )
    ]
