"""Every /api/v1/ route. Apps register their viewsets on the one router here."""

from rest_framework.routers import DefaultRouter

from play.api.door import DoorViewSet
from play.api.games import GameViewSet
from play.api.hands import HandViewSet
from play.api.rulesets import RulesetViewSet
from play.api.tables import TableLinkViewSet
from rookclub.clubs.export_views import api_urlpatterns as export_urls
from rookclub.clubs.members_api import urlpatterns as members_urls
from rookclub.clubs.roster_api import urlpatterns as roster_urls
from rookclub.printing.api import register as register_printing
from standings.api.views import ClubViewSet, NightViewSet, PlayerViewSet
from tournaments.api import register as register_tournaments

# No format-suffix routes (/games/2.json answered 500); ``?format=`` still picks a renderer.
router = DefaultRouter()
router.include_format_suffixes = False
router.register("clubs", ClubViewSet, basename="club")
router.register("players", PlayerViewSet, basename="player")
# A club night's API keeps its public name "session" (paths, fields, parameters) for
# clients; the code calls it a night.
router.register("sessions", NightViewSet, basename="session")
router.register("rulesets", RulesetViewSet, basename="ruleset")
router.register("games", GameViewSet, basename="game")
router.register("hands", HandViewSet, basename="hand")
router.register("table", TableLinkViewSet, basename="table-link")
router.register("door", DoorViewSet, basename="door-link")
register_tournaments(router)  # tournaments, matches, entries, rounds
register_printing(router)  # PDFs and batch print jobs

# Accounts, members, invitations, a club's export and roster: plain paths beside the router's.
urlpatterns = router.urls + members_urls + export_urls + roster_urls
