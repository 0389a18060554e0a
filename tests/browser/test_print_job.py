"""A batch's page looks for news less often each time, and stops when the job fails."""

import time
from itertools import pairwise

import pytest
from playwright.sync_api import expect

from rookclub.printing.models import PrintJob
from tests.browser.helpers import log_in
from tests.factories import PASSWORD, ClubFactory, director_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_job_page_backs_off_then_stops_and_offers_try_again(page):
    director = director_of(ClubFactory(name="Maple Street Rook Club"), username="dana")
    job = PrintJob.objects.create(kind="round-sheets", parameters={"round": 1}, fingerprint="x",
                                  state="running", progress=23, tries=1,
                                  created_by=director)  # fmt: skip
    looks = []
    page.on("request", lambda r: "/progress/" in r.url and looks.append(time.monotonic()))
    log_in(page, "dana", PASSWORD)

    page.goto(f"/print/jobs/{job.pk}/")
    expect(page.get_by_text("Rendering… 23%")).to_be_visible()
    page.wait_for_timeout(4000)  # looks at about 1 s, 2.5 s, 4.75 s...
    PrintJob.objects.filter(pk=job.pk).update(state="failed", error="The worker stopped.")
    expect(page.get_by_role("alert")).to_contain_text("The worker stopped.", timeout=15000)
    stopped_after = len(looks)
    page.wait_for_timeout(5000)

    gaps = [later - earlier for earlier, later in pairwise(looks)]
    assert 3 <= len(looks) <= 5 and gaps == sorted(gaps), f"backs off: {gaps}"
    assert gaps[-1] > 1.2 * gaps[0] and gaps[0] > 1.2, f"not every second: {gaps}"
    assert len(looks) == stopped_after, "no look after the job failed"
    expect(page.get_by_role("button", name="Try again")).to_be_visible()
    assert "hx-get" not in page.locator(".print-job").evaluate("e => e.outerHTML")
