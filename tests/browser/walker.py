"""Walk a site's pages in a real browser and collect everything wrong on the way.

A walk opens the pages a director, a scorer, a player at the door and a table's phone
touch, from opening to closing. The :class:`Walker` watches every browser context it is
given and, page by page, looks for what a person would trip over:

- any answer with status 500 or more, any console error, any uncaught script error;
- axe-core's serious and critical findings;
- at phone width (390 px and less), anything wider than the screen (sideways scroll);
- on projector pages, two visible cells, headings or the door's QR box overlapping.

Problems are kept, each with the page's address and viewport, and reported all at once
by :meth:`Walker.assert_clean` (a walk goes on past the first one, so one run shows
every page's faults). Prints are fetched as PDFs with the page's cookies and read back
as text (``pdftotext``, poppler-utils)::

    walker = Walker()
    with one_request_at_a_time(live_server) as db:  # hold ``db`` for the test's own queries
        desk = walker.watch(browser.new_context(viewport=LAPTOP, base_url=live_server.url))
        page = desk.new_page()
        walker.visit(page, "/sessions/1/", sizes=[PHONE, LAPTOP])
        walker.projector(page, "/sessions/1/standings/projector/")
        assert "Ada Brooks" in walker.pdf_text(page, "/print/sessions/1/standings.pdf")
        desk.close()
    walker.assert_clean()

tests/browser/test_night_walks.py walks every kind of club night with it.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.conf import settings
from playwright.sync_api import Error as PlaywrightError

from tests.browser.helpers import serious_violations

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 720}
PROJECTORS = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})

# Outermost visible elements reaching past the screen's sides, and the page's own width.
# An element inside a box that clips or scrolls its overflow (a wide table in its own
# scrolling box) moves the page no wider, so is not counted.
_SIDEWAYS = """() => {
  const W = document.documentElement.clientWidth, bad = [];
  if (document.documentElement.scrollWidth > W + 1)
    bad.push(`page is ${document.documentElement.scrollWidth}px wide`);
  const clipped = el => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
    if ((r.right > W + 1 || r.left < -1) && !clipped(el)) wide.push(el);
  }
  for (const el of wide) {
    if (wide.some(other => other !== el && other.contains(el))) continue;
    const classes = typeof el.className === 'string' ? el.className.trim() : '';
    const what = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
      + (classes ? '.' + classes.split(/\\s+/).join('.') : '');
    bad.push(`${what} "${el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40)}"`);
  }
  return bad.slice(0, 6);
}"""

# Every pair of visible projector pieces (cells, headings, the door's QR box, the page
# counter) whose boxes cross by more than a pixel; a piece inside another is no overlap.
_OVERLAPS = """() => {
  const pieces = [...document.querySelectorAll(
    'th, td, h1, h2, h3, .projector-sub, .projector-page, .projector-door')]
    .filter(el => !el.closest('[hidden]'))
    .map(el => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && r.height > 0);
  const name = el => `${el.tagName.toLowerCase()}${el.className ? '.' + el.className : ''}`
    + ` "${el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 30)}"`;
  const bad = [];
  for (let i = 0; i < pieces.length; i++)
    for (let j = i + 1; j < pieces.length; j++) {
      const [a, p] = pieces[i], [b, q] = pieces[j];
      if (a.contains(b) || b.contains(a)) continue;
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 1 && y > 1) bad.push(`${name(a)} overlaps ${name(b)}`);
    }
  return bad.slice(0, 6);
}"""


# The page as axe-core and the layout checks see it: its address, its document (less the
# CSRF token, which differs on every answer and changes nothing shown) and what its form
# controls hold (typed text, ticks and choices live outside the markup).
_STATE = """() => {
  const doc = document.documentElement.cloneNode(true);
  doc.querySelectorAll('input[name=csrfmiddlewaretoken]').forEach(e => e.removeAttribute('value'));
  doc.querySelector('body')?.removeAttribute('hx-headers');
  const held = [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
    .map(e => `${e.checked ? 1 : 0}${e.value}`);
  return [location.pathname, doc.outerHTML, ...held].join('\\u0000');
}"""


@contextmanager
def one_request_at_a_time(live_server) -> Iterator[threading.Lock]:
    """The live server answers one request at a time while the walk runs; yields the
    lock, for the walk's own reads of the database.

    The test database on SQLite lives in memory and the live server's threads share its
    one connection: a page polled every second while a phone records a hand meets the
    hand's open transaction and answers 503 ("database table is locked"), a fault of
    that arrangement and not of the site (which runs on a file or on PostgreSQL). Many
    phones polling at once is what a walk does, so their requests take turns here."""
    httpd = live_server.thread.httpd
    app = httpd.get_app()
    lock = threading.Lock()

    def in_turn(environ, start_response):
        with lock:
            return app(environ, start_response)

    httpd.set_app(in_turn)
    try:
        yield lock
    finally:
        httpd.set_app(app)


def batches_run_here() -> bool:
    """Is a batch print made while its job page is open? Yes when Celery runs tasks in
    the process (no ``REDIS_URL``: ``make test``). With a real broker it waits for a
    print worker, which the parallel run has none of: a walk then checks the job's page
    and leaves the PDF to the tests that start a worker (``tests/print``)."""
    return bool(settings.CELERY_TASK_ALWAYS_EAGER)


def sideways(page) -> list[str]:
    """The outermost elements reaching past the sides of the screen (a few)."""
    return page.evaluate(_SIDEWAYS)


def overlaps(page) -> list[str]:
    """Pairs of visible projector pieces (cells, headings, door box) that overlap."""
    return page.evaluate(_OVERLAPS)


def _size(size: dict | None) -> str:
    return f"{size['width']}x{size['height']}" if size else "?"


class Walker:
    """Watches browser contexts and checks pages; keeps every problem found."""

    def __init__(self, checked: set[tuple] | None = None) -> None:
        self.problems: list[str] = []
        #: The (page, size) states already checked; a set shared by several walkers
        #: (several walks in one run) checks a page they all open once.
        self.checked: set[tuple] = set() if checked is None else checked

    def note(self, page, what: str) -> None:
        """Keep one problem, said with the page's address and viewport."""
        self.problems.append(f"{page.url} at {_size(page.viewport_size)}: {what}")

    # ---- watching ---------------------------------------------------------------------

    def watch(self, context):
        """Record every 5xx answer, console error and uncaught script error of every
        page of ``context`` (pages opened later too). Returns the context."""

        def answered(response) -> None:
            if response.status < 500:
                return
            what = f"{response.status} from {response.request.method} {response.url}"
            try:
                self.note(response.frame.page, what)
            except PlaywrightError:  # a service worker's fetch has no frame
                self.problems.append(f"service worker: {what}")

        def console(message) -> None:
            if message.type == "error" and message.page is not None:
                self.note(message.page, f"console error: {message.text}")

        def script_error(error) -> None:
            if error.page is not None:
                self.note(error.page, f"script error: {error.error}")

        context.on("response", answered)
        context.on("console", console)
        context.on("weberror", script_error)
        return context

    # ---- pages --------------------------------------------------------------------------

    def visit(self, page, url: str, *, sizes: Iterable[dict] = ()):
        """Open ``url`` on ``page`` and :meth:`check` it at each of ``sizes`` (at the
        page's own viewport when none are given). Returns the answer."""
        response = page.goto(url)
        if response is None or response.status >= 400:
            status = response.status if response else "no answer"
            self.note(page, f"opening {url} answered {status}")
        self.check(page, sizes=sizes)
        return response

    def check(self, page, *, sizes: Iterable[dict] = ()) -> None:
        """Check the page as it is now: axe-core (serious and critical findings), and
        at 390 px or narrower nothing wider than the screen. With ``sizes``, the page
        is checked at each viewport in turn, then given back its own. A page exactly as
        one already checked at that size (same address, markup and form contents: the
        door page on each player's phone) is not checked again."""
        own = page.viewport_size
        for size in list(sizes) or [own]:
            if size != page.viewport_size:
                page.set_viewport_size(size)
            state = hashlib.sha256(page.evaluate(_STATE).encode()).hexdigest()
            if (state, _size(size)) in self.checked:
                continue
            self.checked.add((state, _size(size)))
            for finding in serious_violations(page):
                self.note(page, f"axe: {finding}")
            if size["width"] <= 390:
                for wide in sideways(page):
                    self.note(page, f"wider than the screen: {wide}")
        if page.viewport_size != own:
            page.set_viewport_size(own)

    def projector(self, page, url: str, *, sizes: Iterable[dict] = PROJECTORS) -> None:
        """Open a projector page at each screen size: axe-core, and no two cells,
        headings or the door's QR box overlapping."""
        own = page.viewport_size
        for size in sizes:
            page.set_viewport_size(size)
            self.visit(page, url)
            for overlap in overlaps(page):
                self.note(page, f"projector overlap: {overlap}")
        page.set_viewport_size(own)

    # ---- prints -------------------------------------------------------------------------

    def pdf_text(self, page, url: str) -> str:
        """Fetch a print with ``page``'s cookies and give back its text, laid out as
        printed (``pdftotext -layout``). A print that is not a PDF is a problem, and
        its text is the empty string."""
        response = page.context.request.get(url)
        kind = response.headers.get("content-type", "")
        if response.status != 200 or kind != "application/pdf":
            said = re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", response.text()))[:200]
            self.problems.append(f"print {url}: {response.status} {kind}: {said}")
            return ""
        done = subprocess.run(
            ["pdftotext", "-layout", "-", "-"],
            input=response.body(),
            capture_output=True,
            check=True,
            timeout=60,
        )
        return done.stdout.decode("utf-8")

    # ---- the end --------------------------------------------------------------------------

    def assert_clean(self) -> None:
        """Fail with every problem found, one a line, if there were any."""
        found, self.problems = self.problems, []
        assert not found, f"{len(found)} problems on the walk:\n" + "\n".join(found)
