"""Every kind of club night, walked from opening to closing in a real browser.

For each kind (a plain night with sit-outs, a progressive night, and tables of five
and six once for each game the night form offers them): the director opens the night
from the club's page; the players check in at the door on their own phones; the
director seats the room; at each table a phone records hands through the table's link
until its game is over, and a player of another side confirms them on their phone;
the director watches the night page, a table's sheet, the standings and the projector
(with the door's QR box); then the next round, where a table's phone records a hand
with the network down (kept on the phone, sent once when it is back), a scorer logged
in on their own phone records from the game page and the director corrects that hand
(its history read by both, in the table's words); closing the night, and every print
of both rounds (blank sheets, table cards, completed sheets, standings, the door
poster) read back as text.

Every page a role touches is checked at 390x844 and 1280x720 (projector pages at
1280x720 and 1920x1080) by tests/browser/walker.py: a walk fails on any 5xx, console
or script error, axe-core serious or critical finding, anything wider than a phone's
screen, or projector pieces overlapping.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play.models import Game, Hand, Night
from rookclub.clubs.models import Player
from scoring.engine.rulesets import Ruleset
from scoring.engine.seat_names import seat_name
from tests.browser.walker import (
    LAPTOP,
    PHONE,
    Walker,
    batches_run_here,
    one_request_at_a_time,
)
from tests.factories import PASSWORD, ClubFactory, director_of, scorer_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = (
    "Ada Brooks",
    "Ben Carter",
    "Cora Diaz",
    "Dan Ellis",
    "Eva Ford",
    "Finn Gray",
    "Gail Hart",
    "Hank Irwin",
    "Ivy Jones",
    "Jack King",
    "Kate Lane",
)
BOTH = (PHONE, LAPTOP)
#: Words a table of each size prints on its sheets and card (any one of each group), and
#: the compass words a table without a compass never prints.
SEAT_WORDS = {4: (("N–S",), ("E–W",)), 5: (("Seat 5", "S5"),), 6: (("Seat 6", "S6"),)}
COMPASS = ("North", "East", "South", "West", "N–S", "E–W")
#: Pages checked by any walk of this run: a page exactly as one checked before (the login
#: page, the door on each player's phone) is checked once (tests/browser/walker.py).
CHECKED: set[tuple] = set()


@dataclass
class Walk:
    """One night's walk: the walker, the director's laptop and the players' phones."""

    walker: Walker
    browser: object
    base_url: str
    desk: object = None
    door: str = ""  # the night's door link
    contexts: list = field(default_factory=list)
    db: object = None  # held for the walk's own reads of the database
    phones: dict = field(default_factory=dict)  # player id -> page
    checked: set = field(default_factory=set)  # kinds of page checked at both sizes

    def context(self, viewport, **options):
        context = self.walker.watch(
            self.browser.new_context(
                viewport=viewport, base_url=self.base_url, locale="en-US", **options
            )
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        return context

    def phone(self):
        return self.context(PHONE, has_touch=True, is_mobile=True).new_page()

    def check_once(self, page, kind: str) -> None:
        """Check ``page`` at both sizes the first time a page of ``kind`` is seen."""
        if kind not in self.checked:
            self.checked.add(kind)
            self.walker.check(page, sizes=BOTH)


@pytest.fixture
def walk(browser, live_server, settings):
    cache.clear()
    settings.SITE_URL = live_server.url  # as the operator sets it: table cards carry QR codes
    settings.LIVE_POLL_SECONDS = 1  # the live parts poll every second here
    expect.set_options(timeout=15_000)
    walk = Walk(Walker(CHECKED), browser, live_server.url)
    with one_request_at_a_time(live_server) as walk.db:
        yield walk
        expect.set_options(timeout=5_000)  # Playwright's default, for the tests after this one
        for context in walk.contexts:
            context.close()
    walk.walker.assert_clean()


def _club(count: int):
    club = ClubFactory(name="Maple Street Rook Club", slug="maple-street")
    director_of(club, username="dana")
    scorer_of(club, username="sam")
    for name in NAMES[:count]:
        Player.objects.create(club=club, name=name)
    return club


# ---- the director opens the night ----------------------------------------------------------


def open_night(walk: Walk, seating: str, five: str | None = None, six: str | None = None):
    walker = walk.walker
    desk = walk.desk = walk.context(LAPTOP).new_page()
    walker.visit(desk, "/accounts/login/", sizes=BOTH)
    desk.get_by_label("Username").fill("dana")
    desk.get_by_label("Password").fill(PASSWORD)
    desk.get_by_role("button", name="Log in").click()
    expect(desk.get_by_role("button", name="Log out dana")).to_be_visible()
    walker.check(desk, sizes=BOTH)
    desk.get_by_role("link", name="Maple Street Rook Club").first.click()
    expect(desk.get_by_role("heading", name="Open a club night")).to_be_visible()
    walker.check(desk, sizes=BOTH)
    desk.get_by_role("radio", name=seating).check()
    if five or six:
        desk.get_by_text("Nobody sits out").click()
        desk.get_by_label("Tables of five or six instead of sit-outs").check()
        desk.get_by_label("Tables of five play").select_option(five or "")
        desk.get_by_label("Tables of six play").select_option(six or "")
        walker.check(desk, sizes=BOTH)  # the form's hidden part, opened
    desk.get_by_role("button", name="Open the night").click()
    expect(desk.get_by_role("heading", name=re.compile("Club night"))).to_be_visible()
    walker.check(desk, sizes=BOTH)
    with walk.db:
        return Night.objects.get()


def check_in_at_the_door(walk: Walk, night, players) -> None:
    """Each player opens the door link on their own phone and taps their name."""
    walk.door = walk.desk.locator("#door-url").input_value()
    for player in players:
        phone = walk.phone()
        walk.walker.visit(phone, walk.door)
        walk.check_once(phone, "door")
        phone.get_by_label("Search your name").fill(player.name.split()[0].lower())
        phone.get_by_role("button", name=player.name, exact=True).click()
        expect(phone.locator("#door-waiting")).to_contain_text("waiting to be seated")
        walk.check_once(phone, "seat")
        walk.phones[player.pk] = phone


def seat_the_room(walk: Walk, night, count: int) -> None:
    desk = walk.desk
    desk.reload()
    expect(desk.locator(".by-door")).to_have_count(count)
    desk.get_by_role("button", name=f"Seat {count} players").click()
    expect(desk.locator("#night-live")).to_be_visible()
    walk.walker.check(desk, sizes=BOTH)


# ---- the tables play ----------------------------------------------------------------------


def _made_hand(ruleset, number: int) -> dict:
    """Seat 1 (or North) bids the most and takes every counter (and trick): the quickest
    way to a game's end, as a table could really play it. A called partner changes hand
    by hand, so that Seat 1 leads alone (a tie at the top plays on)."""
    seats = ruleset.player_seats
    bidder = seats[0]
    partner = None
    if ruleset.partnership == "called_partner":
        partner = seats[1 + number % (len(seats) - 1)]
    side = ruleset.side_of(bidder, bidder, partner)
    hand = {"bidder": bidder, "bid": ruleset.highest_bid, "partner": partner}
    hand["counters"] = {s: ruleset.total_counters if s == side else 0 for s in ruleset.side_names}
    if ruleset.needs_tricks:
        hand["tricks"] = {s: ruleset.tricks_counted if s == side else 0 for s in ruleset.side_names}
    return hand


def record(page, number: int, hand: dict) -> None:
    fill_hand(page, number, hand)
    expect(page.locator("#hand-result")).to_contain_text(f"Hand {number} recorded")


def fill_hand(page, number: int, hand: dict) -> None:
    """Fill the hand form and press its button (offline, the phone keeps the hand)."""
    form = page.locator("form.hand-form")
    form.locator(f"#hand_bidder_{hand['bidder']}").check()
    form.get_by_label("Bid", exact=True).fill(str(hand["bid"]))
    form.get_by_role("radio", name="Red", exact=True).check()
    if hand["partner"]:
        form.locator("#hand_partner").select_option(hand["partner"])
    for prefix in ("counters", "tricks"):
        for side, value in hand.get(prefix, {}).items():
            form.locator(f"#hand_{prefix}_{side}").fill(str(value))
    form.get_by_role("button", name=f"Record hand {number}").click()


def play_table(walk: Walk, game: Game) -> None:
    """The table's first phone records hands until the game is over; a player of
    another side confirms each on their own phone."""
    with walk.db:
        seats = list(game.seats.select_related("player").order_by("seat"))
    ruleset = Ruleset.from_dict(game.ruleset)
    scorer, other = walk.phones[seats[0].player_id], walk.phones[seats[1].player_id]
    number = game.table_seating.table
    for seat in seats[:2]:
        phone = at_the_door(walk, seat.player_id)
        expect(phone.locator("#door-at")).to_contain_text(f"Table {number}")
        phone.get_by_role("link", name=f"Score table {number}").click()
        expect(phone.get_by_role("heading", name=f"Table {number}")).to_be_visible()
    walk.check_once(scorer, f"table of {len(seats)}")
    for n in range(1, 16):
        record(scorer, n, _made_hand(ruleset, n))
        with walk.db:
            game.refresh_from_db()
        if game.is_finished:
            break
    assert game.is_finished, f"table {number} still playing after {n} hands"
    walk.check_once(scorer, f"table of {len(seats)}, game over")
    if "my night" not in walk.checked:  # a player's night, from the table's page
        scorer.get_by_role("navigation", name="My night").get_by_role("link").first.click()
        expect(scorer.get_by_role("heading", level=1)).to_be_visible()
        walk.check_once(scorer, "my night")
        scorer.go_back()
    other.reload()
    walk.check_once(other, f"table of {len(seats)} to confirm")
    for k in range(1, n + 1):
        other.get_by_role("button", name=re.compile(rf"^Confirm hand {k}\b")).first.click()
        expect(other.locator(f"#hand-{k} .confirm-cell")).to_contain_text("confirmed")
    with walk.db:
        assert not Hand.objects.filter(game=game, confirmed_at__isnull=True).exists()


def play_the_round(walk: Walk, night) -> list[Game]:
    with walk.db:
        playing = Game.objects.filter(night=night, status="in_progress")
        games = list(playing.select_related("table_seating"))
    assert games
    for game in games:
        play_table(walk, game)
        walk.desk.bring_to_front()  # the night page, live: its table is over
        expect(walk.desk.locator(f"#progress-{game.table_seating.table}")).not_to_contain_text(
            "waiting"
        )
    expect(walk.desk.locator("#night-counts")).to_contain_text(f"0 of {len(games)} tables")
    walk.walker.check(walk.desk, sizes=BOTH)
    return games


# ---- round two: the table offline, a scorer's phone, a correction ---------------------------

#: What a page never shows a player: a seat, side or trump as the code stores it.
RAW_CODES = re.compile(r"\b(seat\d|seats_\d+|north_south|east_west|declarers|defenders)\b|_")


def raw_codes(walk: Walk, page, what: str, text: str) -> None:
    found = sorted({m.group(0) for m in RAW_CODES.finditer(text)})
    if found:
        walk.walker.note(page, f"{what} says {found}: {text[:160]!r}")


def play_round_two(walk: Walk, night) -> list[Game]:
    """Round 2's tables: the first records a hand on its table phone with the network
    down; at the second a scorer logged in on their own phone records one from the
    game page, and the director corrects it."""
    with walk.db:
        round_ = night.rounds.last()
        games = list(
            Game.objects.filter(table_seating__round=round_)
            .select_related("table_seating")
            .order_by("table_seating__table")
        )
    assert len(games) >= 2  # (a new game with the sit-outs made a round of its own)
    offline_at_the_table(walk, games[0])
    scorer = the_scorer_records(walk, night, games[1])
    correct_a_hand(walk, games[1], scorer)
    walk.desk.goto(f"/sessions/{night.pk}/")
    return games


def offline_at_the_table(walk: Walk, game: Game) -> None:
    """The wifi drops at the table: the hand is kept on the phone, shown in the table's
    words with its counters, and sent once when the network is back."""
    with walk.db:
        first = game.seats.order_by("seat").first()
    ruleset = Ruleset.from_dict(game.ruleset)
    number = game.table_seating.table
    phone = at_the_door(walk, first.player_id)
    expect(phone.locator("#door-at")).to_contain_text(f"Table {number}")
    phone.get_by_role("link", name=f"Score table {number}").click()
    status = phone.locator("#outbox-status")
    expect(status).to_contain_text("Online")
    # The phone has kept the page (the service worker is ready), as it has once the
    # table has had it open a moment.
    expect(phone.locator("#outbox[data-offline-ready=true]")).to_be_attached()
    phone.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    hand = _made_hand(ruleset, 1)
    fill_hand(phone, 1, hand)
    kept = phone.locator(".outbox-list li")
    expect(kept).to_have_count(1)
    expect(kept).to_contain_text(
        f"Hand 1: {seat_name(hand['bidder'])} {hand['bid']} Red, counters "
    )
    raw_codes(walk, phone, "the kept hand", kept.inner_text())
    walk.walker.check(phone, sizes=BOTH)
    phone.context.set_offline(False)
    expect(phone.locator("#hand-1")).to_have_count(1)
    expect(phone.locator(".outbox-list")).to_be_hidden()
    expect(status).not_to_contain_text("waiting")
    expect(status).not_to_contain_text("already")
    expect(phone.get_by_role("button", name="Record hand 2")).to_be_visible()
    with walk.db:
        assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]


