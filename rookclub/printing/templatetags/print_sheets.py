"""Template tags for print templates: a stamp's place, the pages of a completed sheet."""

from django import template
from django.utils.html import format_html

from rookclub.printing import game_sheet_svg
from rookclub.printing.documents import GameSheetDoc
from rookclub.printing.stamps import RIGHT, SCHEME, TOP_LEFT, served

register = template.Library()


@register.filter
def game_pages(sheet: GameSheetDoc) -> tuple[game_sheet_svg.Page, ...]:
    """The pages a completed sheet takes (see game_sheet_svg.game_pages)."""
    return game_sheet_svg.game_pages(sheet)


@register.filter
def game_head_url(sheet: GameSheetDoc) -> str:
    """The ``rookclub-stamp:`` URL of a completed sheet's header drawing."""
    return f"{game_sheet_svg.SCHEME}{game_sheet_svg.head_key(sheet)}"


@register.simple_tag
def stamp(url: str, css_class: str) -> str:
    """Where a stamp goes (stamps.py): a block of its size whose top left corner is an anchor,
    and a mark at its right edge, another."""
    key = url.removeprefix(SCHEME)
    drawing = served(url)
    if drawing is not None:
        return format_html(
            '<div class="stamp"><b class="{}" id="{}" style="padding-top: {}%"></b>'
            '<i id="{}"></i></div>',
            css_class,
            TOP_LEFT + key,
            f"{drawing.height / drawing.width * 100:.6f}",
            RIGHT + key,
        )
    return format_html(
        '<div class="stamp"><img class="{}" id="{}" src="{}" alt=""><i id="{}"></i></div>',
        css_class,
        TOP_LEFT + key,
        url,
        RIGHT + key,
    )
