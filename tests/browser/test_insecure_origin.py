"""A hall's network is plain http (``make venue``): the phone's page at a LAN name is not a
secure context, so no service worker runs. The table link's page still records hands,
keeps the waiting ones in IndexedDB through a reload and sends each exactly once; and it
says plainly that a reload without network will not open the page.

Chromium maps the name ``rookclub.test`` to 127.0.0.1 (``--host-resolver-rules``), so
``http://rookclub.test:<port>/`` is an insecure origin on loopback, as a laptop's
``http://192.168.8.20:8000/`` is to a phone.
"""

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from play.models import Hand
from tests.browser.helpers import screenshot
from tests.browser.test_table_link import table_key  # noqa: F401 - a fixture
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, PHONE, _close, watch_policy

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "rookclub.test"
NO_RELOAD = "a reload without network will not open the page"


@pytest.fixture
def hall_phone(browser, live_server, settings) -> Iterator:
    """A phone-sized page of a Chromium that resolves rookclub.test to this machine,
    opening the live server as ``http://rookclub.test:<port>/``."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, NAME]
    port = urlsplit(live_server.url).port
    mapped = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"],
    )
    context = mapped.new_context(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        locale="en-US",
        base_url=f"http://{NAME}:{port}",
    )
    context.set_default_timeout(10_000)
    watch_policy(context)
    try:
        yield context.new_page()
    finally:
        _close(context)
        mapped.close()


def record(page, bid: int, trump: str, ns: int) -> None:
    page.locator("#hand_bidder_north").check()
    page.get_by_label("Bid", exact=True).fill(str(bid))
    page.get_by_role("radio", name=trump, exact=True).check()
    page.get_by_label("North-South counters").fill(str(ns))


def stored() -> list[tuple]:
    return list(Hand.objects.order_by("number").values_list("number", "bid", "trump"))


def test_plain_http_keeps_waiting_hands_through_a_reload_and_sends_them_once(
    hall_phone,
    table_key,  # noqa: F811
):
    page = hall_phone
    page.goto(f"/t/{table_key}/")
    assert page.url.startswith(f"http://{NAME}:")
    assert page.evaluate("window.isSecureContext") is False
    status = page.locator("#outbox-status")
    expect(status).to_contain_text("Online")
    expect(page.locator("#outbox-no-worker")).to_be_visible()
    expect(page.locator("#outbox-no-worker")).to_contain_text(NO_RELOAD)

    record(page, 80, "Red", 85)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#hand-1")).to_be_visible()
    assert stored() == [(1, 80, "red")]

    # The wifi drops: hand 2 is kept on the phone.
    page.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    record(page, 95, "Green", 100)
    page.get_by_role("button", name="Record hand 2").click()
    expect(status).to_contain_text("waiting to send (1)")

    # The phone is back on the wifi but the laptop does not answer yet: reload the page
    # (no service worker could serve it offline); the hand is still waiting, from IndexedDB.
    page.context.route(
        "**/t/**",
        lambda route: (
            route.abort("connectionrefused")
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    page.context.set_offline(False)
    page.reload()
    expect(page.locator(".outbox-list li")).to_have_count(1)
    expect(page.locator(".outbox-list li")).to_contain_text("Hand 2: North 95 Green")
    expect(status).to_contain_text("waiting to send (1)")
    expect(page.locator("#outbox-no-worker")).to_be_visible()
    assert stored() == [(1, 80, "red")]
    screenshot(page, "insecure-origin-waiting-phone")

    # The laptop answers again: the hand is sent, once.
    page.context.unroute("**/t/**")
    page.context.set_offline(True)  # the wifi comes back: the page sends what waits
    page.context.set_offline(False)
    expect(page.locator("#hand-2")).to_be_visible()
    expect(status).not_to_contain_text("waiting")
    expect(page.locator(".outbox-list")).to_be_hidden()
    assert stored() == [(1, 80, "red"), (2, 95, "green")]
    page.reload()
    expect(page.locator("#hand-2")).to_be_visible()
    assert stored() == [(1, 80, "red"), (2, 95, "green")]


def test_a_secure_origin_says_nothing_about_reloads(page, table_key):  # noqa: F811
    page.goto(f"/t/{table_key}/")  # http://localhost: a secure context, the worker runs
    assert page.evaluate("window.isSecureContext") is True
    expect(page.locator("#outbox[data-offline-ready=true]")).to_be_attached()
    expect(page.locator("#outbox-no-worker")).to_be_hidden()