def the_scorer_records(walk: Walk, night, game: Game):
    """A scorer (not the director) logs in on their phone and records from the game page."""
    walker = walk.walker
    scorer = walk.phone()
    walker.visit(scorer, "/accounts/login/")
    scorer.get_by_label("Username").fill("sam")
    scorer.get_by_label("Password").fill(PASSWORD)
    scorer.get_by_role("button", name="Log in").click()
    expect(scorer.get_by_role("button", name="Log out sam")).to_be_visible()
    walker.visit(scorer, f"/sessions/{night.pk}/")  # the night page, on a phone
    number = game.table_seating.table
    scorer.get_by_role("link", name=f"Score table {number}").click()
    expect(scorer.get_by_role("button", name="Record hand 1")).to_be_visible()
    walk.check_once(scorer, "game page, scorer")
    record(scorer, 1, _made_hand(Ruleset.from_dict(game.ruleset), 1))
    expect(scorer.get_by_role("link", name="Correct hand 1")).to_have_count(0)
    walk.check_once(scorer, "game page, scorer, a hand recorded")
    return scorer


def correct_a_hand(walk: Walk, game: Game, scorer) -> None:
    """The director corrects the scorer's hand; its history says both versions in the
    table's words, to the director and to the scorer."""
    desk, walker = walk.desk, walk.walker
    ruleset = Ruleset.from_dict(game.ruleset)
    hand = _made_hand(ruleset, 1)
    lower = hand["bid"] - ruleset.bid_step
    desk.goto(f"/games/{game.pk}/")
    desk.locator("#hand-1 summary").click()  # the hand's details, folded on the sheet
    desk.get_by_role("link", name="Correct hand 1").click()
    expect(desk.get_by_role("heading", name="Correct hand 1")).to_be_visible()
    walker.check(desk, sizes=BOTH)
    desk.get_by_label("Bid", exact=True).fill(str(lower))
    desk.get_by_label("Why is this hand corrected?").fill("The bid was misheard")
    desk.get_by_role("button", name="Save correction").click()
    # Answered in place (htmx): the result on the correction page itself.
    expect(desk.locator("#correction-result")).to_contain_text("Hand 1 corrected")
    walker.check(desk)
    bidder = seat_name(hand["bidder"])
    for page in (desk, scorer):
        page.goto(f"/games/{game.pk}/")
        page.locator("#hand-1 summary").click()
        page.get_by_role("link", name="corrected — history").click()
        history = page.locator("#history")
        expect(history).to_contain_text("The bid was misheard")
        expect(history).to_contain_text(f"{bidder} bid {hand['bid']} Red")
        expect(history).to_contain_text(f"{bidder} bid {lower} Red")
        raw_codes(walk, page, "the correction history", history.inner_text())
        walker.check(page, sizes=BOTH if page is desk else ())  # the scorer's at 390 px


