"""Score sheets' drawings ("stamps"): WeasyPrint only keeps their place, and ``Finisher``
draws them into its PDF with pydyf (laying out a sheet's grid cost more than the rest).

``{% stamp %}`` writes an empty block of the drawing's aspect ratio with anchors at its
corners (``Page.anchors``); ``Finisher``, ``Document.write_pdf``'s finisher, embeds the
fonts and draws each stamp, a Form XObject, at its anchors. Text stays text."""

from __future__ import annotations

import contextvars
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

import pydyf

from rookclub.printing import pdf_fonts
from rookclub.printing.canvas import SMALLEST, Canvas
from rookclub.printing.documents import BlankRow, BlankSheet
from rookclub.printing.pdf_fonts import text_width
from rookclub.printing.sheet_svg import blank_grid_svg, sheet_frame_svg, sheet_head_svg
from rookclub.printing.svg_canvas import svg_canvas

__all__ = ["SCHEME", "SMALLEST", "Finisher", "Stamp", "stamps_for", "text_width"]

SCHEME = "rookclub-stamp:"
TOP_LEFT, RIGHT = "rk-a:", "rk-b:"  # anchor names before a stamp's key
PX = 0.75  # PDF points in a CSS pixel


@dataclass(eq=False)
class Stamp:
    """A drawing ``width`` x ``height`` user units, shown at full width; ``under``: a stamp of the
    same size drawn beneath it (a header's frame, shared by every table)."""

    key: str
    canvas: Canvas
    width: float
    height: float
    under: Stamp | None = None
    _content: tuple | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return SCHEME + self.key

    @property
    def name(self) -> str:
        return "/rk" + "".join(c if c.isalnum() else "_" for c in self.key)

    def placeholder(self) -> bytes:
        """An empty SVG of the drawing's size: what WeasyPrint lays out in its place."""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}mm" '
            f'height="{self.height:g}mm" viewBox="0 0 {self.width:g} {self.height:g}"/>'
        ).encode()

    def content(self) -> tuple[bytes, dict]:
        """The drawing's PDF content and its glyphs, worked out once."""
        if self._content is None:
            self._content = self.canvas.content()
        return self._content


def from_svg(key: str, svg: str, *, under: Stamp | None = None) -> Stamp:
    canvas, width, height = svg_canvas(svg)
    return Stamp(key, canvas, width, height, under)


# --- the render's stamps, for the URL fetcher ---------------------------------------------

_serving: contextvars.ContextVar[Mapping[str, Stamp] | None] = contextvars.ContextVar(
    "rookclub_stamps", default=None
)


@contextmanager
def serving(stamps: Mapping[str, Stamp]) -> Iterator[None]:
    """While WeasyPrint lays a page out, :func:`served` answers for ``stamps``."""
    token = _serving.set(stamps)
    try:
        yield
    finally:
        _serving.reset(token)


def served(url: str) -> Stamp | None:
    """The stamp ``url`` names among those being served (``serving``), else None."""
    return (_serving.get() or {}).get(url)


# --- drawing them into the PDF ------------------------------------------------------------


def _number(reference) -> int:
    """The object number of a pydyf reference (b"12 0 R")."""
    text = reference.decode() if isinstance(reference, bytes) else str(reference)
    return int(text.split()[0])


