"""Template filters for the print links on tournament pages."""

from django import template

from tournaments.print_docs import playable_match

register = template.Library()


@register.filter
def has_tables(tournament_round) -> bool:
    """Whether a round has a match to play at a table, so its score sheets and table
    cards can be printed (reads the round's prefetched matches: no query)."""
    return any(m.table and playable_match(m) for m in tournament_round.matches.all())
