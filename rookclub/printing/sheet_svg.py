"""The drawings of a blank score sheet, as SVG: its header (one per table) and its grid
(shared by every table of the same shape), both stamps (stamps.py) in millimetres across
the A4 text block. Text that may be too long carries ``data-fit``, its widest width."""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string

from rookclub.printing.documents import EW, NS, BlankRow, BlankSheet, SheetHeader
from scoring.engine import SEATS


@dataclass(frozen=True)
class GridColumn:
    x: float
    width: float
    label: str
    strong: bool = False  # thicker rule on its left: a new group of columns

    @property
    def centre(self) -> float:
        return round(self.x + self.width / 2, 2)


GRID_WIDTH = 186.0  # mm: the text width of A4 with 12 mm margins; Letter is a little wider
_FIXED = (("Hand", 11.0), ("Dealer", 11.0), ("Declarer", 23.0), ("Bid", 12.0), ("Trump", 15.0))
_GROUPS = ("Counters", "Penalties", "Hand score", "Running total")
ROW = 7.4
EXCHANGE = 4.6
HEAD = 5.2


def _columns() -> tuple[list[GridColumn], list[GridColumn]]:
    x, columns = 0.0, []
    for label, width in _FIXED:
        columns.append(GridColumn(round(x, 2), width, label))
        x += width
    side = (GRID_WIDTH - x) / (2 * len(_GROUPS))
    groups = []
    for group in _GROUPS:
        groups.append(GridColumn(round(x, 2), 2 * side, group, strong=True))
        for i, label in enumerate((NS, EW)):
            columns.append(GridColumn(round(x, 2), round(side, 2), label, strong=i == 0))
            x += side
    return columns, groups


def blank_grid_svg(blank_rows: tuple[BlankRow, ...]) -> str:
    """The static body of a blank score sheet (everything under the header) as SVG."""
    columns, groups = _columns()
    y = 2 * HEAD
    rows, strips = [], []
    for row in blank_rows:
        rows.append({"y": round(y, 2), "mid": round(y + ROW / 2, 2), "row": row})
        y += ROW
        if row.exchange_after:
            strips.append({"y": round(y, 2), "mid": round(y + EXCHANGE / 2, 2), "row": row})
            y += EXCHANGE
    table_bottom = round(y, 2)
    boxes_y = table_bottom + 4
    signatures_y = boxes_y + 26
    height = signatures_y + 6
    box_width = (GRID_WIDTH - 8) / 3
    return render_to_string(
        "print/sheet_grid.svg",
        {
            "width": GRID_WIDTH,
            "height": round(height, 2),
            "head": HEAD,
            "head2": 2 * HEAD,
            "columns": columns,
            "groups": groups,
            "rows": rows,
            "strips": strips,
            "table_bottom": table_bottom,
            "boxes_y": boxes_y,
            "box_label_y": boxes_y + 3.6,
            "signatures_y": signatures_y,
            "signature_label_y": signatures_y + 3.4,
            "box_width": round(box_width, 2),
            "boxes": [
                {
                    "x": round(i * (box_width + 4), 2),
                    "end": round(i * (box_width + 4) + box_width, 2),
                    "label_x": round(i * (box_width + 4) + 2, 2),
                    "label": label,
                    "signature": signature,
                }
                for i, (label, signature) in enumerate(
                    (
                        (f"FINAL TOTAL {NS}", f"{NS} signature"),
                        (f"FINAL TOTAL {EW}", f"{EW} signature"),
                        ("WINNER", "Director"),
                    )
                )
            ],
        },
    )


HEAD_HEIGHT = 47.0
HEAD_SIDES = ((f"{NS} partners", ("north", "south")), (f"{EW} partners", ("east", "west")))
BOX_GAP = 6.0
BOX_WIDTH = (GRID_WIDTH - BOX_GAP) / 2
NAME_LINES = (27.4, 32.6)  # baselines of the two partners in a box


def _boxes() -> list[dict]:
    boxes = []
    for i, (label, seats) in enumerate(HEAD_SIDES):
        x = round(i * (BOX_WIDTH + BOX_GAP), 2)
        boxes.append(
            {
                "x": x,
                "text_x": round(x + 2.5, 2),
                "name_x": round(x + 8, 2),
                "label": label.upper(),
                "seats": [
                    {"seat": seat, "letter": seat[0].upper(), "y": y}
                    for seat, y in zip(seats, NAME_LINES, strict=True)
                ],
            }
        )
    return boxes


def _head_context() -> dict:
    return {
        "width": GRID_WIDTH,
        "height": HEAD_HEIGHT,
        "boxes": _boxes(),
        "box_width": round(BOX_WIDTH, 2),
    }


# Completed sheets (game_sheet_svg.py) share the header: another title, no dealer lines.
RECORDED_FRAMES = ("sheet-frame-recorded", "sheet-frame-recorded-untabled")
RECORDED_HEIGHT = 37.0


def sheet_frame_svg(key: str) -> str:
    """What every sheet's header shows: title, boxes and labels (``key`` from BlankSheet,
    or one of RECORDED_FRAMES for a completed sheet)."""
    recorded = key in RECORDED_FRAMES
    return render_to_string(
        "print/sheet_frame.svg",
        {
            **_head_context(),
            "table": key in (BlankSheet.FRAME_TABLED, RECORDED_FRAMES[0]),
            "title": "Score sheet — as recorded" if recorded else "Score sheet",
            **({"height": RECORDED_HEIGHT} if recorded else {}),
        },
    )


def game_head_svg(header: SheetHeader) -> str:
    """A completed sheet's header over its frame: event, table and names, no dealer lines."""
    return _head_svg(header, "", height=RECORDED_HEIGHT)


def sheet_head_svg(sheet: BlankSheet) -> str:
    """What one table's header shows, drawn over the frame: event, table, names, dealers."""
    return _head_svg(sheet.header, sheet.dealer_order_text)


def _head_svg(h: SheetHeader, dealer_order: str, *, height: float = HEAD_HEIGHT) -> str:
    names = {seat: h.player_at(seat) for seat in SEATS}
    boxes = [
        {**box, "seats": [{**s, "name": names[s["seat"]]} for s in box["seats"]]}
        for box in _boxes()
    ]
    return render_to_string(
        "print/sheet_head.svg",
        {
            **_head_context(),
            "height": height,
            "boxes": boxes,
            "title_fit": GRID_WIDTH - (30 if h.table else 0),
            "event": " · ".join(p for p in (h.event, h.date, h.round_label) if p)
            + (f" · Table {h.table}" if h.table else ""),  # so a search for "Table 7" finds it
            "table": h.table,
            "name_fit": round(BOX_WIDTH - 10.5, 2),
            "rules": " · ".join(p for p in (h.ruleset, h.target, h.house_rules) if p)
            if dealer_order
            else "",
            "dealer_order": dealer_order,
        },
    )
