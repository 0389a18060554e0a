"""The README's configuration table names exactly the environment variables
rookclub/settings.py reads: a setting nobody can find, or a documented one that
does nothing, is caught here."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def read_by_settings() -> set[str]:
    source = (ROOT / "rookclub" / "settings.py").read_text(encoding="utf-8")
    # env.str("NAME", ...), env.int(...), env.list(...) and the throttles' _rate("NAME", ...)
    return set(re.findall(r'\b(?:env\.\w+|_rate)\(\s*"([A-Z][A-Z0-9_]*)"', source))


def listed_in_readme() -> set[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Configuration\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([A-Z][A-Z0-9_]*)` \|", section, flags=re.MULTILINE))


def test_the_readme_lists_every_variable_settings_reads():
    assert read_by_settings() - listed_in_readme() == set()


def test_every_variable_the_readme_lists_is_read_by_settings():
    assert listed_in_readme() - read_by_settings() == set()


def test_the_variables_are_found_at_all():
    assert {"DATABASE_URL", "THROTTLE_ANON", "DOOR_LINK_POSTS_PER_MINUTE"} <= read_by_settings()
