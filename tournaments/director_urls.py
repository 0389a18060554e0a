"""URLs of the director's tournament forms (tournaments/director_views.py), included
by tournaments/urls.py under /tournaments/."""

from django.urls import path

from tournaments import director_views as v

urlpatterns = [
    path("new/", v.tournament_create, name="tournament-create"),
    path("<int:pk>/entries/", v.entry_add, name="tournament-entry-add"),
    path("<int:pk>/pair-with/", v.tournament_pair, name="tournament-pair-with"),
    path("<int:pk>/audit/", v.tournament_audit, name="tournament-audit"),
    path("<int:pk>/partner-pins/", v.partner_pins, name="tournament-partner-pins"),
    path("<int:pk>/playoffs/", v.playoffs_create, name="tournament-playoffs"),
    path("entries/<int:pk>/check-in/", v.entry_check_in, name="tournament-entry-check-in"),
    path("entries/<int:pk>/withdraw/", v.entry_withdraw, name="tournament-entry-withdraw"),
    path("rounds/<int:pk>/override/", v.round_override, name="tournament-round-override"),
]
