"""The fonts of score sheets' drawings (Liberation Sans, DejaVu Sans for what it lacks),
measured and subset with fontTools glyph by glyph, so what is measured is what is drawn;
the common repertoire is subset once per process."""

from __future__ import annotations

import hashlib
import io
import subprocess
import threading
import zlib
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import pydyf

# The faces, in the order a character is looked for in them, for regular and bold text.
# (fontconfig pattern, Debian's file: fonts-liberation2, fonts-dejavu-core).
_LIBERATION, _DEJAVU = "/usr/share/fonts/truetype/liberation2/", "/usr/share/fonts/truetype/dejavu/"
FACES = {
    False: (
        ("Liberation Sans", _LIBERATION + "LiberationSans-Regular.ttf"),
        ("DejaVu Sans", _DEJAVU + "DejaVuSans.ttf"),
    ),
    True: (
        ("Liberation Sans:bold", _LIBERATION + "LiberationSans-Bold.ttf"),
        ("DejaVu Sans:bold", _DEJAVU + "DejaVuSans-Bold.ttf"),
    ),
}
REPERTOIRE = (
    frozenset(range(0x20, 0x7F))
    | frozenset(range(0xA0, 0x100))
    | frozenset(map(ord, "·–—…‘’“”•→←↻✓×−€"))
)
_lock = threading.Lock()


