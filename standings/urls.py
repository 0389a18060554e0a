"""URLs of the standings and players' pages (included at the site root by
rookclub/urls.py)."""

from django.urls import path

from standings.views import exports, players, standings

urlpatterns = [
    path("clubs/<slug:slug>/standings/", standings.season_standings, name="season-standings"),
    path(
        "clubs/<slug:slug>/standings.csv",
        exports.season_standings_csv,
        name="season-standings-csv",
    ),
    path(
        "sessions/<int:pk>/standings.csv",
        exports.night_standings_csv,
        name="night-standings-csv",
    ),
    path("sessions/<int:pk>/standings/", standings.night_standings, name="night-standings"),
    path(
        "sessions/<int:pk>/standings/projector/",
        standings.night_standings_projector,
        name="night-standings-projector",
    ),
    path("players/<int:pk>/", players.player_detail, name="player-detail"),
    path("players/<int:pk>/stats.csv", players.player_stats_csv, name="player-stats-csv"),
    path(
        "t/<str:key>/players/<int:player>/",
        players.table_player_night,
        name="table-player-night",
    ),
]
