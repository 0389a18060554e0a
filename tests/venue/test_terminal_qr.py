"""The QR code ``make venue`` prints, as a terminal shows it: drawn into an image the way a
white terminal (dark text on white) and a dark one (light text on black) paint its
characters and colours, it must be dark modules on a light ground with a light quiet
zone, and a QR reader (zbarimg, as a phone's camera) must read the address from it."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from PIL import Image

from rookclub import venue

ADDRESS = "http://192.168.8.20:8000/"
BLACK, WHITE = (0, 0, 0), (255, 255, 255)
#: Foreground and background a terminal starts with (and returns to after a reset).
WHITE_TERMINAL = {"fg": (40, 40, 40), "bg": (250, 250, 250)}
DARK_TERMINAL = {"fg": (220, 220, 220), "bg": (10, 10, 10)}
ANSI_COLOURS = {
    30: BLACK,
    37: (229, 229, 229),
    40: BLACK,
    47: (229, 229, 229),
    97: WHITE,
    107: WHITE,
}
SGR = re.compile(r"\033\[([0-9;]*)m")
#: Which halves of a character cell are painted in the foreground colour.
CELLS = {" ": (False, False), "\u2580": (True, False), "\u2584": (False, True)}
CELLS["\u2588"] = (True, True)


def paint(text: str, terminal: dict) -> list[list[tuple[int, int, int]]]:
    """The QR code's lines of ``text`` as rows of pixels (two per line: a character's
    upper and lower half), as ``terminal`` paints them with the SGR codes it meets."""
    pixels: list[list[tuple[int, int, int]]] = []
    for line in text.splitlines():
        cells = SGR.sub("", line)
        if len(cells) < 21 or set(cells) - set(CELLS):  # a line of words, not of the code
            continue
        fg, bg, reverse = terminal["fg"], terminal["bg"], False
        upper: list[tuple[int, int, int]] = []
        lower: list[tuple[int, int, int]] = []
        position = 0
        for match in [*SGR.finditer(line), None]:
            end = match.start() if match else len(line)
            for ch in line[position:end]:
                top, bottom = CELLS[ch]
                ink, paper = (bg, fg) if reverse else (fg, bg)
                upper.append(ink if top else paper)
                lower.append(ink if bottom else paper)
            if match is None:
                break
            position = match.end()
            for code in [int(c) for c in (match.group(1) or "0").split(";") if c]:
                if code == 0:
                    fg, bg, reverse = terminal["fg"], terminal["bg"], False
                elif code == 7:
                    reverse = True
                elif code == 27:
                    reverse = False
                elif code == 39:
                    fg = terminal["fg"]
                elif code == 49:
                    bg = terminal["bg"]
                elif 30 <= code <= 37 or 90 <= code <= 97:
                    fg = ANSI_COLOURS.get(code, fg)
                elif 40 <= code <= 47 or 100 <= code <= 107:
                    bg = ANSI_COLOURS.get(code, bg)
        pixels += [upper, lower]
    return pixels


def dark(pixel: tuple[int, int, int]) -> bool:
    return sum(pixel) < 3 * 128


@pytest.mark.parametrize("terminal", [WHITE_TERMINAL, DARK_TERMINAL], ids=["white", "dark"])
def test_the_terminal_qr_code_is_dark_on_light_with_a_light_quiet_zone(terminal):
    pixels = paint(venue.banner(ADDRESS), terminal)

    assert pixels, "no QR code in the banner"
    border = pixels[0] + pixels[-1] + [row[0] for row in pixels] + [row[-1] for row in pixels]
    assert not any(dark(p) for p in border), "the quiet zone around the code must be light"
    # The top-left finder pattern starts with a dark module just inside the quiet zone.
    first_dark_row = next(i for i, row in enumerate(pixels) if any(dark(p) for p in row))
    assert dark(pixels[first_dark_row][first_dark_row])


@pytest.mark.parametrize("terminal", [WHITE_TERMINAL, DARK_TERMINAL], ids=["white", "dark"])
def test_a_qr_reader_reads_the_address_off_the_terminal(terminal, tmp_path):
    if shutil.which("zbarimg") is None:
        pytest.skip("needs zbarimg (zbar-tools: deploy/install-system-packages.sh)")
    pixels = paint(venue.banner(ADDRESS), terminal)
    scale = 8
    image = Image.new("RGB", (len(pixels[0]), len(pixels)))
    image.putdata([p for row in pixels for p in row])
    picture = tmp_path / "terminal.png"
    image.resize((image.width * scale, image.height * scale), Image.NEAREST).save(picture)

    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(picture)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert read.stdout.strip() == ADDRESS, read.stderr
