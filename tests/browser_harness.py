"""Real-browser fixtures: Playwright driving Debian's chromium against ``live_server``.

Registered once, in tests/conftest.py, for every test package: a session-scoped
Playwright may only be started once per process, so no module defines its own.

Every page these fixtures open is watched for Content-Security-Policy violations
(and Permissions-Policy header errors): a test whose pages broke the policy fails at
teardown with what was blocked, so an inline script or style added to any page the
browser tests walk is caught (:func:`policy_violations` reads them mid-test).

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


# Runs before any script of every document: a blocked script, style, fetch or worker
# fires "securitypolicyviolation"; say so on the console, where the watch below reads it.
_REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  const where = event.target && event.target.outerHTML
    ? ` on ${event.target.outerHTML.slice(0, 120)}` : "";
  console.error(`securitypolicyviolation: ${event.effectiveDirective} blocked `
    + `${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}${where}`);
});
"""
_POLICY_WORDS = ("Content Security Policy", "securitypolicyviolation", "Permissions-Policy")


def watch_policy(context) -> list[str]:
    """Every policy violation or header error any page of ``context`` reports, kept
    in the list returned (and in ``context.policy_violations``)."""
    found: list[str] = []
    context.add_init_script(_REPORT_VIOLATIONS)

    def keep(message) -> None:
        if any(word in message.text for word in _POLICY_WORDS):
            found.append(f"{message.type}: {message.text}")

    context.on("console", keep)
    context.policy_violations = found
    return found


def policy_violations(page) -> list[str]:
    """What ``page``'s context has reported so far (see :func:`watch_policy`)."""
    return page.context.policy_violations


def _close(context) -> None:
    found = list(getattr(context, "policy_violations", []))
    context.close()
    assert not found, "Content-Security-Policy violations:\n" + "\n".join(found)


def _new_page(browser, live_server, viewport: dict, **options):
    context = browser.new_context(
        viewport=viewport, base_url=live_server.url, locale="en-US", **options
    )
    # A page that hangs should fail the test quickly, not stall the suite.
    context.set_default_timeout(10_000)
    watch_policy(context)
    return context, context.new_page()


@pytest.fixture
def page(browser, live_server) -> Iterator:
    """A phone-sized page (390 x 844, touch): how scorers use Rookclub at the table."""
    context, page = _new_page(browser, live_server, PHONE, has_touch=True, is_mobile=True)
    yield page
    _close(context)


@pytest.fixture
def desktop_page(browser, live_server) -> Iterator:
    """A laptop-sized page: how a director runs the night."""
    context, page = _new_page(browser, live_server, DESKTOP)
    yield page
    _close(context)


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
        _close(context)
