"""docs/hand-format.md's table of a score-sheet hand's keys is the one description's
(scoring/engine/hand_fields.py); ``manage.py hand_format_table`` writes it."""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.engine.hand_fields import TABLE_HEAD, docs_table

DOCS = Path(__file__).resolve().parent.parent / "docs" / "hand-format.md"


def table_in(text: str) -> str:
    start = text.index(TABLE_HEAD)
    return text[start : text.index("\n\n", start) + 1]


def test_the_docs_table_is_the_one_the_description_generates():
    assert table_in(DOCS.read_text(encoding="utf-8")) == docs_table(), (
        "docs/hand-format.md's table differs from scoring/engine/hand_fields.py: "
        "run `python manage.py hand_format_table`"
    )


def test_the_command_writes_a_stale_table_and_check_refuses_it(tmp_path):
    copy = tmp_path / "hand-format.md"
    text = DOCS.read_text(encoding="utf-8")
    copy.write_text(text.replace("| `made` | boolean |", "| `made` | flag |"), encoding="utf-8")

    with pytest.raises(CommandError, match="the table differs"):
        call_command("hand_format_table", "--check", "--file", str(copy))
    call_command("hand_format_table", "--file", str(copy))

    assert copy.read_text(encoding="utf-8") == text
    call_command("hand_format_table", "--check", "--file", str(copy))
