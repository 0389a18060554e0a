"""Named rulesets (docs/rules.md §2, §7 to §14): ``PRESETS`` by slug, the games' data
in ``variants.py``; ``ruleset_from`` applies a club's options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import RulesetError
from .messages import cite
from .options import apply_options
from .rulesets import PRESETS, Ruleset
from .variants import DEFAULT_SLUG


def ruleset_from(slug: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """A preset with house-rule options applied (JSON-style values). Raises
    ``RulesetError`` naming every unknown slug or option and every bad value."""
    base = PRESETS.get(slug)
    if base is None:
        raise RulesetError(
            {"slug": [cite(f"unknown ruleset {slug!r}; known: {', '.join(PRESETS)}")]}
        )
    if not options:
        return base
    if not isinstance(options, Mapping):
        raise RulesetError({"options": [cite("must be a JSON object of option -> value")]})
    if "slug" in options:
        raise RulesetError({"slug": [cite("the slug names the preset; it is not an option")]})
    return apply_options(base, options)


__all__ = ["DEFAULT_SLUG", "PRESETS", "ruleset_from"]
