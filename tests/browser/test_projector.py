"""Projector views at 1920×1080 and 1280×720: large type, nothing cut off or
overflowing, long lists paged by themselves."""

import pytest

from play.night_seating import night_seat
from tests.browser.helpers import log_in, screenshot
from tests.factories import PASSWORD, ClubFactory, director_of
from tests.play.test_nights import open_night
from tests.tournaments.conftest import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]

# Every visible element inside the viewport; no cell whose text is cut (scrollWidth
# beyond its box); the page itself does not scroll.
OVERFLOWS = """() => {
  const W = innerWidth, H = innerHeight, bad = [];
  const root = document.documentElement;
  if (root.scrollWidth > W || root.scrollHeight > H) bad.push('page scrolls');
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('[hidden]')) continue;
    if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
      bad.push('outside: ' + el.tagName + ' ' + el.textContent.trim().slice(0, 30));
    if ((el.matches('th, td, h1, .projector-sub')) && el.scrollWidth > el.clientWidth + 1)
      bad.push('cut: ' + el.textContent.trim().slice(0, 30));
  }
  return bad;
}"""


@pytest.fixture
def director():
    club = ClubFactory(name="Maple Street Rook Club", slug="maple")
    return director_of(club, username="dana"), club


def _open(browser, live_server, size, path):
    context = browser.new_context(viewport=size, base_url=live_server.url)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.clock.install()
    page.goto(path)
    return context, page


def _visible_rows(page) -> int:
    return page.locator("tbody tr:not([hidden])").count()


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
def test_night_standings_fit_and_page_through_a_big_club(browser, live_server, director, size):
    user, club = director
    night = open_night(club, user, 44)
    night_seat(night=night, by=user, seed=1)
    context, page = _open(browser, live_server, size, f"/sessions/{night.pk}/standings/projector/")
    try:
        assert page.evaluate(OVERFLOWS) == []
        font = page.locator("tbody tr:not([hidden]) td").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert font >= size["height"] * 0.04  # readable from the back of the hall
        shown = _visible_rows(page)
        assert 0 < shown < 44
        assert page.locator(".projector-page").text_content().startswith("Page 1 of ")
        first = page.locator("tbody tr:not([hidden])").first.text_content()
        page.clock.run_for(10_500)  # the next page comes up by itself
        assert page.locator(".projector-page").text_content().startswith("Page 2 of ")
        assert page.locator("tbody tr:not([hidden])").first.text_content() != first
        assert page.evaluate(OVERFLOWS) == []
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
def test_swiss_standings_show_every_column(browser, live_server, director, size):
    user, club = director
    event = make_event(club, user, "swiss", 24, rounds=5)
    context, page = _open(
        browser, live_server, size, f"/tournaments/{event.pk}/standings/projector/"
    )
    try:
        headers = page.locator("thead th").all_text_contents()
        assert headers[-2:] == ["Buch.", "S-B"] and "MP" in headers
        assert page.evaluate(OVERFLOWS) == []
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
def test_pairings_say_table_and_seat(browser, live_server, director, size):
    user, club = director
    event = make_event(club, user, "individual", 16, rounds=3)
    context, page = _open(browser, live_server, size, f"/tournaments/{event.pk}/rounds/projector/")
    try:
        assert "Round 1" in page.locator(".projector-sub").text_content()
        assert page.locator("tbody tr").count() == 4
        assert page.locator("tbody tr").first.locator("small").first.text_content() == "N"
        assert page.evaluate(OVERFLOWS) == []
    finally:
        context.close()


# The door's QR box beside every cell of the table, never over one.
DOOR_OVERLAPS = """() => {
  const door = document.querySelector('.projector-door');
  if (!door) return ['no door box'];
  const d = door.getBoundingClientRect(), bad = [];
  for (const cell of document.querySelectorAll('.projector-table th, .projector-table td')) {
    const c = cell.getBoundingClientRect();
    if (!c.width || !c.height || cell.closest('[hidden]')) continue;
    if (c.left < d.right && d.left < c.right && c.top < d.bottom && d.top < c.bottom)
      bad.push(cell.textContent.trim().slice(0, 30));
  }
  return bad;
}"""


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
def test_the_door_box_covers_no_standings_cell(browser, live_server, director, size):
    user, club = director
    night = open_night(club, user, 44)
    night_seat(night=night, by=user, seed=1)
    context = browser.new_context(viewport=size, base_url=live_server.url)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.clock.install()
        log_in(page, user.username, PASSWORD)
        page.goto(f"/sessions/{night.pk}/standings/projector/")
        page.locator(".projector-door").wait_for()
        assert _visible_rows(page) > 1
        assert page.evaluate(DOOR_OVERLAPS) == []
        assert page.evaluate(OVERFLOWS) == []
        screenshot(page, f"projector-door-{size['width']}x{size['height']}")
        page.clock.run_for(10_500)  # the next page of rows, beside the box too
        assert page.evaluate(DOOR_OVERLAPS) == []
    finally:
        context.close()
