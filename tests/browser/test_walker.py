"""The walker finds what it is meant to find: sideways scroll at phone width, projector
pieces overlapping, console and script errors, each said with where it happened."""

import pytest

from tests.browser.walker import LAPTOP, PHONE, Walker, overlaps

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="en"><head><title>Walk</title></head><body><main>
<h1>Standings</h1>
<table><thead><tr><th>Player</th><th>Points</th></tr></thead>
<tbody><tr><td>Ada Brooks</td><td>310</td></tr></tbody></table>
<div class="projector-door" style="position:absolute;top:40px;left:0;width:300px;height:80px">
Check in</div>
<p style="width:600px">A line of words wider than a phone.</p>
<div style="overflow-x:auto" tabindex="0"><p style="width:800px">In its own scroller.</p></div>
</main></body></html>"""


@pytest.fixture
def walked(browser):
    walker = Walker()
    context = walker.watch(browser.new_context(viewport=LAPTOP))
    page = context.new_page()
    page.set_content(PAGE)
    yield walker, page
    context.close()


def test_a_wide_line_at_phone_width_is_a_problem_and_not_at_laptop_width(walked):
    walker, page = walked
    walker.check(page, sizes=[LAPTOP])
    assert walker.problems == []
    walker.check(page, sizes=[PHONE])
    assert any("wider than the screen" in p and "A line of words" in p for p in walker.problems)
    assert all("at 390x844" in p for p in walker.problems)
    assert not any("In its own scroller" in p for p in walker.problems)  # the page stays put
    assert page.viewport_size == LAPTOP  # given back its own size


def test_a_page_as_already_checked_is_checked_once_and_a_changed_one_again(walked):
    walker, page = walked
    walker.check(page, sizes=[PHONE])
    found = len(walker.problems)
    assert found
    walker.check(page, sizes=[PHONE, LAPTOP])  # the same page at 390 px: not again
    assert len(walker.problems) == found
    page.evaluate("document.querySelector('main').append(document.createElement('input'))")
    walker.check(page, sizes=[PHONE])  # its markup changed
    assert len(walker.problems) > found
    found = len(walker.problems)
    page.locator("main > input").fill("Ada")  # what a box holds is no markup, and counts
    walker.check(page, sizes=[PHONE])
    assert len(walker.problems) > found


def test_the_door_box_over_a_cell_is_an_overlap(walked):
    _, page = walked
    found = overlaps(page)
    assert any("projector-door" in o and "Ada Brooks" in o for o in found), found


def test_console_and_script_errors_are_kept_and_reported_together(walked):
    walker, page = walked
    page.evaluate("console.error('the outbox is lost')")
    with page.expect_event("pageerror"):
        page.evaluate("setTimeout(() => { throw new Error('no such seat') }, 0)")
    with pytest.raises(AssertionError) as failed:
        walker.assert_clean()
    report = str(failed.value)
    assert "console error: the outbox is lost" in report
    assert "script error" in report and "no such seat" in report
    assert "at 1280x720" in report
    walker.assert_clean()  # reported once
