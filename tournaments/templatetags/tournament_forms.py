"""Filters for the director's forms on the tournament pages."""

from typing import Any

from django import template

register = template.Library()


@register.filter
def typed_game(refusal: Any, number: int) -> tuple[str, str]:
    """The two scores the director typed for game ``number`` of a refused result (kept
    for a retry), else two blanks."""
    typed = (refusal.get("typed") or {}) if isinstance(refusal, dict) else {}
    first = number == 1
    a = typed.get(f"score_a_{number}", typed.get("score_a", "") if first else "")
    b = typed.get(f"score_b_{number}", typed.get("score_b", "") if first else "")
    return str(a), str(b)
