"""Print URLs, included at /print/ by rookclub/urls.py. Pages link to these names."""

from django.urls import path

from rookclub.printing import views

table = "rounds/<int:pk>/tables/<int:table>"

urlpatterns = [
    path("games/<int:pk>/sheet.pdf", views.game_sheet, name="print-game-sheet"),
    path(f"{table}/sheet.pdf", views.table_sheet, name="print-table-sheet"),
    path(f"{table}/card.pdf", views.table_card, name="print-table-card"),
    path("sessions/<int:pk>/standings.pdf", views.night_standings, name="print-session-standings"),
    path("clubs/<slug:slug>/standings.pdf", views.season_standings, name="print-season-standings"),
    path(
        "tournaments/rounds/<int:pk>/tables/<int:table>/sheet.pdf",
        views.tournament_table_sheet,
        name="print-tournament-table-sheet",
    ),
    path(
        "tournaments/rounds/<int:pk>/tables/<int:table>/card.pdf",
        views.tournament_table_card,
        name="print-tournament-table-card",
    ),
    path(
        "tournaments/<int:pk>/standings.pdf",
        views.tournament_standings,
        name="print-tournament-standings",
    ),
    path(
        "tournaments/<int:pk>/bracket.pdf",
        views.tournament_bracket,
        name="print-tournament-bracket",
    ),
    path("jobs/", views.job_start, name="print-job-start"),
    path("jobs/<int:pk>/", views.job_detail, name="print-job"),
    path("jobs/<int:pk>/progress/", views.job_progress, name="print-job-progress"),
    path("jobs/<int:pk>/again/", views.job_again, name="print-job-again"),
    path("jobs/<int:pk>/download.pdf", views.job_download, name="print-job-download"),
]