class Finisher:
    """``write_pdf(finisher=...)``: draw ``stamps`` where the pages' anchors say."""

    def __init__(self, stamps: Mapping[str, Stamp]) -> None:
        self.stamps = {stamp.key: stamp for stamp in stamps.values()}

    def __call__(self, document, pdf: pydyf.PDF) -> None:
        placed = [self._placed(page) for page in document.pages]
        _forget_marks(pdf)
        shown = {s.key: s for page in placed for s, *_ in page}
        for stamp in list(shown.values()):
            while stamp.under is not None:
                stamp = stamp.under
                shown[stamp.key] = stamp
        if not shown:
            return
        fonts = self._fonts(pdf, shown.values())
        forms: dict[str, bytes] = {}
        for stamp in shown.values():
            content, _ = stamp.content()
            form = pydyf.Stream(
                [content],
                {
                    "Type": "/XObject",
                    "Subtype": "/Form",
                    "BBox": pydyf.Array([0, 0, stamp.width, stamp.height]),
                    "Resources": pydyf.Dictionary({"Font": fonts}),
                },
                compress=True,
            )
            pdf.add_object(form)
            forms[stamp.key] = form.reference
        opening = pydyf.Stream([b"q"])
        pdf.add_object(opening)
        page_numbers = [int(n) for n in pdf.pages["Kids"][::3]]
        for page, number, stamps in zip(document.pages, page_numbers, placed, strict=True):
            if not stamps:
                continue
            pdf_page = pdf.objects[number]
            resources = pdf.objects[_number(pdf_page["Resources"])]
            x_objects = resources.setdefault("XObject", pydyf.Dictionary())
            ops = [b"Q"]
            for stamp, left, top, width in stamps:
                scale = width * PX / stamp.width
                matrix = (
                    f"q {scale:.6f} 0 0 {-scale:.6f} {left * PX:.3f} "
                    f"{(page.height - top) * PX:.3f} cm"
                )
                layers = []
                while stamp is not None:
                    layers.insert(0, stamp)
                    stamp = stamp.under
                for layer in layers:
                    x_objects[layer.name[1:]] = forms[layer.key]
                    ops.append(f"{matrix} {layer.name} Do Q".encode())
            mine = pydyf.Stream(ops, compress=True)
            pdf.add_object(mine)
            pdf_page["Contents"] = pydyf.Array(
                [opening.reference, pdf_page["Contents"], mine.reference]
            )

    def _placed(self, page) -> list[tuple[Stamp, float, float, float]]:
        """(stamp, left, top, width) in CSS pixels of the stamps on ``page``."""
        found = []
        for name, place in page.anchors.items():
            if not name.startswith(TOP_LEFT):
                continue
            # An anchor starts with its (x, y) point: WeasyPrint 70 adds the far corner
            # of the box, older releases gave the point alone; the point is all we read.
            (left, top), key = place[:2], name[len(TOP_LEFT) :]
            stamp, right = self.stamps.get(key), page.anchors.get(RIGHT + key)
            if stamp is not None and right is not None and right[0] > left:
                found.append((stamp, left, top, right[0] - left))
        return found

    def _fonts(self, pdf: pydyf.PDF, stamps: Iterable[Stamp]) -> bytes:
        """A font dictionary (``/R<bold><face>``) of the faces the stamps use, embedded."""
        used: dict[tuple[bool, int], dict[int, int]] = {}
        for stamp in stamps:
            for face, glyphs in stamp.content()[1].items():
                merged = used.setdefault(face, {})
                for gid, code in glyphs.items():
                    merged.setdefault(gid, code)
        fonts = pydyf.Dictionary()
        for (bold, index), glyphs in sorted(used.items()):
            face = pdf_fonts.faces(bold)[index]
            fonts[f"R{int(bold)}{index}"] = pdf_fonts.embed(pdf, face, glyphs, common=index == 0)
        pdf.add_object(fonts)
        return fonts.reference


def _forget_marks(pdf: pydyf.PDF) -> None:
    """Take the stamps' anchors out of the PDF's named destinations: they are marks for
    placing drawings, not places to link to (and joining a batch's chunks read them all)."""
    names = pdf.catalog.get("Names")
    dests = names.get("Dests") if names is not None else None
    if dests is None or "Names" not in dests:
        return
    pairs = list(dests["Names"])
    kept = pydyf.Array()
    for name, target in zip(pairs[::2], pairs[1::2], strict=True):
        if not getattr(name, "string", "").startswith((TOP_LEFT, RIGHT)):
            kept += [name, target]
    if kept:
        dests["Names"] = kept
    else:
        del names["Dests"]
        if not names:
            del pdf.catalog["Names"]


# --- a blank sheet's stamps -----------------------------------------------------------------


def stamps_for(sheets: Iterable[BlankSheet]) -> dict[str, Stamp]:
    """The drawings the blank ``sheets`` show, keyed by their ``rookclub-stamp:`` URL:
    each sheet's header, and the grids they share."""
    found: dict[str, Stamp] = {}
    for sheet in sheets:
        if not sheet.header.compass:  # drawn as HTML (print/score_sheets.html), no stamps
            continue
        if sheet.grid_url not in found:
            found[sheet.grid_url] = _grid(sheet.grid_key, sheet.rows)
        if sheet.head_url not in found:
            frame = frame_stamp(sheet.frame_key)
            found[sheet.head_url] = from_svg(sheet.head_key, sheet_head_svg(sheet), under=frame)
    return found


@lru_cache(maxsize=8)
def frame_stamp(key: str) -> Stamp:
    """The static part of a sheet's header (``sheet_svg.sheet_frame_svg``), made once."""
    return from_svg(key, sheet_frame_svg(key))


@lru_cache(maxsize=64)
def _grid(key: str, rows: tuple[BlankRow, ...]) -> Stamp:
    return from_svg(key, blank_grid_svg(rows))
