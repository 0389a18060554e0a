"""The web app manifest: Rookclub on a phone's home screen. A table link's page names its
own (``/t/<key>/manifest.webmanifest``), so the icon opens that table, standalone."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.templatetags.static import static
from django.utils.text import Truncator

THEME = "#1d3557"  # --brand in static/css/app.css, and base.html's theme-color
BACKGROUND = "#f6f4ef"  # --paper


def manifest(*, name: str, start_url: str, scope: str, description: str = "") -> dict[str, Any]:
    """An installable manifest: name, icons (192 and 512, one maskable), standalone."""
    return {
        "name": name,
        "short_name": Truncator(name).chars(12, truncate="…"),
        "description": description or "Score Rook hands at the table.",
        "start_url": start_url,
        "scope": scope,
        "id": start_url,
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }


def manifest_response(data: dict[str, Any]) -> HttpResponse:
    response = HttpResponse(json.dumps(data), content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response
