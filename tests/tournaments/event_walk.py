"""The steps of a walk through one event, in a real browser, as the people at it take them.

A director at the desk (a laptop, 1280x720) creates the event on the create form,
registers its entries, starts it, opens each table's page for its link, pairs the
next round when the format pairs round by round, plays off a tie; each table's phone
(390x844, no login) opens the table link and records the hand that decides its game
(the event is created with a round clock of one hand); the public reads the pairings,
the bracket and the standings. Every page is watched by the shared
:class:`~tests.browser.walker.Walker` (5xx, console and script errors); each kind of
page is checked at 390x844 and 1280x720 the first time a role opens it (axe-core,
nothing wider than a phone), the projectors at 1280x720 and 1920x1080 (and for
overlaps), and every print is fetched as a PDF and read back as text.

Which matches are ready is read from the database, to steer the walk; everything
done is done through the pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from playwright.sync_api import expect

from play.models import Game
from tests.browser.helpers import log_in
from tests.browser.walker import LAPTOP, PHONE, Walker, batches_run_here
from tests.factories import PASSWORD, ClubFactory, PlayerFactory, director_of
from tournaments.models import Match, Tournament

NAMES = [
    "Ada Brooks",
    "Ben Carter",
    "Cora Diaz",
    "Dell Evans",
    "Eva Ford",
    "Finn Gray",
    "Gwen Hale",
    "Hank Irwin",
    "Iris Jones",
    "Jack Kemp",
    "Kate Lowe",
    "Liam Moss",
    "Mona Nash",
    "Ned Olsen",
    "Opal Price",
    "Pete Quinn",
]
BOTH = [PHONE, LAPTOP]
#: Pages checked by any walk of this run: a page exactly as one checked before is
#: checked once (tests/browser/walker.py).
CHECKED: set[tuple] = set()


@dataclass
class Walk:
    walker: Walker
    desk: object  # the director's laptop page, logged in
    phone: object  # a table's phone: no login, only the table links
    public: object  # anyone, not logged in
    players: list
    tournament: Tournament | None = None
    seen: set = field(default_factory=set)

    # ---- checking pages -----------------------------------------------------------------

    def look(self, page, kind: str) -> None:
        """Check the page at phone and laptop size the first time ``kind`` is opened
        by this role (every later page is still watched for 5xx and console errors)."""
        if kind in self.seen:
            return
        self.seen.add(kind)
        self.walker.check(page, sizes=BOTH)

    def visit(self, page, url: str, kind: str) -> None:
        response = page.goto(url)
        if response is None or response.status >= 400:
            self.walker.note(page, f"opening {url} answered {response and response.status}")
        self.look(page, kind)

    @property
    def pk(self) -> int:
        return self.tournament.pk

    # ---- the director's steps -----------------------------------------------------------

    def create(self, name: str, format_label: str, **fields) -> None:
        """Fill in the create form: ``fields`` maps a field's label to its value (a
        menu's option label, a box's text, True to tick a box)."""
        desk = self.desk
        self.visit(desk, "/tournaments/", "director: tournament list")
        desk.get_by_text("Create a tournament").click()
        desk.get_by_label("Name", exact=True).fill(name)
        desk.get_by_label("Format").select_option(label=format_label)
        for label, value in fields.items():
            # A label that wraps its menu is named with the options' words: by its id.
            box = (
                desk.locator(label)
                if label.startswith("#")
                else desk.get_by_label(label, exact=True)
            )
            if value is True:
                box.check()
            elif box.evaluate("el => el.tagName") == "SELECT":
                box.select_option(label=value)
            else:
                box.fill(str(value))
        desk.get_by_role("button", name="Create the tournament").click()
        expect(desk.get_by_text(f"{name} is created.")).to_be_visible()
        self.tournament = Tournament.objects.get(name=name)
        self.look(desk, "director: dashboard in registration")

    def register(self, entries: list[list[str]]) -> None:
        """Add each entry (one or two player names) on the dashboard's entry form."""
        desk = self.desk
        for players in entries:
            form = desk.locator("#add-entry-card")
            first = "Player" if len(players) == 1 else "First player"
            form.get_by_label(first, exact=True).select_option(label=players[0])
            if len(players) == 2:
                form.get_by_label("Partner", exact=True).select_option(label=players[1])
            form.get_by_role("button", name="Add the entry").click()
            expect(desk.get_by_text(" is entered.")).to_be_visible()
        expect(desk.get_by_role("heading", name=f"Entries ({len(entries)})")).to_be_visible()
        self.look(desk, "director: dashboard with entries")

    def pin(self, first: str, second: str) -> None:
        """Drawn partners: two players who asked to play together are pinned."""
        card = self.desk.locator("#partners-card")
        card.locator('select[name="a"]').select_option(label=first)
        card.locator('select[name="b"]').select_option(label=second)
        card.get_by_role("button", name="Pin them together").click()
        expect(self.desk.locator("#partners-card")).to_contain_text(f"{first} & {second}")
        self.look(self.desk, "director: dashboard with a pin")

    def start(self) -> None:
        self.desk.goto(f"/tournaments/{self.pk}/")
        self.desk.get_by_role("button", name="Start the tournament").click()
        expect(self.desk.get_by_text("The tournament has started.")).to_be_visible()
        self.look(self.desk, "director: dashboard running")

    def table_link(self, match: Match) -> str:
        """The table's link, as the director reads it on the table's page."""
        desk = self.desk
        self.visit(
            desk,
            f"/tournaments/rounds/{match.round_id}/tables/{match.table}/?links",
            "director: table page with its link",
        )
        expect(desk.get_by_role("heading", name=f"Table {match.table}")).to_be_visible()
        return desk.locator("#table-link-url").input_value()

    def pair_next_round(self) -> bool:
        """Press "Pair the next round" when the dashboard offers it."""
        self.desk.goto(f"/tournaments/{self.pk}/")
        button = self.desk.get_by_role("button", name=re.compile("^Pair the next round"))
        if not button.count():
            return False
        button.click()
        expect(self.desk.get_by_text("The next round is paired.")).to_be_visible()
        self.look(self.desk, "director: dashboard after pairing")
        return True

    def play_off(self, draw_seed: str = "") -> None:
        desk = self.desk
        desk.goto(f"/tournaments/{self.pk}/")
        expect(desk.locator("#playoff-offer")).to_be_visible()
        desk.get_by_role("button", name=re.compile("^Play off the tie")).click()
        expect(desk.locator("#playoffs-card")).to_be_visible()
        self.look(desk, "director: dashboard with the playoff")

    # ---- the tables' steps --------------------------------------------------------------

    def record(self, match: Match, north_south_wins: bool) -> None:
        """The table's phone opens its link and records the hand that ends the game:
        80 bid and made by the side that wins."""
        link = self.table_link(match)
        phone = self.phone
        self.visit(phone, link, "phone: table link")
        number = 1 + Game.objects.get(match_game__match=match, status="in_progress").hands.count()
        bidder = "north" if north_south_wins else "east"
        phone.locator(f"#hand_bidder_{bidder}").check()
        phone.get_by_label("Bid", exact=True).fill("80")
        phone.get_by_role("radio", name="Red", exact=True).check()
        phone.get_by_label("North-South counters").fill("85" if north_south_wins else "35")
        phone.get_by_role("button", name=f"Record hand {number}").click()
        expect(phone.locator("#hand-result")).to_contain_text(f"Hand {number} recorded")
        self.look(phone, "phone: table link after a hand")
        match.refresh_from_db()
        if match.status != Match.Status.DECIDED:
            self.walker.note(phone, f"table {match.table}: match not decided after its hand")

    def play(self, winner) -> int:
        """Play every match until none is ready (pairing round by round where the
        format does): ``winner(match)`` says whether North-South (entry a) wins.
        Returns how many matches were played at their tables."""
        played = 0
        while True:
            ready = list(
                Match.objects.filter(tournament=self.tournament, status=Match.Status.READY)
                .exclude(table=None)
                .select_related("entry_a", "entry_b", "round")
                .order_by("round__number", "table")
            )
            if not ready:
                if self.pair_next_round():
                    continue
                return played
            for match in ready:
                self.record(match, winner(match))
                played += 1
            self.look_around()

    # ---- what everyone reads ------------------------------------------------------------

    def look_around(self) -> None:
        """The dashboard, pairings, standings (and bracket) for the director and the public."""
        pk = self.pk
        self.visit(self.desk, f"/tournaments/{pk}/", "director: dashboard running")
        for page, who in ((self.desk, "director"), (self.public, "public")):
            self.visit(page, f"/tournaments/{pk}/rounds/", f"{who}: pairings")
            self.visit(page, f"/tournaments/{pk}/standings/", f"{who}: standings")
            if self.tournament.is_elimination:
                self.visit(page, f"/tournaments/{pk}/bracket/", f"{who}: bracket")

    def finish(self) -> dict[str, str]:
        """The end of the event: every page again, the projectors, the audit trail and
        every print read back as text. Returns the prints' texts by name."""
        pk = self.pk
        self.tournament.refresh_from_db()
        self.seen = {k for k in self.seen if not k.startswith(("director: dash", "public"))}
        self.look_around()
        desk = self.desk
        self.walker.projector(desk, f"/tournaments/{pk}/rounds/projector/")
        self.walker.projector(desk, f"/tournaments/{pk}/standings/projector/")
        self.visit(desk, f"/tournaments/{pk}/audit/", "director: audit trail")
        expect(desk.get_by_role("heading", name=re.compile("audit trail"))).to_be_visible()
        csv = self.public.context.request.get(f"/tournaments/{pk}/standings.csv")
        if csv.status != 200 or "text/csv" not in csv.headers.get("content-type", ""):
            self.walker.problems.append(f"standings CSV: {csv.status}")
        texts_csv = csv.text()
        prints = {"standings": f"/print/tournaments/{pk}/standings.pdf"}
        if self.tournament.is_elimination:
            prints["bracket"] = f"/print/tournaments/{pk}/bracket.pdf"
        first = Match.objects.filter(tournament=self.tournament).exclude(table=None)
        first = first.order_by("round__number", "table").first()
        base = f"/print/tournaments/rounds/{first.round_id}/tables/{first.table}"
        prints["table sheet"] = f"{base}/sheet.pdf"
        prints["table card"] = f"{base}/card.pdf"
        game = Game.objects.filter(match_game__match=first).first()
        prints["game sheet"] = f"/print/games/{game.pk}/sheet.pdf"
        texts = {name: self.walker.pdf_text(desk, url) for name, url in prints.items()}
        sheets = self.batch(f"all score sheets for round {first.round.number}")
        cards = self.batch(f"all table cards for round {first.round.number}")
        if batches_run_here():
            texts["round sheets"], texts["round cards"] = sheets, cards
        texts["standings CSV"] = texts_csv
        return texts

    def batch(self, button: str) -> str:
        """A round's batch print from the dashboard: its job page, then the PDF."""
        desk = self.desk
        desk.goto(f"/tournaments/{self.pk}/")
        desk.get_by_role("button", name=button).first.click()
        # The job's page is checked only once it has replaced the dashboard: checked
        # while the browser is still between the two, it has no document to read.
        desk.wait_for_url(re.compile(r"/print/jobs/\d+/"))
        expect(desk.locator(".print-job")).to_be_visible()
        if not batches_run_here():
            self.look(desk, "director: print job")
            return ""
        download = desk.get_by_role("link", name="Download the PDF")
        expect(download).to_be_visible(timeout=30_000)
        self.look(desk, "director: print job")
        return self.walker.pdf_text(desk, download.get_attribute("href"))


def open_walk(browser, live_server, players: int = 16) -> Walk:
    club = ClubFactory(name="Bluegrass Rook")
    director_of(club, username="tess")
    made = [PlayerFactory(club=club, name=name) for name in NAMES[:players]]
    walker = Walker(CHECKED)

    def context(viewport, **options):
        made_context = browser.new_context(
            viewport=viewport, base_url=live_server.url, locale="en-US", **options
        )
        made_context.set_default_timeout(15_000)
        return walker.watch(made_context)

    desk = context(LAPTOP).new_page()
    log_in(desk, "tess", PASSWORD)
    phone = context(PHONE, is_mobile=True, has_touch=True).new_page()
    public = context(LAPTOP).new_page()
    return Walk(walker, desk, phone, public, [p.name for p in made])


def close_walk(walk: Walk) -> None:
    for page in (walk.desk, walk.phone, walk.public):
        page.context.close()
