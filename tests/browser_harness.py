"""Real-browser fixtures: Playwright driving Debian's chromium against ``live_server``.

Registered once, in tests/conftest.py, for every test package: a session-scoped
Playwright may only be started once per process, so no module defines its own.

The browser is the distribution's package (``deploy/install-system-packages.sh``
installs it); these tests never download one. Without it they skip, except in
CI (``ROOKCLUB_REQUIRE_BROWSER=1``), where a missing browser is a failure.
"""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's ORM
# refuses to run in a thread with a running loop unless told it is safe, and
# here it is: the loop only waits on the browser, never on the database.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def browser() -> Iterator:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: run deploy/install-system-packages.sh (as root)"
        if os.environ.get("ROOKCLUB_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


def _new_page(browser, live_server, viewport: dict, **options):
    context = browser.new_context(
        viewport=viewport, base_url=live_server.url, locale="en-US", **options
    )
    # A page that hangs should fail the test quickly, not stall the suite.
    context.set_default_timeout(10_000)
    return context, context.new_page()


@pytest.fixture
def page(browser, live_server) -> Iterator:
    """A phone-sized page (390 x 844, touch): how scorers use Rookclub at the table."""
    context, page = _new_page(browser, live_server, PHONE, has_touch=True, is_mobile=True)
    yield page
    context.close()


@pytest.fixture
def desktop_page(browser, live_server) -> Iterator:
    """A laptop-sized page: how a director runs the night."""
    context, page = _new_page(browser, live_server, DESKTOP)
    yield page
    context.close()


@pytest.fixture
def new_page(browser, live_server) -> Iterator:
    """Open more phone pages, one per person (each its own cookies): ``new_page()``."""
    contexts = []

    def open_page():
        context, page = _new_page(browser, live_server, PHONE, has_touch=True, is_mobile=True)
        contexts.append(context)
        return page

    yield open_page
    for context in contexts:
        context.close()
