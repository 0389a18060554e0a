"""``user|member_of:club``: whether a page may link to what only members may read (the
views' own rule, so a visitor is never shown a link that answers 404)."""

from typing import Any

from django import template

from rookclub.clubs.models import Club
from rookclub.clubs.permissions import is_member
from rookclub.clubs.permissions import public_name as _public_name

register = template.Library()


@register.filter
def member_of(user: Any, club: Club | None) -> bool:
    return club is not None and is_member(user, club)


@register.filter
def public_name(user: Any) -> str:
    """``{{ event.by|public_name }}``: a person as public pages name them, never by
    username (:func:`rookclub.clubs.permissions.public_name`)."""
    return _public_name(user)
