"""Reads for the club domain, each in a fixed number of queries."""

from __future__ import annotations

from rookclub.clubs.models import ClubSession, SessionEvent


def session_history(*, session: ClubSession) -> list[SessionEvent]:
    """When the night was closed and reopened, by whom and why, oldest first (one query)."""
    return list(session.events.select_related("by").order_by("at", "id"))
