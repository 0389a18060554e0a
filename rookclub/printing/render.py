"""HTML -> PDF with WeasyPrint: one cached font configuration and stylesheet per process.

Speed comes from doing the expensive things once: the FontConfiguration
(fontconfig scan) and the parsed print stylesheet are cached, and a batch is
laid out as a few multi-page documents whose pages are joined into one PDF.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from rookclub.core.errors import Invalid
from rookclub.printing.fetch import BASE_URL, static_url, url_fetcher

# Page sizes a director can ask for: the query value -> the CSS @page size.
PAGE_SIZES = {"a4": "A4", "letter": "letter"}
DEFAULT_PAGE_SIZE = "a4"
STYLESHEET = settings.BASE_DIR / "static" / "css" / "print.css"


def page_size_from(value: str | None) -> str:
    """The page-size key for a request value ("A4", "letter"...), or Invalid (HTTP 400)."""
    key = (value or DEFAULT_PAGE_SIZE).strip().lower()
    if key not in PAGE_SIZES:
        choices = " or ".join(PAGE_SIZES.values())
        raise Invalid(
            f"Unknown page size {value!r}: use {choices}.",
            errors={"size": [f"Use {choices}."]},
            code="bad_page_size",
        )
    return key


@cache
def font_config() -> FontConfiguration:
    return FontConfiguration()


@cache
def stylesheets(page_size: str) -> tuple[CSS, CSS]:
    """The parsed print stylesheet and the @page size rule, parsed once per process."""
    fonts = font_config()
    name = PAGE_SIZES[page_size]
    rule = f"@page {{ size: {name}; }} @page wide {{ size: {name} landscape; }}"
    size = CSS(string=rule, font_config=fonts, url_fetcher=url_fetcher)
    sheet = CSS(filename=str(STYLESHEET), base_url=static_url("css/print.css"),
                font_config=fonts, url_fetcher=url_fetcher)  # fmt: skip
    return sheet, size


def base_url() -> str:
    """Relative URLs in print templates (``{% static %}`` files) resolve against this
    address, which only ``fetch.url_fetcher`` serves, from disk (see fetch.py)."""
    return BASE_URL


def html_to_document(
    html: str, *, page_size: str = DEFAULT_PAGE_SIZE, stamps: Mapping[str, Any] | None = None
):
    """Lay out one HTML string; returns a WeasyPrint Document (pages, not yet a PDF).

    ``stamps`` maps ``rookclub-stamp:`` URLs to pre-built images (see stamps.py).
    """
    return HTML(string=html, base_url=base_url(), url_fetcher=url_fetcher).render(
        stylesheets=list(stylesheets(page_size)),
        font_config=font_config(),
        cache=dict(stamps or {}),
    )


def html_to_pdf(
    html: str, *, page_size: str = DEFAULT_PAGE_SIZE, stamps: Mapping[str, Any] | None = None
) -> bytes:
    return html_to_document(html, page_size=page_size, stamps=stamps).write_pdf()


def render_pdf(
    template: str,
    context: Mapping[str, Any],
    *,
    page_size: str = DEFAULT_PAGE_SIZE,
    stamps: Mapping[str, Any] | None = None,
) -> bytes:
    """Render a Django template from ``templates/print/`` to PDF bytes."""
    html = render_to_string(template, {**context, "page_size": page_size})
    return html_to_pdf(html, page_size=page_size, stamps=stamps)


def render_batch_pdf(
    template: str,
    items: Sequence[Any],
    *,
    context: Mapping[str, Any] | None = None,
    page_size: str = DEFAULT_PAGE_SIZE,
    chunk: int = 8,
    stamps: Mapping[str, Any] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[bytes, int]:
    """Render ``items`` (one per table) with ``template`` into one PDF.

    The template receives ``items`` (a chunk of them) and lays out each on its
    own page(s). Chunks are laid out one after another so ``on_progress(done,
    total)`` can report, then their pages are joined. Returns (pdf, page count).
    """
    documents = []
    total = len(items)
    for start in range(0, total, chunk) or [0]:
        part = items[start : start + chunk]
        html = render_to_string(
            template, {**(context or {}), "items": part, "page_size": page_size}
        )
        documents.append(html_to_document(html, page_size=page_size, stamps=stamps))
        if on_progress:
            on_progress(min(start + chunk, total), total)
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf(), len(pages)
