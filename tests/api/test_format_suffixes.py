"""A format suffix on an API route (``/api/v1/games/2.json``) is a 404 in JSON, never
a 500 (thirty such routes answered 500)."""

import pytest
from django.urls import get_resolver
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/games/2.json",
        "/api/v1/games.json",
        "/api/v1/rulesets.json",
        "/api/v1/clubs/1/standings.json",
        "/api/v1/sessions/1.api",
    ],
)
def test_a_format_suffix_is_a_json_404(director, path):
    client = APIClient()
    client.force_authenticate(director)

    response = client.get(path)

    assert response.status_code == 404
    assert response.json() == {"detail": "There is nothing at this address."}


def test_no_api_route_takes_a_format_suffix():
    patterns = [str(p.pattern) for p in get_resolver().url_patterns]
    suffixed = [p for p in _all_patterns(get_resolver()) if "format" in p]
    assert patterns and not suffixed, suffixed


def _all_patterns(resolver, prefix=""):
    for pattern in resolver.url_patterns:
        text = prefix + str(pattern.pattern)
        if hasattr(pattern, "url_patterns"):
            yield from _all_patterns(pattern, text)
        elif text.startswith(("^api/", "api/")):
            yield text
