"""Every box that scrolls sideways (a wide table on a phone, a bracket) takes the
keyboard's focus and says what it holds: without a pointer it can be scrolled, and a
screen reader names the region it lands on (axe-core's scrollable-region-focusable).

The boxes are the elements of the classes the stylesheets make scroll; each one in every
template is read here, so a new page's box cannot be left out."""

import re
from pathlib import Path

import pytest
from django.conf import settings

#: The classes static/css gives ``overflow-x: auto``.
SCROLLING = ("table-scroll", "bracket")
ROOT = Path(settings.BASE_DIR)
TAG = re.compile(r"<div\b[^>]*>")


def boxes() -> list[tuple[str, str]]:
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        for tag in TAG.findall(path.read_text()):
            classes = re.search(r'class="([^"]*)"', tag)
            if classes and set(classes.group(1).split()) & set(SCROLLING):
                found.append((str(path.relative_to(ROOT)), tag))
    return found


def test_the_stylesheets_scroll_only_the_classes_read_here():
    css = "\n".join(p.read_text() for p in (ROOT / "static" / "css").glob("*.css"))
    scrolling = re.findall(r"\.([\w-]+)\s*\{[^}]*overflow(?:-x)?:\s*(?:auto|scroll)", css)
    assert set(scrolling) == set(SCROLLING)


@pytest.mark.parametrize(("template", "tag"), boxes())
def test_a_scroll_box_is_focusable_and_named(template, tag):
    assert 'tabindex="0"' in tag, f"{template}: {tag}"
    assert re.search(r'role="(region|list)"', tag), f"{template}: {tag}"
    assert re.search(r'aria-label(ledby)?="[^"]+"', tag), f"{template}: {tag}"


def test_every_page_with_a_wide_table_is_read():
    names = {template for template, _ in boxes()}
    wide = {"templates/games/_correction_history.html", "templates/clubs/roster_import.html"}
    assert wide <= names
