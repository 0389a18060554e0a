"""Draw Rookclub's icons (favicon, home-screen icons) into static/icons/ with Pillow.

Run once after changing the drawing: ``.venv/bin/python deploy/make_icons.py``; the
PNGs are committed. A white rook (the chess piece: the club's mark, ♜ in the top bar)
on the brand's blue; the maskable icon keeps the rook inside the safe circle (80 %).
"""

from pathlib import Path

from PIL import Image, ImageDraw

BRAND = (29, 53, 87, 255)  # --brand in static/css/app.css
WHITE = (255, 255, 255, 255)
OUT = Path(__file__).resolve().parents[1] / "static" / "icons"


def rook(size: int, *, scale: float, rounded: bool) -> Image.Image:
    """The icon at ``size`` pixels; the rook fills ``scale`` of it."""
    big = size * 4  # drawn large, then shrunk: smooth edges without antialiasing support
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if rounded:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=BRAND)
    else:
        draw.rectangle((0, 0, big, big), fill=BRAND)
    unit = big * scale / 10  # the rook is drawn on a 10 x 10 grid, centred
    left = (big - 10 * unit) / 2

    def box(x0: float, y0: float, x1: float, y1: float) -> None:
        draw.rectangle(
            (left + x0 * unit, left + y0 * unit, left + x1 * unit, left + y1 * unit), fill=WHITE
        )

    for x in (1.5, 4.25, 7.0):  # the battlements
        box(x, 0.5, x + 1.5, 2.2)
    box(1.5, 2.0, 8.5, 3.2)  # the top
    box(2.8, 3.2, 7.2, 7.6)  # the tower
    box(2.0, 7.4, 8.0, 8.4)  # the collar
    box(1.0, 8.3, 9.0, 9.5)  # the base
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (32, 180, 192, 512):
        rook(size, scale=0.78, rounded=size == 32).save(OUT / f"icon-{size}.png", optimize=True)
    rook(512, scale=0.6, rounded=False).save(OUT / "icon-maskable-512.png", optimize=True)


if __name__ == "__main__":
    main()
