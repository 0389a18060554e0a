"""``user|holds_keys:club``: whether a page may offer table cards, door posters and their
links (the print kinds' own rule, so a plain member is never shown a link answering 403)."""

from typing import Any

from django import template

from rookclub.core.roles import HasRoles
from rookclub.core.roles import holds_keys as _holds_keys

register = template.Library()


@register.filter
def holds_keys(user: Any, club: HasRoles | None) -> bool:
    return club is not None and _holds_keys(user, club)
