"""The tournament's history: one entry for each change, with who made it, before and after."""

from __future__ import annotations

from typing import Any

from rookclub.core.roles import Actor
from tournaments.models import AuditEntry, Match, Tournament


def audit(
    tournament: Tournament,
    what: str,
    by: Actor,
    *,
    match: Match | None = None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> AuditEntry:
    who = by if getattr(by, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        tournament=tournament,
        match=match,
        who=who,
        what=what,
        before=before,
        after=after,
        reason=reason or "",
    )
