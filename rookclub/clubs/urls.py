"""URLs of the club pages (included at the site root by rookclub/urls.py). The club's
own page, with its nights, is play's (play/urls.py)."""

from django.urls import path

from rookclub.clubs import export_views, member_views, roster_views

CLUB = "clubs/<slug:slug>/"
MEMBER = CLUB + "members/<int:user_id>/"

urlpatterns = [
    path("accounts/signup/", member_views.signup, name="signup"),
    path("clubs/new/", member_views.club_new, name="club-new"),
    path(CLUB + "members/", member_views.club_members_view, name="club-members"),
    path(CLUB + "export/", export_views.club_export_page, name="club-export"),
    path(CLUB + "members/invite/", member_views.member_invite, name="member-invite"),
    path(CLUB + "members/new/", member_views.member_new, name="member-new"),
    path(MEMBER + "role/", member_views.member_role, name="member-role"),
    path(MEMBER + "player/", member_views.member_player, name="member-player"),
    path(MEMBER + "remove/", member_views.member_remove, name="member-remove"),
    path(CLUB + "players.csv", roster_views.roster_csv, name="club-roster-csv"),
    path(CLUB + "players/import/", roster_views.roster_import_preview, name="club-roster-import"),
    path(
        CLUB + "players/import/confirm/",
        roster_views.roster_import_confirm,
        name="club-roster-import-confirm",
    ),
    path("invites/<str:token>/", member_views.invite, name="invite"),
]
