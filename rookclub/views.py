from django.db.models import Count
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from rookclub import health
from rookclub.clubs.models import Club, Membership


def home(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.annotate(player_count=Count("players"))
    my_memberships = (
        request.user.memberships.select_related("club").order_by("club__name")
        if request.user.is_authenticated
        else Membership.objects.none()
    )
    return render(request, "home.html", {"clubs": clubs, "my_memberships": my_memberships})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    database = health.database_answers()
    broker = health.broker_answers()
    healthy = database and broker is not False
    body = {
        "status": "ok" if healthy else "unavailable",
        "database": "ok" if database else "down",
        "broker": {None: "not configured (tasks run eagerly)", True: "ok", False: "down"}[broker],
    }
    return JsonResponse(body, status=200 if healthy else 503)