# ---- the director watches, moves on, closes ------------------------------------------------


def watch(walk: Walk, night, game: Game) -> None:
    desk, walker = walk.desk, walk.walker
    desk.get_by_role("link", name=f"Score table {game.table_seating.table}").click()
    expect(desk.locator("#hand-1")).to_be_visible()
    walker.check(desk, sizes=BOTH)
    walker.visit(desk, f"/sessions/{night.pk}/standings/", sizes=BOTH)
    walker.projector(desk, f"/sessions/{night.pk}/standings/projector/")
    walker.visit(desk, f"/sessions/{night.pk}/")


def next_round(walk: Walk, night) -> None:
    desk = walk.desk
    desk.get_by_role("button", name=re.compile("^Next round")).click()
    expect(desk.locator(".messages")).to_contain_text("Round 2 seated")
    walk.walker.check(desk, sizes=BOTH)
    with walk.db:
        round_ = night.rounds.last()
        table = round_.tables.first()
        player = next(iter(table.seats().values()))
        out = [s.player_id for s in round_.sit_outs.all()]
    expect(at_the_door(walk, player.pk).locator("#door-at")).to_contain_text(f"Table {table.table}")
    if out:  # a phone of one who sits out this round says so
        phone = at_the_door(walk, out[0])
        expect(phone.locator("#door-sitting-out")).to_be_visible()
        walk.check_once(phone, "seat, sitting out")


