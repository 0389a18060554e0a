"""HTML -> PDF with WeasyPrint (public interface only): one cached font configuration
and stylesheet per process.

Score sheets' drawings are written into the PDF by Rookclub, not laid out by WeasyPrint
(stamps.py). A batch is laid out a chunk at a time and written in parts of up to
``PART_PAGES`` pages, joined at the end (pypdf), so its memory does not grow with size."""

from __future__ import annotations

import gc
import io
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

from django.conf import settings
from django.template.loader import render_to_string
from weasyprint import CSS, HTML

from rookclub.core.errors import Invalid
from rookclub.printing.documents import BlankSheet, GameSheetDoc
from rookclub.printing.fetch import BASE_URL, fetcher, static_url
from rookclub.printing.stamps import Finisher, serving

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
def font_config() -> Any:
    """One font configuration for the process (WeasyPrint would set one up per document)."""
    return HTML(string="", url_fetcher=fetcher()).render().font_config


@cache
def stylesheets(page_size: str) -> tuple[CSS, CSS]:
    """The parsed print stylesheet and the @page size rule, parsed once per process."""
    fonts = font_config()
    name = PAGE_SIZES[page_size]
    rule = f"@page {{ size: {name}; }} @page wide {{ size: {name} landscape; }}"
    size = CSS(string=rule, font_config=fonts, url_fetcher=fetcher())
    sheet = CSS(
        filename=str(STYLESHEET),
        base_url=static_url("css/print.css"),
        font_config=fonts,
        url_fetcher=fetcher(),
    )
    return sheet, size


def page_stamps(items: Sequence[Any], given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The stamps ``items`` show: ``given`` plus the drawings it lacks, made now
    (a completed sheet's always, chunk by chunk, so a batch holds one chunk's)."""
    from rookclub.printing import stamps
    from rookclub.printing.game_sheet_svg import game_stamps

    found = dict(given or {})
    games = [item for item in items if isinstance(item, GameSheetDoc)]
    if games:
        found.update(game_stamps(games))
    blanks = [item for item in items if isinstance(item, BlankSheet) and item.head_url not in found]
    if blanks:
        found.update(stamps.stamps_for(blanks))
    return found


def html_to_document(
    html: str, *, page_size: str = DEFAULT_PAGE_SIZE, stamps: Mapping[str, Any] | None = None
):
    """Lay out one HTML string into a WeasyPrint Document; ``stamps`` maps
    ``rookclub-stamp:`` URLs to the drawings the page shows (stamps.py)."""
    with serving(stamps or {}):
        return HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher()).render(
            stylesheets=list(stylesheets(page_size)), font_config=font_config()
        )


def write_pdf(document, stamps: Mapping[str, Any] | None = None, target: Any = None) -> Any:
    """``document`` as a PDF (bytes, or written to ``target``), its stamps drawn in."""
    return document.write_pdf(target, finisher=Finisher(stamps or {}))


@contextmanager
def collecting_new_objects_only() -> Iterator[None]:
    """While a batch is made, the garbage collector skips the long-lived objects (Django, fonts)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def html_to_pdf(
    html: str, *, page_size: str = DEFAULT_PAGE_SIZE, stamps: Mapping[str, Any] | None = None
) -> bytes:
    document = html_to_document(html, page_size=page_size, stamps=stamps)
    return write_pdf(document, stamps)


def render_pdf(
    template: str,
    context: Mapping[str, Any],
    *,
    page_size: str = DEFAULT_PAGE_SIZE,
    stamps: Mapping[str, Any] | None = None,
) -> bytes:
    """Render a Django template from ``templates/print/`` to PDF bytes."""
    drawings = page_stamps(context.get("items") or (), stamps)
    with serving(drawings):  # the {% stamp %} tags read their drawings' sizes
        html = render_to_string(template, {**context, "page_size": page_size})
    return html_to_pdf(html, page_size=page_size, stamps=drawings)


#: The most pages written at once (one ``write_pdf`` of several chunks): a batch up to this
#: size is never joined with pypdf (slow), a larger one in parts, so its memory stays bounded.
PART_PAGES = 96


def render_batch(
    out: BinaryIO,
    template: str,
    items: Sequence[Any],
    *,
    context: Mapping[str, Any] | None = None,
    page_size: str = DEFAULT_PAGE_SIZE,
    chunk: int = 8,
    stamps: Mapping[str, Any] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    part_pages: int = PART_PAGES,
) -> int:
    """Render ``items`` (one per table) chunk by chunk into one PDF on ``out``; its page count."""
    total = len(items)
    starts = range(0, total, chunk) or range(1)
    pages = 0
    held: list[Any] = []  # the laid-out chunks not yet written: (document, drawings)
    with collecting_new_objects_only(), tempfile.TemporaryDirectory(prefix="rookclub-") as folder:
        parts: list[Path] = []

        def flush(last: bool) -> None:
            if not held:
                return
            documents = [document for document, _ in held]
            drawings = {k: v for _, found in held for k, v in found.items()}
            combined = documents[0].copy([p for d in documents for p in d.pages])
            if last and not parts:
                write_pdf(combined, drawings, out)
            else:
                parts.append(Path(folder) / f"{len(parts):06d}.pdf")
                write_pdf(combined, drawings, parts[-1])
            held.clear()  # the part's boxes and drawings go before the next

        for start in starts:
            part = items[start : start + chunk]
            drawings = page_stamps(part, stamps)
            with serving(drawings):  # the {% stamp %} tags read their drawings' sizes
                html = render_to_string(
                    template, {**(context or {}), "items": part, "page_size": page_size}
                )
            document = html_to_document(html, page_size=page_size, stamps=drawings)
            if held and sum(len(d.pages) for d, _ in held) + len(document.pages) > part_pages:
                flush(last=False)
            pages += len(document.pages)
            held.append((document, drawings))
            del document, drawings
            if on_progress:
                on_progress(min(start + chunk, total), total)
        flush(last=True)
        if parts:
            _join(parts, out)
    return pages


def _join(parts: Sequence[Path], out: BinaryIO) -> None:
    """The pages of the PDFs ``parts``, in order, as one PDF written to ``out``."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for part in parts:
        for page in PdfReader(part).pages:
            writer.add_page(page)
    writer.write(out)
    writer.close()


def render_batch_pdf(template: str, items: Sequence[Any], **options: Any) -> tuple[bytes, int]:
    """``render_batch`` into memory: (pdf, page count). For tests and small batches."""
    out = io.BytesIO()
    pages = render_batch(out, template, items, **options)
    return out.getvalue(), pages
