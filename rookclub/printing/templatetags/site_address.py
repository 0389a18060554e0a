"""Where phones find this site, for the pages that print QR codes and the director's
pages: ``{% qr_warning as warning %}`` and ``{% phones_join_at as address %}``."""

from typing import Any

from django import template

from rookclub.printing.site import SiteAddressMissing, page_qr_warning, site_url

register = template.Library()


@register.simple_tag(takes_context=True)
def qr_warning(context: Any) -> str:
    """The warning when this page's QR codes would open an address only this computer reaches;
    "" when phones can, and after its first time on one page."""
    request = getattr(context, "request", None)
    if request is None or getattr(request, "_rookclub_qr_warned", False):
        return ""
    warning = page_qr_warning(request) or ""
    request._rookclub_qr_warned = bool(warning)
    return warning


@register.simple_tag(takes_context=True)
def phones_join_at(context: Any) -> str:
    """The address phones open (SITE_URL, or the one this page came in on), "" when
    it is unknown."""
    request = getattr(context, "request", None)
    try:
        return site_url(request) if request is not None else ""
    except SiteAddressMissing:
        return ""
