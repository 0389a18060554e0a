"""Template filters for print templates: the pages of a completed score sheet."""

from django import template

from rookclub.printing import game_sheet_svg
from rookclub.printing.documents import GameSheetDoc

register = template.Library()


@register.filter
def game_pages(sheet: GameSheetDoc) -> tuple[game_sheet_svg.Page, ...]:
    """The pages a completed sheet takes (see game_sheet_svg.game_pages)."""
    return game_sheet_svg.game_pages(sheet)


@register.filter
def game_head_url(sheet: GameSheetDoc) -> str:
    """The ``rookclub-stamp:`` URL of a completed sheet's header drawing."""
    return f"{game_sheet_svg.SCHEME}{game_sheet_svg.head_key(sheet)}"
