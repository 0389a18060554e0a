"""The door poster's address under its QR code is big enough to read and type from
across a table (the key has no look-alike characters: tests/play/test_door_links.py)."""

import re
import shutil
import subprocess

import pytest

from rookclub.printing.services import document_pdf

pytestmark = pytest.mark.django_db
BASE_URL = "http://192.168.8.20:8000/"
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<')


def test_the_address_under_the_posters_qr_code_is_big_print(night, director, tmp_path):
    if shutil.which("pdftotext") is None:
        pytest.skip("needs pdftotext (poppler-utils: deploy/install-system-packages.sh)")
    pdf, _ = document_pdf(
        kind="door_poster", params={"session": night.pk, "base_url": BASE_URL}, by=director
    )
    (tmp_path / "poster.pdf").write_bytes(pdf)
    boxes = subprocess.run(
        ["pdftotext", "-bbox", str(tmp_path / "poster.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout

    heights = [
        float(y_max) - float(y_min)
        for _, y_min, _, y_max, word in WORD.findall(boxes)
        if "192.168.8.20" in word or night.door_key[:8] in word
    ]

    assert heights, boxes[:2000]
    # 8 pt print is about 9 points of box; a line read at arm's length is 14 pt or more.
    assert min(heights) >= 14, heights
