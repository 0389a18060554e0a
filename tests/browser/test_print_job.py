"""A batch's page looks for news less often each time, and stops when the job fails.

No clock is read: each look's answer says when to look next (``hx-trigger`` delay) and
which look that will be (``?poll=``), so the test follows the looks as they come. The
page's clock is Playwright's: the test moves it on by each delay read (plus htmx's 20 ms
settle) instead of waiting the eight seconds of backing off."""

import re

import pytest
from playwright.sync_api import expect

from rookclub.printing.models import PrintJob
from tests.browser.helpers import log_in
from tests.factories import PASSWORD, ClubFactory, director_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_job_page_backs_off_then_stops_and_offers_try_again(page):
    director = director_of(ClubFactory(name="Maple Street Rook Club"), username="dana")
    job = PrintJob.objects.create(
        kind="round-sheets",
        parameters={"round": 1},
        fingerprint="x",
        state="running",
        progress=23,
        tries=1,
        created_by=director,
    )
    looks = []
    page.on("request", lambda r: "/progress/" in r.url and looks.append(r.url))
    log_in(page, "dana", PASSWORD)
    page.clock.install()  # runs on by itself too: a look not yet due comes in real time

    page.goto(f"/print/jobs/{job.pk}/")
    expect(page.get_by_text("Rendering… 23%")).to_be_visible()
    box = page.locator(".print-job")
    delays = []
    for look in (1, 2, 3, 4):  # the page's own first, then what three looks answered
        expect(box).to_have_attribute("hx-get", re.compile(rf"\?poll={look}$"), timeout=20000)
        delays.append(int(re.search(r"delay:(\d+)ms", box.get_attribute("hx-trigger"))[1]))
        if look < 4:
            page.clock.run_for(delays[-1] + 50)  # the next look is due
    assert delays == [1000, 1500, 2250, 3375], f"backs off by half each look: {delays}"

    PrintJob.objects.filter(pk=job.pk).update(state="failed", error="The worker stopped.")
    page.clock.run_for(delays[-1] + 50)
    expect(page.get_by_role("alert")).to_contain_text("The worker stopped.", timeout=20000)

    # The failed job's fragment has nothing left to poll with: no look can follow.
    expect(page.locator("[hx-get*='/progress/']")).to_have_count(0)
    polls = [int(re.search(r"poll=(\d+)", url)[1]) for url in looks]
    assert polls == [1, 2, 3, 4], f"one look at a time, each the next: {polls}"
    expect(page.get_by_role("button", name="Try again")).to_be_visible()
