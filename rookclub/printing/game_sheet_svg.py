"""A completed score sheet drawn as stamps (stamps.py): the header, then one drawing per page
(hands, totals, corrections, signatures), long text wrapped, the head repeated per page."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache

from rookclub.printing.canvas import Canvas
from rookclub.printing.documents import EW, NS, GameSheetDoc, HandLine
from rookclub.printing.sheet_svg import GRID_WIDTH, game_head_svg
from rookclub.printing.stamps import SCHEME, Stamp, frame_stamp, from_svg, text_width

W = GRID_WIDTH
SIZE, SMALL, NOTE = 3.0, 2.47, 2.82  # 8.5 pt cells, 7 pt penalties, 8 pt corrections
ROW, HEAD_ROW, LINE = 6.0, 5.2, 2.9
# What a page's drawing may take, in user units: US Letter's text block (the shorter page),
# less the header and facts line on a first page.
FIRST_PAGE, NEXT_PAGE = 196.0, 240.0
MUTED, RED, GREEN = "#555", "#b00020", "#1b6e3a"


@dataclass(frozen=True)
class Column:
    x: float
    width: float
    label: str
    align: str = "end"  # start | middle | end
    strong: bool = False  # a thicker rule on its left

    def at(self, anchor: str | None = None) -> float:
        anchor = anchor or self.align
        if anchor == "start":
            return round(self.x + 1.5, 2)
        if anchor == "middle":
            return round(self.x + self.width / 2, 2)
        return round(self.x + self.width - 1.5, 2)


def _columns(players: tuple[str, ...]) -> tuple[list[Column], list[tuple[Column, str]]]:
    """The columns and the group labels above them (a group is a Column spanning some)."""
    fixed = [
        ("Hand", 11, "middle"),
        ("Dealer", 11, "middle"),
        ("Declarer", 30, "start"),
        ("Bid", 11, "end"),
        ("Trump", 14, "start"),
    ]
    if not players:
        fixed[2] = ("Declarer", 34, "start")
    columns, x = [], 0.0
    for label, width, align in fixed:
        columns.append(Column(x, width, label, align))
        x += width
    groups = []
    if players:
        columns.append(Column(x, 26, "", "start", strong=True))
        groups.append((Column(x, 26, "", strong=True), "Penalties"))
        x += 26
        side = (W - x) / (2 * len(players))
        for name in players:
            groups.append((Column(x, 2 * side, "", strong=True), name))
            columns += [Column(x, side, "Hand", strong=True), Column(x + side, side, "Total")]
            x += 2 * side
        return columns, groups
    spans = (("Counters", 12.0), ("Penalties", 26.0), ("Hand score", 13.5), ("Running total", 14.0))
    for group, width in spans:
        labels = ("",) if group == "Penalties" else (NS, EW)
        groups.append((Column(x, width * len(labels), "", strong=True), group))
        for i, label in enumerate(labels):
            align = "start" if group == "Penalties" else "end"
            columns.append(Column(x, width, label, align, strong=i == 0))
            x += width
    return columns, groups


def wrap(text: str, width: float, size: float, *, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width`` (a word longer than a line is cut up)."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_width(trial, size, bold=bold) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while text_width(word, size, bold=bold) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut], size, bold=bold) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    return [*lines, line] if line else lines


def _note(line: HandLine) -> str:
    """The penalties cell, as the HTML sheet had it: penalties, then void or set."""
    parts = [line.penalties] if line.penalties else []
    if line.void:
        parts.append(f"void: {line.note}")
    elif line.made is False:
        parts.append("set")
    return "; ".join(parts)


def _num(value: int | None) -> str:
    return "" if value is None else str(value).replace("-", "\N{MINUS SIGN}")


@dataclass
class Page:
    number: int
    first: bool
    canvas: Canvas = field(default_factory=lambda: Canvas(W, size=SIZE))
    height: float = 0.0
    key: str = ""
    count: int = 1

    @property
    def url(self) -> str:
        return f"{SCHEME}{self.key}"


def _tick(canvas: Canvas, x: float, y: float) -> None:
    """A green check mark ending at ``x`` on the baseline ``y``: drawn, not a glyph, so no
    other font (the fallback that has "✓") is embedded for it."""
    canvas.path(((x - 1.9, y - 1.05), (x - 1.3, y - 0.3), (x - 0.15, y - 2.15)), 0.36, GREEN)


def _table_head(page: Page, y: float, columns, groups) -> float:
    c = page.canvas
    c.rect(0, y, W, 2 * HEAD_ROW, "#e6eaf0")
    for group, label in groups:
        c.text(
            group.at("middle"),
            y + 3.6,
            label,
            anchor="middle",
            size=2.5,
            bold=True,
            fit=group.width - 2,
        )
        c.line(group.x, y, group.x, y + 2 * HEAD_ROW, 0.45)
    for column in columns:
        c.text(column.at("middle"), y + 8.9, column.label, anchor="middle", size=2.5, bold=True)
    c.line(columns[5].x, y + HEAD_ROW, W, y + HEAD_ROW)
    return y + 2 * HEAD_ROW


def _row(
    page: Page, y: float, line: HandLine, columns, height: float, index: int, by_player: bool
) -> None:
    c = page.canvas
    if line.corrected:
        c.rect(0, y, W, height, "#fff1f1")
    elif index % 2:
        c.rect(0, y, W, height, "#fafafa")
    base = round(y + height / 2 + 1.05, 2)
    ink = "#777" if line.void else ""
    cells = [
        str(line.number),
        line.dealer,
        line.declarer or "—",
        _num(line.bid),
        line.trump[:1].upper() + line.trump[1:],
        "",
    ]
    if by_player:
        for points, total in line.player_cells:
            cells += [_num(points), _num(total)]
    else:
        cells[5:] = [
            _num(line.counters_ns),
            _num(line.counters_ew),
            "",
            _num(line.score_ns),
            _num(line.score_ew),
            _num(line.total_ns),
            _num(line.total_ew),
        ]
    note_at = 5 if by_player else 7
    for i, (column, value) in enumerate(zip(columns, cells, strict=True)):
        if i == note_at:
            continue
        x = column.at()
        if i == len(columns) - 1 and line.confirmed:
            x -= 3  # room for the tick
            _tick(c, column.at("end"), base)
        fit = column.width - 3 if column.align == "start" else None
        fill = ink or (MUTED if i == 0 else "")
        c.text(x, base, value, anchor=column.align, bold=i == 1, fill=fill, fit=fit)
        if i == 0 and line.corrected:
            c.text(column.at("middle") + 2.6, base, "C", size=2.47, bold=True, fill=RED)
    note = columns[note_at]
    lines = _note_lines(line, note.width)
    top = y + height / 2 - len(lines) * LINE / 2 + 2.1
    for n, text in enumerate(lines):
        c.text(note.at("start"), round(top + n * LINE, 2), text, size=SMALL, fill=ink)


@lru_cache(maxsize=256)
def _note_lines(line: HandLine, width: float) -> tuple[str, ...]:
    return tuple(wrap(_note(line), width - 3, SMALL))


def _row_height(line: HandLine, note_width: float) -> float:
    return max(ROW, round(len(_note_lines(line, note_width)) * LINE + 1.4, 2))


def _close_table(page: Page, top: float, bottom: float, columns, rows: list[float]) -> None:
    c = page.canvas
    for y in rows:
        c.line(0, y, W, y)
    for column in columns[1:]:
        c.line(
            column.x,
            top if column.strong or column.x < columns[5].x + 1 else top + HEAD_ROW,
            column.x,
            bottom,
            0.45 if column.strong else 0.2,
        )
    c.line(0, top + 2 * HEAD_ROW, W, top + 2 * HEAD_ROW, 0.45)
    c.box(0, top, W, bottom - top, 0.45)


def _legend(doc: GameSheetDoc) -> str:
    if doc.players:
        return "confirmed · each player: the hand's points, then the running total."
    return "confirmed by the other side · set: the declarer's side scores minus the bid."


def _tail_blocks(doc: GameSheetDoc) -> list[tuple[float, object]]:
    """(height, draw(page, y)) of what follows the table, in order."""
    blocks = []

    def legend(page: Page, y: float) -> None:
        c, x = page.canvas, 0.0
        c.text(x, y + 3.4, "C", size=2.47, bold=True, fill=RED)
        x += text_width("C ", 2.47, bold=True)
        first = "corrected by a director (details below) ·"
        c.text(x, y + 3.4, first, size=2.65, fill="#444")
        x += text_width(first + " ", 2.65)
        _tick(c, x + 2.4, y + 3.4)
        c.text(x + 3.2, y + 3.4, _legend(doc), size=2.65, fill="#444", fit=W - x - 3.3)

    blocks.append((5.0, legend))
    finals = list(doc.player_finals) or [(NS, doc.total_ns), (EW, doc.total_ew)]
    boxes = [(f"Total {name}".upper(), _num(total), False) for name, total in finals]
    boxes.append(("WINNER", doc.winner or "—", True))

    def totals(page: Page, y: float) -> None:
        c, gap = page.canvas, 4.0
        width = (W - gap * (len(boxes) - 1)) / len(boxes)
        for i, (label, value, small) in enumerate(boxes):
            x = i * (width + gap)
            c.box(x, y + 3, width, 13, 0.26, "#777")
            c.text(x + 2, y + 6.6, label, size=2.65, fill=MUTED, fit=width - 4)
            c.text(x + 2, y + 13.4, value, size=3.5 if small else 4.6, bold=True, fit=width - 4)

    blocks.append((17.0, totals))
    for number, note in enumerate(doc.corrections):
        body = f"— {note.change}. {note.reason} ({note.by}, {note.when})"
        lines = wrap(body, W - 14, NOTE)
        heading = 9.0 if number == 0 else 0.0

        def correction(page: Page, y: float, note=note, lines=lines, heading=heading) -> None:
            c = page.canvas
            if heading:
                c.text(0, y + 6.5, "Corrections", size=3.9, bold=True)
            c.text(0, y + heading + 3.2, f"Hand {note.hand}", size=NOTE, bold=True)
            for n, text in enumerate(lines):
                c.text(14, y + heading + 3.2 + n * 3.6, text, size=NOTE)

        blocks.append((heading + len(lines) * 3.6 + 1.0, correction))

    # A table without a compass signs as players, not as North-South and East-West.
    signers = (NS, EW) if doc.header.compass else ("A player's", "Another player's")

    def signatures(page: Page, y: float) -> None:
        c, width = page.canvas, (W - 12) / 3
        for i, label in enumerate(
            (f"{signers[0]} signature", f"{signers[1]} signature", "Director")
        ):
            x = i * (width + 6)
            c.line(x, y + 12, x + width, y + 12, 0.3)
            c.text(x, y + 15.4, label, size=2.65, fill="#444")

    blocks.append((17.0, signatures))
    return blocks


@lru_cache(maxsize=32)
def game_pages(doc: GameSheetDoc) -> tuple[Page, ...]:
    """The sheet's pages, laid out: the table's rows, then what follows it."""
    columns, groups = _columns(doc.players)
    note_width = columns[5 if doc.players else 7].width
    pages: list[Page] = []

    def new_page() -> tuple[Page, float]:
        page = Page(number=len(pages) + 1, first=not pages)
        pages.append(page)
        if page.first:
            return page, 0.0
        ref = " · ".join(p for p in (doc.header.ref, doc.game_ref, "continued") if p)
        page.canvas.text(0, 4, ref, size=2.82, fill="#333", fit=W)
        return page, 7.0

    def budget(page: Page) -> float:
        return FIRST_PAGE if page.first else NEXT_PAGE

    page, y = new_page()
    top, row_lines = y, []
    y = _table_head(page, y, columns, groups)
    lines = doc.lines or (HandLine(0, note="No hands recorded yet."),)
    for index, line in enumerate(lines):
        height = _row_height(line, note_width) if doc.lines else ROW
        if y + height > budget(page) and row_lines:
            _close_table(page, top, y, columns, row_lines[1:])
            page, y = new_page()
            top, row_lines = y, []
            y = _table_head(page, y, columns, groups)
        row_lines.append(y)
        if doc.lines:
            _row(page, y, line, columns, height, index, bool(doc.players))
        else:
            page.canvas.text(W / 2, y + 4.1, line.note, anchor="middle", fill=MUTED)
        y += height
    _close_table(page, top, y, columns, row_lines[1:])
    for height, draw in _tail_blocks(doc):
        if y + height > budget(page):
            page.height = y
            page, y = new_page()
        draw(page, y)  # type: ignore[operator]
        y += height
    page.height = y
    digest = hashlib.md5(repr(doc).encode(), usedforsecurity=False).hexdigest()[:16]
    for p in pages:
        p.key, p.count = f"game-{digest}-{p.number}", len(pages)
        p.height = round(p.height + 1, 2)
    return tuple(pages)


def head_key(doc: GameSheetDoc) -> str:
    digest = hashlib.md5(repr(doc.header).encode(), usedforsecurity=False).hexdigest()[:16]
    return f"game-head-{digest}"


def game_stamps(docs) -> dict[str, Stamp]:
    """The drawings completed sheets ``docs`` show, keyed by their ``rookclub-stamp:`` URL."""
    found: dict[str, Stamp] = {}
    for doc in docs:
        key = head_key(doc)
        if SCHEME + key not in found:
            frame = frame_stamp(recorded_frame(doc))
            found[SCHEME + key] = from_svg(key, game_head_svg(doc.header), under=frame)
        for stamp in _page_stamps(doc):
            found[stamp.url] = stamp
    return found


@lru_cache(maxsize=32)
def _page_stamps(doc: GameSheetDoc) -> tuple[Stamp, ...]:
    """Each page's drawing, kept with its PDF content for the next print of the sheet."""
    return tuple(Stamp(page.key, page.canvas, W, page.height) for page in game_pages(doc))


def recorded_frame(doc: GameSheetDoc) -> str:
    return "sheet-frame-recorded" if doc.header.table else "sheet-frame-recorded-untabled"
