"""The stamps' fast path (stamp text as whole runs through WeasyPrint's private SVG modules)
is installed by the printing app, only on a tested WeasyPrint and when the setting allows
it; importing stamps.py changes nothing. Without it every kind of print still renders its
names, and text too long for its box is still shrunk, then cut."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import weasyprint
import weasyprint.svg

from rookclub.printing import stamps
from rookclub.printing.kinds import KINDS
from rookclub.printing.services import document_pdf
from tests.print.conftest import page_texts, pdf_text
from tests.print.test_stamps import render_sheets, sheet
from tests.print.test_tournament_pdfs import has, playable, side_names
from tests.tournaments.conftest import make_event, play_round

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import weasyprint.svg
tags, text = dict(weasyprint.svg.TAGS), weasyprint.svg.text
def same():
    return weasyprint.svg.TAGS == tags and weasyprint.svg.text is text
import rookclub.printing.stamps as stamps
print("import", same(), stamps.fast_path_active())
import django
django.setup()
print("setup", same(), stamps.fast_path_active())
"""


def fresh_python(code: str, **env: str) -> subprocess.CompletedProcess:
    """``code`` in a new interpreter, where nothing has imported WeasyPrint yet."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO",
                   "DJANGO_SETTINGS_MODULE": "rookclub.settings", **env}  # fmt: skip
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_importing_stamps_patches_nothing_the_app_installs_the_fast_path():
    result = fresh_python(PROBE, ROOKCLUB_PRINT_FAST_PATH="1")

    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "import True False" in lines, "importing stamps.py leaves WeasyPrint alone"
    tested = weasyprint.__version__ in stamps.FAST_PATH_VERSIONS
    assert f"setup {not tested} {tested}" in lines
    assert "stamp text drawn as whole runs" in result.stderr, "logged at INFO"


def test_the_setting_switches_the_fast_path_off():
    result = fresh_python(PROBE, ROOKCLUB_PRINT_FAST_PATH="0")

    assert result.returncode == 0, result.stderr
    assert "setup True False" in result.stdout.splitlines()
    assert "stamp text drawn by WeasyPrint (fast path switched off)" in result.stderr


def weasyprints_own() -> tuple[dict, object]:
    """WeasyPrint's SVG drawing functions by tag, and its module's ``text``."""
    return dict(weasyprint.svg.TAGS), weasyprint.svg.text


@pytest.fixture
def fast_path_off():
    """WeasyPrint's own SVG text drawing for one test, as with ROOKCLUB_PRINT_FAST_PATH=0."""
    was_on = stamps.fast_path_active()
    stamps.remove_fast_path()
    yield
    if was_on:
        stamps.install_fast_path()


def test_an_untested_weasyprint_keeps_its_own_drawing(fast_path_off):
    original = weasyprints_own()
    version, weasyprint.__version__ = weasyprint.__version__, "65.1"
    try:  # not monkeypatch: fast_path_off must see the real version when it reinstalls
        assert stamps.install_fast_path(True) is False
        assert stamps.install_fast_path(False) is False
    finally:
        weasyprint.__version__ = version
    assert weasyprints_own() == original
    assert not stamps.fast_path_active()


def test_installing_and_removing_restores_weasyprints_own_functions(fast_path_off):
    original = weasyprints_own()
    if weasyprint.__version__ not in stamps.FAST_PATH_VERSIONS:
        pytest.skip(f"WeasyPrint {weasyprint.__version__} is not one the fast path is tested on")

    assert stamps.install_fast_path(True) is True and stamps.fast_path_active()
    tags, text = weasyprints_own()
    assert text is stamps._text_run and stamps._text_run in tags.values()
    stamps.remove_fast_path()
    assert weasyprints_own() == original


def test_without_the_fast_path_a_long_name_is_still_shrunk_then_cut(fast_path_off):
    long = "Bartholomew Maximilian Featherstonehaugh-Cholmondeley of Upper Kentucky"
    docs = [sheet(names=["Ann Short", long, "Cy Short", "Di Short"])]

    (text,) = page_texts(render_sheets(docs))

    assert "Ann Short" in text and "Di Short" in text
    boxed = next(line for line in text.splitlines() if line.startswith("Bartholomew"))
    assert boxed.endswith("…") and long not in boxed
    assert long in text, "the dealer-order line still has room for the whole name"


def test_fitting_in_python_measures_as_weasyprint_does():
    from weasyprint.css.properties import INITIAL_VALUES

    from rookclub.printing import render

    context = stamps.text_context(render.font_config())
    for weight in (400, 700):
        style = {**INITIAL_VALUES, "font_family": ["Liberation Sans"], "font_size": 10,
                 "font_weight": weight}  # fmt: skip
        for text in ("Bartholomew Featherstonehaugh-Cholmondeley", "Zoë Ålström · Round 2"):
            _, measured, _ = stamps._line(text, dict(style), context)
            estimate = stamps.text_width(text, 10, bold=weight == 700)
            assert abs(estimate - measured) < measured * 0.01, (text, weight)


# Every kind of print, with what its PDF must name: parameters and names from the data.
BASE_URL = "http://testserver/"


def _club_night(request):
    night = request.getfixturevalue("night")
    played = request.getfixturevalue("played")
    first_round = night.rounds.get(number=1)
    everyone = [p.name for t in first_round.tables.all() for p in t.seats().values()]
    at_table = [s.player.name for s in played.seats.all()]
    return night, played, first_round, everyone, at_table


def _tournament(request, format):
    club, director = request.getfixturevalue("club"), request.getfixturevalue("director")
    tournament = make_event(club, director, format, 4)
    return tournament, tournament.round_set.get(number=1)


def case(kind, request):
    """(parameters, names) for ``kind``: what to print and what the PDF must show."""
    if kind in ("round-sheets", "round-cards", "session-games", "game-sheet",
                "session-standings", "season-standings"):  # fmt: skip
        night, played, first_round, everyone, at_table = _club_night(request)
        return {
            "round-sheets": ({"round": first_round.pk}, everyone),
            "round-cards": ({"round": first_round.pk, "base_url": BASE_URL}, everyone),
            "session-games": ({"session": night.pk}, at_table),
            "game-sheet": ({"game": played.pk}, at_table),
            "session-standings": ({"session": night.pk}, at_table),
            "season-standings": ({"club": night.club.slug, "year": 2025}, at_table),
        }[kind]
    if kind in ("tournament-round-sheets", "tournament-round-cards"):
        tournament, rnd = _tournament(request, "round_robin")
        names = [n for match in playable(tournament) for n in side_names(match)]
        params = {"round": rnd.pk}
        if KINDS[kind].absolute_urls:
            params["base_url"] = BASE_URL
        return params, names
    if kind == "tournament-standings":
        tournament, _ = _tournament(request, "round_robin")
        return {"tournament": tournament.pk}, [f"Entry {n}" for n in range(1, 5)]
    if kind == "tournament-bracket":
        tournament, _ = _tournament(request, "single_elimination")
        play_round(tournament, request.getfixturevalue("director"))
        return {"tournament": tournament.pk}, [f"Entry {n}" for n in range(1, 5)]
    raise AssertionError(f"no test case for the print kind {kind!r}: add one here")


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_prints_its_names_without_the_fast_path(kind, request, fast_path_off):
    params, names = case(kind, request)

    pdf, filename = document_pdf(kind=kind, params=params, by=request.getfixturevalue("director"))

    assert filename.endswith(".pdf") and pdf.startswith(b"%PDF")
    text = pdf_text(pdf)
    assert names and all(has(text, name) for name in names), (kind, text[:400])