def at_the_door(walk: Walk, player_id: int):
    """The player's phone, back at the door page (which shows their seat)."""
    phone = walk.phones[player_id]
    if "/n/" not in phone.url:
        phone.goto(walk.door)
    return phone


def close(walk: Walk, night) -> None:
    desk = walk.desk
    desk.get_by_role("button", name="Close the night").click()
    expect(desk.locator(".status-closed").first).to_have_text("Closed")
    if desk.locator("#sit-outs").count():  # no seat is promised to who sat out
        expect(desk.locator("#sit-outs")).to_contain_text("Sat out the last round")
        expect(desk.locator("#sit-outs")).not_to_contain_text("next table")
    walk.walker.check(desk, sizes=BOTH)
    phone = next(p for p in walk.phones.values() if "/n/" in p.url)  # still at the door
    expect(phone.locator("#door-closed")).to_contain_text("The club night is over")
    walk.check_once(phone, "seat, night over")


def read_prints(walk: Walk, night, games: list[Game]) -> None:
    """Every print of the night, as text: each names its players and their seats."""
    desk, walker = walk.desk, walk.walker
    for game in games:
        seating = game.table_seating
        with walk.db:
            names = [s.player.name for s in game.seats.select_related("player")]
        words = SEAT_WORDS[len(names)]
        base = f"/print/rounds/{seating.round_id}/tables/{seating.table}"
        for what, url in (
            ("blank sheet", f"{base}/sheet.pdf"),
            ("table card", f"{base}/card.pdf"),
            ("completed sheet", f"/print/games/{game.pk}/sheet.pdf"),
        ):
            # A table link's random key could spell a compass word: leave the links out.
            text = re.sub(r"\S*/t/\S+", "", walker.pdf_text(desk, url))
            low = text.lower()
            missing = [w for w in names if w.lower() not in low] + [
                " or ".join(group) for group in words if not any(w.lower() in low for w in group)
            ]
            if len(names) != 4:
                missing += [f"no {w}" for w in COMPASS if w.lower() in low]
            if missing:
                walker.problems.append(f"{what} of table {seating.table} ({url}) lacks {missing}")
    # The batch of every completed sheet, made as a job with a page of its own.
    desk.get_by_role("button", name="all completed game sheets").first.click()
    desk.wait_for_url(re.compile(r"/print/jobs/\d+/"))
    expect(desk.locator(".print-job")).to_be_visible()
    walker.check(desk, sizes=BOTH)
    with walk.db:
        finished = [
            g.pk for g in Game.objects.filter(pk__in=[g.pk for g in games]) if g.is_finished
        ]
    if batches_run_here():
        download = desk.get_by_role("link", name="Download the PDF")
        expect(download).to_be_visible()
        sheets = walker.pdf_text(desk, download.get_attribute("href"))
        with walk.db:
            played = list(
                Player.objects.filter(game_seats__game__in=finished).values_list("name", flat=True)
            )
        missing = [name for name in played if name not in sheets]
        if missing:
            walker.problems.append(f"the batch of completed sheets lacks {missing}")
    standings = walker.pdf_text(desk, f"/print/sessions/{night.pk}/standings.pdf")
    with walk.db:
        every = list(Player.objects.filter(check_ins__night=night).values_list("name", flat=True))
    missing = [name for name in every if name not in standings]
    if missing:
        walker.problems.append(f"the night's standings print lacks {missing}")
    assert "Maple Street" in walker.pdf_text(desk, f"/sessions/{night.pk}/door-poster.pdf")