def _find(pattern: str, fallback: str) -> str | None:
    """Debian's file for the face, else the file fontconfig chooses for ``pattern`` when
    it is the family asked for."""
    if Path(fallback).is_file():
        return fallback
    try:
        found = subprocess.run(
            ["fc-match", "-f", "%{file}\n%{family}", pattern],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    path, _, family = found.stdout.partition("\n")
    return path if pattern.split(":")[0] in family and Path(path).is_file() else None


@dataclass(eq=False)
class Face:
    """One TrueType file: which glyph draws a character, how wide it is, its metrics."""

    path: str
    name: str  # PostScript name
    cmap: dict[int, int]
    advances: list[int]  # by glyph number, in font units
    units: int
    bbox: tuple[int, int, int, int]
    ascent: int
    descent: int
    cap_height: int

    def width(self, gid: int) -> int:
        """A glyph's advance in thousandths of an em."""
        return round(self.advances[gid] * 1000 / self.units)


@cache
def faces(bold: bool) -> tuple[Face, ...]:
    """The faces found on this machine for ``bold`` text, in fallback order."""
    found = []
    for pattern, fallback in FACES[bold]:
        path = _find(pattern, fallback)
        if path:
            found.append(_load(path))
    if not found:
        raise RuntimeError("No Liberation Sans or DejaVu Sans font: install fonts-liberation2.")
    return tuple(found)


def _load(path: str) -> Face:
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    hmtx = font["hmtx"].metrics
    order = font.getGlyphOrder()
    head, hhea = font["head"], font["hhea"]
    os2 = font.get("OS/2")
    ids = {name: i for i, name in enumerate(order)}
    return Face(
        path=path,
        name=font["name"].getDebugName(6) or Path(path).stem,
        cmap={code: ids[name] for code, name in font.getBestCmap().items()},
        advances=[hmtx[name][0] for name in order],
        units=head.unitsPerEm,
        bbox=(head.xMin, head.yMin, head.xMax, head.yMax),
        ascent=hhea.ascent,
        descent=hhea.descent,
        cap_height=getattr(os2, "sCapHeight", 0) or hhea.ascent,
    )


@lru_cache(maxsize=4096)
def glyphs(text: str, bold: bool) -> tuple[tuple[int, int, int], ...]:
    """``text`` as (face index, glyph, character): the first face that has it, else glyph 0;
    control characters are left out."""
    options = faces(bold)
    out = []
    for char in text:
        code = ord(char)
        if code < 0x20 or 0x7F <= code < 0xA0:
            continue
        for index, face in enumerate(options):
            gid = face.cmap.get(code)
            if gid:
                out.append((index, gid, code))
                break
        else:
            out.append((0, 0, code))
    return tuple(out)


@lru_cache(maxsize=4096)
def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of ``text`` set at ``size`` (same units as ``size``)."""
    options = faces(bold)
    return sum(options[f].width(g) for f, g, _ in glyphs(text, bold)) * size / 1000


# --- embedding -------------------------------------------------------------------------


@dataclass(frozen=True)
class Subset:
    """A face's subset as PDF payloads, ready to copy into any PDF."""

    font_file: bytes  # zlib-compressed TrueType
    length: int  # its uncompressed length (Length1)
    widths: str  # the CIDFont's W array
    to_unicode: bytes  # zlib-compressed CMap
    tag: str


@cache
def _repertoire_gids(face: Face) -> frozenset[int]:
    return frozenset(gid for code, gid in face.cmap.items() if code in REPERTOIRE)


def subset_for(face: Face, used: dict[int, int], *, common: bool = True) -> Subset:
    """The subset to embed for the glyphs ``used`` (glyph -> character), with the common
    repertoire (``common``, the main face) or alone (a fallback face)."""
    base = _repertoire_gids(face) if common else frozenset()
    extra = frozenset(used) - base
    return _subset(face, base | extra, tuple(sorted((g, used[g]) for g in extra)))


@lru_cache(maxsize=32)
def _subset(face: Face, gids: frozenset[int], extra_chars: tuple[tuple[int, int], ...]) -> Subset:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.retain_gids = True
    options.notdef_outline = True
    options.hinting = False
    options.layout_features = []
    options.name_IDs = []
    options.glyph_names = False
    with _lock:
        font = TTFont(face.path)
        order = font.getGlyphOrder()
        for tag in _UNUSED_TABLES & set(font.keys()):
            del font[tag]  # before subsetting: reading the layout tables is most of its time
        subsetter = subset.Subsetter(options)
        subsetter.populate(glyphs=[order[g] for g in sorted(gids | {0})])
        subsetter.subset(font)
        out = io.BytesIO()
        font.save(out)
    data = out.getvalue()
    chars = {gid: code for code, gid in sorted(face.cmap.items(), reverse=True) if gid in gids}
    chars.update(dict(extra_chars))
    kept = sorted(chars)
    widths = " ".join(f"{g} [{face.width(g)}]" for g in kept)
    digest = hashlib.md5(repr(kept).encode() + face.path.encode(), usedforsecurity=False)
    tag = "".join(chr(65 + b % 26) for b in digest.digest()[:6])
    return Subset(
        zlib.compress(data, 6), len(data), f"[{widths}]", zlib.compress(_cmap(chars)), tag
    )


# What a PDF viewer does not read from an embedded font: layout (glyphs are placed here),
# hinting and signatures.
_UNUSED_TABLES = frozenset(
    {"GSUB", "GPOS", "GDEF", "kern", "BASE", "JSTF", "MATH", "DSIG", "FFTM"}
    | {"gasp", "prep", "fpgm", "cvt ", "hdmx", "LTSH", "VDMX"}
)


def _cmap(chars: dict[int, int]) -> bytes:
    lines = [
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def",
        "/CMapType 2 def",
        "1 begincodespacerange <0000> <FFFF> endcodespacerange",
    ]
    items = sorted(chars.items())
    for start in range(0, len(items), 100):
        chunk = items[start : start + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        for gid, code in chunk:
            lines.append(f"<{gid:04x}> <{chr(code).encode('utf-16-be').hex()}>")
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode()


def embed(pdf: pydyf.PDF, face: Face, used: dict[int, int], *, common: bool = True) -> bytes:
    """Add a Type0 font for ``face`` (the glyphs ``used``) to ``pdf``; its reference."""
    sub = subset_for(face, used, common=common)
    file = pydyf.Stream([sub.font_file], {"Filter": "/FlateDecode", "Length1": sub.length})
    pdf.add_object(file)
    scale = 1000 / face.units
    name = f"/{sub.tag}+{face.name.replace(' ', '')}"
    descriptor = pydyf.Dictionary(
        {
            "Type": "/FontDescriptor",
            "FontName": name,
            "Flags": 32,
            "FontBBox": pydyf.Array([round(v * scale) for v in face.bbox]),
            "ItalicAngle": 0,
            "Ascent": round(face.ascent * scale),
            "Descent": round(face.descent * scale),
            "CapHeight": round(face.cap_height * scale),
            "StemV": 80,
            "FontFile2": file.reference,
        }
    )
    pdf.add_object(descriptor)
    cid = pydyf.Dictionary(
        {
            "Type": "/Font",
            "Subtype": "/CIDFontType2",
            "BaseFont": name,
            "CIDSystemInfo": pydyf.Dictionary(
                {
                    "Registry": pydyf.String("Adobe"),
                    "Ordering": pydyf.String("Identity"),
                    "Supplement": 0,
                }
            ),
            "FontDescriptor": descriptor.reference,
            "DW": 1000,
            "W": sub.widths,
            "CIDToGIDMap": "/Identity",
        }
    )
    pdf.add_object(cid)
    unicode = pydyf.Stream([sub.to_unicode], {"Filter": "/FlateDecode"})
    pdf.add_object(unicode)
    font = pydyf.Dictionary(
        {
            "Type": "/Font",
            "Subtype": "/Type0",
            "BaseFont": name,
            "Encoding": "/Identity-H",
            "DescendantFonts": pydyf.Array([cid.reference]),
            "ToUnicode": unicode.reference,
        }
    )
    pdf.add_object(font)
    return font.reference
