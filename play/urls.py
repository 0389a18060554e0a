"""URLs of the club-night and score-entry pages (included at the site root by
rookclub/urls.py; the standings and players' pages are standings/urls.py)."""

from django.urls import path

from play.views import (
    cards,
    club,
    disputes,
    door,
    exports,
    games,
    nights,
    tables,
)

urlpatterns = [
    path("clubs/<slug:slug>/", club.club_detail, name="club-detail"),
    path("clubs/<slug:slug>/nights/open/", nights.night_open, name="night-open"),
    path("sessions/<int:pk>/hands.csv", exports.night_hands_csv, name="night-hands-csv"),
    path("sessions/<int:pk>/", nights.night_detail, name="night-detail"),
    path("sessions/<int:pk>/check-in/", nights.night_checkin, name="night-checkin"),
    path("sessions/<int:pk>/seat/", nights.night_seat, name="night-seat"),
    path("sessions/<int:pk>/next-round/", nights.night_next_round, name="night-next-round"),
    path(
        "sessions/<int:pk>/undo-check-in/",
        nights.night_undo_check_in,
        name="night-undo-check-in",
    ),
    path("sessions/<int:pk>/leave/", nights.night_leave, name="night-leave"),
    path("sessions/<int:pk>/close/", nights.night_close, name="night-close"),
    path("sessions/<int:pk>/reopen/", nights.night_reopen, name="night-reopen"),
    path(
        "sessions/<int:pk>/tables/<int:number>/replace-link/",
        nights.table_replace_link,
        name="night-table-replace-link",
    ),
    path("tables/<int:pk>/new-game/", nights.table_new_game, name="table-new-game"),
    path("games/<int:pk>/", games.game_detail, name="game-detail"),
    path("games/<int:pk>/void/", games.game_void, name="game-void"),
    path("hands/<int:pk>/confirm/", games.hand_confirm, name="hand-confirm"),
    path("hands/<int:pk>/correct/", games.hand_correct, name="hand-correct"),
    path("hands/<int:pk>/disputed/", disputes.hand_disputed, name="hand-disputed"),
    path("games/<int:pk>/cards/", cards.game_cards, name="game-cards"),
    path("t/<str:key>/cards/", cards.table_link_cards, name="table-link-cards"),
    path("t/<str:key>/", tables.table_link, name="table-link"),
    path("n/<str:key>/", door.door_page, name="door"),
    path("n/<str:key>/forget/", door.door_forget, name="door-forget"),
    path(
        "sessions/<int:pk>/replace-door-link/",
        nights.door_replace_link,
        name="night-replace-door-link",
    ),
    path("sessions/<int:pk>/door-options/", nights.door_options, name="night-door-options"),
    path("sessions/<int:pk>/door-release/", door.door_release, name="night-door-release"),
    path("sessions/<int:pk>/door-poster.pdf", door.door_poster, name="print-door-poster"),
    path(
        "t/<str:key>/manifest.webmanifest",
        tables.table_link_manifest,
        name="table-link-manifest",
    ),
    path(
        "t/<str:key>/hands/<int:number>/confirm/",
        tables.table_link_confirm,
        name="table-link-confirm",
    ),
]
