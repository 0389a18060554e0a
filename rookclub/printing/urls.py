"""Print URLs, included at /print/ by rookclub/urls.py. Pages link to these names."""

from django.urls import URLPattern, path

from rookclub.printing import views


def pdf(route: str, kind: str, key: str, name: str) -> URLPattern:
    """A single PDF of ``kind``; the route's ``pk`` (or ``slug``) is its parameter ``key``."""
    return path(route, views.document, {"kind": kind, "key": key}, name=name)


table = "rounds/<int:pk>/tables/<int:table>"
tournament = "tournaments/<int:pk>"

urlpatterns = [
    pdf("games/<int:pk>/sheet.pdf", "game-sheet", "game", "print-game-sheet"),
    pdf(f"{table}/sheet.pdf", "round-sheets", "round", "print-table-sheet"),
    pdf(f"{table}/card.pdf", "round-cards", "round", "print-table-card"),
    pdf(
        "sessions/<int:pk>/standings.pdf",
        "session-standings",
        "session",
        "print-session-standings",
    ),
    pdf("clubs/<slug:slug>/standings.pdf", "season-standings", "club", "print-season-standings"),
    pdf(
        f"tournaments/{table}/sheet.pdf",
        "tournament-round-sheets",
        "round",
        "print-tournament-table-sheet",
    ),
    pdf(
        f"tournaments/{table}/card.pdf",
        "tournament-round-cards",
        "round",
        "print-tournament-table-card",
    ),
    pdf(
        f"{tournament}/standings.pdf",
        "tournament-standings",
        "tournament",
        "print-tournament-standings",
    ),
    pdf(
        f"{tournament}/bracket.pdf", "tournament-bracket", "tournament", "print-tournament-bracket"
    ),
    path("jobs/", views.job_start, name="print-job-start"),
    path("jobs/<int:pk>/", views.job_detail, name="print-job"),
    path("jobs/<int:pk>/progress/", views.job_progress, name="print-job-progress"),
    path("jobs/<int:pk>/again/", views.job_again, name="print-job-again"),
    path("jobs/<int:pk>/download.pdf", views.job_download, name="print-job-download"),
]