# ---- the walks --------------------------------------------------------------------------


def new_game_with_the_sit_outs(walk: Walk, night, game: Game) -> Game:
    """Table 1's game is over and players sit out: the director starts a new game
    there, the sit-outs come in (their phones say so by themselves) and it is played."""
    desk = walk.desk
    desk.goto(f"/sessions/{night.pk}/")
    with walk.db:
        waiting = [s.player_id for s in night.rounds.last().sit_outs.all()]
    assert waiting
    desk.get_by_role("button", name="New game at table 1").click()
    expect(desk.locator(".messages")).to_contain_text(" come in")
    walk.walker.check(desk, sizes=BOTH)
    with walk.db:
        new = Game.objects.select_related("table_seating").get(
            night=night, status="in_progress", table_seating__table=1
        )
        came_in = [p for p in waiting if new.seats.filter(player_id=p).exists()]
    assert came_in
    expect(walk.phones[came_in[0]].locator("#door-at")).to_contain_text("Table 1")
    play_table(walk, new)
    return new


def walk_a_night(walk: Walk, count: int, seating: str, *, sit_outs=False, **games) -> None:
    club = _club(count)
    night = open_night(walk, seating, **games)
    check_in_at_the_door(walk, night, list(club.players.order_by("name")))
    seat_the_room(walk, night, count)
    played = play_the_round(walk, night)
    if sit_outs:
        played.append(new_game_with_the_sit_outs(walk, night, played[0]))
    watch(walk, night, played[0])
    next_round(walk, night)
    played += play_round_two(walk, night)
    close(walk, night)
    read_prints(walk, night, played)


def test_a_night_of_ten_with_sit_outs(walk):
    walk_a_night(walk, 10, "Random draw of partners and tables", sit_outs=True)


def test_a_progressive_night_of_nine(walk):
    walk_a_night(walk, 9, "Individual progressive (partners change every four hands)")


@pytest.mark.parametrize(
    ("five", "six"),
    [
        ("five-player", "six-player"),
        ("high-card-partner", "partnership-for-six"),
        ("call-your-partner", "dixie-6"),
    ],
)
def test_a_night_of_eleven_at_a_table_of_six_and_one_of_five(walk, five, six):
    walk_a_night(walk, 11, "Random draw of partners and tables", five=five, six=six)
