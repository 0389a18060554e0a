"""The site's public address, for absolute links printed in PDFs (table cards' QR codes).

One rule, used by the pages, the API and batch jobs alike (``site_url``):

* ``SITE_URL`` (setting and environment variable) whenever it is set;
* else the address a batch recorded when it was started (its ``base_url``);
* else, in development (``DEBUG`` on), the host the request came in on;
* else nothing: a QR code to the wrong address (localhost, an internal host name)
  is worse than no card, so printing is refused with ``SiteAddressMissing``.
"""

from __future__ import annotations

from typing import Any

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
