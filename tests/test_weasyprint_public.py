"""Printing uses WeasyPrint's public interface only, so any release can be taken up.

Public: the names the ``weasyprint`` package itself exports (``HTML``, ``CSS``,
``Document``, ``URLFetcher``...). Private: its submodules (``weasyprint.svg``,
``weasyprint.text.fonts``...) and underscored names. pydyf, WeasyPrint's PDF writer,
is a library of its own and public.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rookclub", "scoring", "play", "standings", "tournaments", "bench")


def private_weasyprint_imports(source: str) -> list[str]:
    """The private WeasyPrint names ``source`` imports, as written."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("weasyprint.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith("weasyprint."):
                found.append(f"from {node.module} import ...")
            elif node.module == "weasyprint":
                found += [
                    f"from weasyprint import {a.name}"
                    for a in node.names
                    if a.name.startswith("_") or a.name == "*"
                ]
    return found


def modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_no_module_imports_a_private_weasyprint_name():
    offenders = {
        str(path.relative_to(ROOT)): names
        for path in modules()
        if (names := private_weasyprint_imports(path.read_text()))
    }

    assert modules(), "the packages were found"
    assert offenders == {}


@pytest.mark.parametrize(
    "source",
    [
        "import weasyprint.svg",
        "import weasyprint.text.fonts as fonts",
        "from weasyprint.images import SVGImage",
        "from weasyprint.text.ffi import pango",
        "from weasyprint import _private",
        "from weasyprint import *",
        "def f():\n    from weasyprint.draw.text import draw_first_line\n",
    ],
)
def test_a_private_import_is_found(source):
    assert private_weasyprint_imports(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "import weasyprint",
        "from weasyprint import CSS, HTML, URLFetcher",
        "import pydyf",
        "from rookclub.printing import weasyprint_notes",
    ],
)
def test_a_public_import_is_allowed(source):
    assert private_weasyprint_imports(source) == []
