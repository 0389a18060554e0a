"""The project's rulebook, docs/rules.md, is what messages, help texts and docs cite:
every section they cite exists, and nothing a client or director reads names the rule
texts by a number of their own or cites the rulebook kept outside the project."""

from __future__ import annotations

import ast
import json
import re

import pytest
from django.core.management import call_command

from scoring.engine.option_schema import options_schema
from tests.rulebook import ROOT, RULEBOOK, SECTIONS, cited_sections

#: What clients, players and directors read: the apps, templates, static files, docs.
READ = ("rookclub", "scoring", "play", "standings", "tournaments", "templates", "static", "docs")
SUFFIXES = (".py", ".html", ".txt", ".js", ".svg", ".md", ".json", ".yml")
#: A rule text named by its number in a collection outside the project.
SEED_NUMBER = re.compile(r"\bseeds? 00\d|\(seed 0", re.IGNORECASE)
#: The only code that still reads the older citations (of reasons stored before).
READS_OLD_CITATIONS = {"scoring/engine/messages.py"}
#: A rule as the engine's ``cite`` takes it: "§2", "§2, §6", "§5 and §6".
RULE = re.compile(r"§\d+(?:(?:, | and )§\d+)*")


def read_files():
    for top in READ:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "migrations" not in path.parts:
                yield path.relative_to(ROOT).as_posix(), path.read_text(errors="replace")


FILES = dict(read_files())


def test_the_rulebook_has_its_sections_in_order():
    numbers = sorted(int(s[1:]) for s in SECTIONS)

    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) >= 15


@pytest.mark.parametrize("path", sorted(p for p, text in FILES.items() if "rules.md" in text))
def test_every_section_cited_exists(path):
    assert cited_sections(FILES[path]) <= SECTIONS, path


def test_no_text_names_a_rule_text_by_seed_number():
    named = {path: SEED_NUMBER.findall(text) for path, text in FILES.items()}

    assert {path: found for path, found in named.items() if found} == {}


def test_nothing_cites_the_rulebook_kept_outside_the_project():
    old = {path for path, text in FILES.items() if "RULES.md" in text}

    assert old <= READS_OLD_CITATIONS


def test_every_rule_the_engine_cites_is_a_section_of_the_rulebook():
    """Every ``"§N"`` the engine's code passes as a rule (to ``cite``, ``Problems.add``)
    is a section docs/rules.md has."""
    rules = set()
    for path in sorted((ROOT / "scoring" / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                rules.add(node.value)
    rules = {rule for rule in rules if RULE.fullmatch(rule)}
    cited = {s for rule in rules for s in re.findall(r"§\d+", rule)}

    assert cited >= {"§1", "§2", "§3", "§5", "§9", "§14"}
    assert cited <= SECTIONS


def test_the_api_schema_cites_only_sections_the_rulebook_has(tmp_path):
    out = tmp_path / "schema.json"
    call_command("spectacular", "--format", "openapi-json", "--file", str(out))
    schema = json.dumps(json.loads(out.read_text()), ensure_ascii=False)

    assert "docs/rules.md §14" in schema  # the declarer's calls, in a hand's help text
    assert cited_sections(schema) <= SECTIONS
    assert not SEED_NUMBER.search(schema)
    assert "RULES.md" not in schema


def test_the_rulebook_lists_every_house_rule():
    """Section 15 names every option the engine takes, so a director can look any up."""
    text = RULEBOOK.read_text()
    house_rules = text[text.index("## 15. House rules") :]

    missing = [name for name in options_schema()["properties"] if f"`{name}`" not in house_rules]

    assert missing == []
