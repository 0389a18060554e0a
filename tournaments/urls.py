from django.urls import include, path

from tournaments import table_page, views

urlpatterns = [
    path("", views.tournament_list, name="tournament-list"),
    path("", include("tournaments.director_urls")),
    path("<int:pk>/", views.tournament_detail, name="tournament-detail"),
    path("<int:pk>/rounds/", views.tournament_rounds, name="tournament-rounds"),
    path("<int:pk>/bracket/", views.tournament_bracket, name="tournament-bracket"),
    path("<int:pk>/standings/", views.tournament_standings, name="tournament-standings"),
    path("<int:pk>/standings.csv", views.tournament_standings_csv, name="tournament-standings-csv"),
    path(
        "<int:pk>/standings/projector/",
        views.tournament_standings_projector,
        name="tournament-standings-projector",
    ),
    path(
        "<int:pk>/rounds/projector/",
        views.tournament_pairings_projector,
        name="tournament-pairings-projector",
    ),
    path(
        "rounds/<int:pk>/tables/<int:table>/",
        table_page.tournament_table,
        name="tournament-table",
    ),
    path(
        "rounds/<int:pk>/tables/<int:table>/replace-link/",
        table_page.table_replace_link,
        name="tournament-table-replace-link",
    ),
    path("<int:pk>/start/", views.tournament_start, name="tournament-start"),
    path("<int:pk>/pair/", views.tournament_pair, name="tournament-pair"),
    path("matches/<int:pk>/result/", views.match_result, name="tournament-match-result"),
]
