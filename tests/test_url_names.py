"""Each URL name reverses to one route. With two routes of one name, ``reverse`` and
``{% url %}`` pick whichever is listed last, so a page's link could silently point at
an API path (the API's router names its routes as the pages are named: ``game-detail``)."""

from collections import defaultdict

from django.urls import URLResolver, get_resolver, reverse


def named_routes(patterns=None, namespace: str = "", prefix: str = ""):
    """(qualified name, route) for every named URL pattern."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from named_routes(entry.url_patterns, inner, route)
        elif entry.name:
            yield f"{namespace}{entry.name}", route


def test_no_two_routes_share_a_name():
    routes = defaultdict(list)
    for name, route in named_routes():
        routes[name].append(route)

    assert {name: found for name, found in routes.items() if len(found) > 1} == {}


def test_the_api_routes_are_named_apart_from_the_pages():
    assert reverse("game-detail", args=[7]) == "/games/7/"
    assert reverse("api:game-detail", args=[7]) == "/api/v1/games/7/"
