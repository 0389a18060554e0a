"""A live page's poll through Debian's nginx running deploy/nginx.conf as shipped (only
its upstream, ports and cache folder rendered for here: bench/_nginx.py), in front of
the live server: a watcher's poll of a page already kept does not reach Django, and a
logged-in viewer's always does.

Needs Debian's nginx (``deploy/install-system-packages.sh`` installs it): without it
these tests skip, except in CI (``ROOKCLUB_REQUIRE_BROWSER=1``), where a missing nginx
is a failure.
"""

from __future__ import annotations

import http.client
import os
import time
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.core.signals import request_started

from bench import _nginx
from bench._server import free_port

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def nginx(live_server, tmp_path) -> Iterator[_nginx.Nginx]:
    if not _nginx.available():
        message = f"{_nginx.NGINX} is missing: run deploy/install-system-packages.sh (as root)"
        if os.environ.get("ROOKCLUB_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    upstream = live_server.url.removeprefix("http://")
    server = _nginx.start_nginx(tmp_path / "nginx", [upstream], free_port(), free_port())
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def reached_django() -> Iterator[list[str]]:
    """The paths (with their query) of the requests that reached Django, in order."""
    seen: list[str] = []

    def started(sender, environ, **kwargs) -> None:
        query = environ.get("QUERY_STRING")
        seen.append(environ["PATH_INFO"] + (f"?{query}" if query else ""))

    request_started.connect(started, dispatch_uid="reached_django")
    try:
        yield seen
    finally:
        request_started.disconnect(dispatch_uid="reached_django")


def poll(server: _nginx.Nginx, path: str, cookies: str = "", etag: str = "", gzip: bool = False):
    """An htmx poll through nginx: (status, headers, body)."""
    headers = {"Host": "localhost", "HX-Request": "true"}
    if gzip:
        headers["Accept-Encoding"] = "gzip, deflate, br"
    if cookies:
        headers["Cookie"] = cookies
    if etag:
        headers["If-None-Match"] = etag
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    return response.status, dict(response.getheaders()), body


def test_a_kept_poll_does_not_reach_django_until_it_is_revalidated(
    nginx, reached_django, night, settings
):
    cache.clear()
    settings.LIVE_SHARED_SECONDS = 2
    path = f"/sessions/{night.pk}/standings/?live=1"

    status, headers, body = poll(nginx, path)
    assert status == 200, body[:300]
    assert "s-maxage=2" in headers["Cache-Control"]
    assert reached_django == [path]

    again_status, again, again_body = poll(nginx, path)
    assert (again_status, again["X-Bench-Cache"], again_body) == (200, "HIT", body)
    # A browser that has it: nginx answers the 304 from the kept copy's ETag.
    assert poll(nginx, path, etag=headers["ETag"])[0] == 304
    assert reached_django == [path]

    # Once it is older than s-maxage, one poll asks Django with the kept ETag: nothing
    # changed, so Django answers 304 (its version query only) and nginx the kept page.
    deadline = time.monotonic() + 30
    while (answer := poll(nginx, path))[1]["X-Bench-Cache"] == "HIT":
        assert time.monotonic() < deadline, "nginx kept the page past its s-maxage"
    status, headers, body = answer
    assert (status, headers["X-Bench-Cache"], body) == (200, "REVALIDATED", again_body)
    assert headers["X-Bench-Upstream-Status"] == "304"
    assert reached_django == [path, path]


def test_a_logged_in_directors_poll_always_reaches_django(
    nginx, reached_django, night, director, client
):
    client.force_login(director)
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    path = f"/sessions/{night.pk}/?live=1"

    first = poll(nginx, path, cookies=cookie)
    second = poll(nginx, path, cookies=cookie)

    assert (first[0], second[0]) == (200, 200)
    assert "private" in second[1]["Cache-Control"]
    assert second[1]["X-Bench-Cache"] == "BYPASS"
    assert reached_django == [path, path]


def test_a_phone_that_takes_gzip_and_one_that_does_not_each_get_their_own_copy(
    nginx, reached_django, night, settings
):
    cache.clear()
    settings.LIVE_SHARED_SECONDS = 60
    path = f"/sessions/{night.pk}/standings/?live=1"

    plain = poll(nginx, path)
    zipped = poll(nginx, path, gzip=True)
    again = poll(nginx, path, gzip=True)

    assert "Content-Encoding" not in plain[1]
    assert zipped[1]["Content-Encoding"] == again[1]["Content-Encoding"] == "gzip"
    assert again[1]["X-Bench-Cache"] == "HIT"
    assert reached_django == [path, path]
    # A phone holding a form's cookie (csrftoken) shares the kept copy all the same.
    assert poll(nginx, path, cookies="csrftoken=abc")[1]["X-Bench-Cache"] == "HIT"
    assert reached_django == [path, path]
