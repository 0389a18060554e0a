"""The project's rulebook, docs/rules.md, as tests read it: its numbered sections, and
what a citation of it looks like."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT / "docs" / "rules.md"
#: "§2", "§15": every section the rulebook has ("## 2. Tournament Rook ...").
SECTIONS = frozenset(
    f"§{number}" for number in re.findall(r"^## (\d+)\. ", RULEBOOK.read_text(), re.MULTILINE)
)
#: A citation in any text: "docs/rules.md §2", "docs/rules.md §2, §6", "… §5 and §6".
CITATION = re.compile(r"docs/rules\.md ((?:§\d+)(?:(?:, | and | to )§\d+)*)")


def cited_sections(text: str) -> set[str]:
    """Every section ``text`` cites of docs/rules.md."""
    return {s for found in CITATION.findall(text) for s in re.findall(r"§\d+", found)}
