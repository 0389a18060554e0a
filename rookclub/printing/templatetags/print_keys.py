"""``user|holds_keys:club``: whether a page may offer table cards, door posters and
their links. The same rule the print kinds refuse by
(:func:`rookclub.core.roles.holds_keys`), so a plain member is never shown a link
that answers 403."""

from typing import Any

from django import template

from rookclub.core.roles import HasRoles
from rookclub.core.roles import holds_keys as _holds_keys

register = template.Library()


@register.filter
def holds_keys(user: Any, club: HasRoles | None) -> bool:
    return club is not None and _holds_keys(user, club)
