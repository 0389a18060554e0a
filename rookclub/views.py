import json

from django.contrib.staticfiles import finders
from django.db.models import Count
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import PrefixNode, static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from rookclub import health
from rookclub.clubs.models import Club, Membership
from rookclub.core.manifest import manifest, manifest_response


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


@never_cache
@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    """Readiness for the load balancer: 503 only when the database does not answer; Redis, the
    broker and object storage only degrade it (still 200)."""
    ready, checks = health.readiness()
    down = [name for name, state in checks.items() if state == "down"]
    failed = [name for name in down if name in health.REQUIRED]
    degraded = [name for name in down if name not in health.REQUIRED]
    status = "unavailable" if not ready else "degraded" if degraded else "ready"
    body = {"status": status, "failed": failed, "degraded": degraded, **checks}
    return JsonResponse(body, status=200 if ready else 503)


#: What a score page needs to work offline; the service worker keeps them (static/js/sw.js).
OFFLINE_FILES = [
    "css/app.css",
    "css/outbox.css",
    "js/htmx.min.js",
    "js/htmx-config.js",
    "js/score-entry.js",
    "js/outbox.js",
    "vendor/idb/8.0.4/index.js",
]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js served from the root, so it controls /games/ and /t/, starting with
    the static URLs it keeps; ``no-cache`` so a deploy reaches the phones."""
    with open(finders.find("js/sw.js"), encoding="utf-8") as file:
        source = file.read()
    files = [static(name) for name in OFFLINE_FILES]
    # The prefix itself, not static(""): the production storage looks every name up
    # in its manifest, and "" is in none (/sw.js answered 500 with DEBUG=0).
    prefix = PrefixNode.handle_simple("STATIC_URL")
    head = f"const STATIC_URL = {json.dumps(prefix)};\nconst STATIC_FILES = {json.dumps(files)};\n"
    response = HttpResponse(head + source, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def web_manifest(request: HttpRequest) -> HttpResponse:
    """The site's web app manifest (a table link's page has its own: rookclub/core/manifest.py)."""
    return manifest_response(
        manifest(
            name="Rookclub",
            start_url="/",
            scope="/",
            description="Rook club nights and tournaments: score hands at the table.",
        )
    )


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, for a browser that asks without being told where the icon is."""
    return HttpResponsePermanentRedirect(static("icons/icon-32.png"))
