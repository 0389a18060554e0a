from django.urls import path

from tournaments import director_views as director
from tournaments import table_page, views

urlpatterns = [
    path("", views.tournament_list, name="tournament-list"),
    # The director's forms (tournaments/director_views.py).
    path("new/", director.tournament_create, name="tournament-create"),
    path("<int:pk>/entries/", director.entry_add, name="tournament-entry-add"),
    path("<int:pk>/pair-with/", director.tournament_pair, name="tournament-pair-with"),
    path("<int:pk>/audit/", director.tournament_audit, name="tournament-audit"),
    path("<int:pk>/partner-pins/", director.partner_pins, name="tournament-partner-pins"),
    path("<int:pk>/playoffs/", director.playoffs_create, name="tournament-playoffs"),
    path("entries/<int:pk>/check-in/", director.entry_check_in, name="tournament-entry-check-in"),
    path("entries/<int:pk>/withdraw/", director.entry_withdraw, name="tournament-entry-withdraw"),
    path("rounds/<int:pk>/override/", director.round_override, name="tournament-round-override"),
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
