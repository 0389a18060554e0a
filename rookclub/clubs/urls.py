"""URLs of the club pages (included at the site root by rookclub/urls.py). The club's
own page, with its nights, is play's (play/urls.py)."""

from django.urls import path

from rookclub.clubs import export_views, member_views, roster_views

urlpatterns = [
    path("accounts/signup/", member_views.signup, name="signup"),
    path("clubs/new/", member_views.club_new, name="club-new"),
    path("clubs/<slug:slug>/members/", member_views.club_members_view, name="club-members"),
    path("clubs/<slug:slug>/export/", export_views.club_export_page, name="club-export"),
    path("clubs/<slug:slug>/members/invite/", member_views.member_invite, name="member-invite"),
    path("clubs/<slug:slug>/members/new/", member_views.member_new, name="member-new"),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/role/",
        member_views.member_role,
        name="member-role",
    ),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/player/",
        member_views.member_player,
        name="member-player",
    ),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/remove/",
        member_views.member_remove,
        name="member-remove",
    ),
    path("clubs/<slug:slug>/players.csv", roster_views.roster_csv, name="club-roster-csv"),
    path(
        "clubs/<slug:slug>/players/import/",
        roster_views.roster_import_preview,
        name="club-roster-import",
    ),
    path(
        "clubs/<slug:slug>/players/import/confirm/",
        roster_views.roster_import_confirm,
        name="club-roster-import-confirm",
    ),
    path("invites/<str:token>/", member_views.invite, name="invite"),
]
