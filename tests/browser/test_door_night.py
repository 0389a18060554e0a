"""A whole club night at a venue, through an insecure origin (plain http on a name that
is not localhost), on twelve phones at 390x844:

the players open the door link and check themselves in (another phone tapping a name
already held is refused); the director seats three tables; each phone shows its
table and seat and opens its table's page; every table records a whole game with the
opponents confirming, one table going offline for two hands; the director's night
page shows hands, unconfirmed hands and the current seats change without a reload.
axe-core finds no serious or critical violation on the door, seat and night pages.
"""

import datetime

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play import night_opening
from play.models import CheckIn, Game, Hand
from tests.browser.helpers import serious_violations
from tests.browser_harness import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, watch_policy
from tests.factories import PASSWORD, ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOST = "rookclub.test"
SIDE = {"north": "North", "east": "East", "south": "South", "west": "West"}
#: How long a phone may take to show its seat once the room is seated.
SEAT_SECONDS = 60


@pytest.fixture
def venue_browser(browser):
    """Chromium resolving rookclub.test to this machine: an insecure origin (http, not
    localhost), as a phone on the hall's wifi sees the laptop."""
    other = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"],
    )
    yield other
    other.close()


@pytest.fixture
def night(settings):
    # The director's page updates by polling (every second here): give it a few polls.
    expect.set_options(timeout=15_000)
    yield _night(settings)
    expect.set_options(timeout=5_000)  # Playwright's default, for the tests after this one


def _night(settings):
    cache.clear()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HOST]
    settings.LIVE_POLL_SECONDS = 1  # live parts poll every second here
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    players = players_of(club, 12)
    # A short game: to 200 points, two made hands of 120.
    night = night_opening.night_open(
        club=club, date=datetime.date(2025, 3, 6), opened_by=director, options={"target": 200}
    )
    return club, director, players, night


def _axe(page, what: str) -> None:
    found = serious_violations(page)
    assert found == [], f"axe on the {what} page: {found}"


def _record(page, number: int, ns: int = 120) -> None:
    page.locator("#hand_bidder_north").check()
    page.get_by_label("Bid", exact=True).fill("120")
    page.get_by_role("radio", name="Red", exact=True).check()
    page.get_by_label("North-South counters").fill(str(ns))
    page.get_by_role("button", name=f"Record hand {number}").click()


def test_twelve_phones_check_in_at_the_door_and_play_a_night(venue_browser, live_server, night):
    _, _, players, night = night
    origin = f"http://{HOST}:{live_server.url.rsplit(':', 1)[1]}"
    contexts = []

    def context(viewport, **options):
        c = venue_browser.new_context(viewport=viewport, base_url=origin, locale="en-US", **options)
        c.set_default_timeout(15_000)
        watch_policy(c)
        contexts.append(c)
        return c

    try:
        # ---- twelve phones check in at the door ------------------------------------------
        phones = {}
        for i, player in enumerate(players):
            page = context(PHONE, has_touch=True, is_mobile=True).new_page()
            page.goto(f"/n/{night.door_key}/")
            assert page.evaluate("window.isSecureContext") is False  # plain http, not localhost
            if i == 0:
                _axe(page, "door")
            page.get_by_label("Search your name").fill(player.name.lower())
            shown = page.locator("#door-players li:visible")
            expect(shown.first).to_contain_text(player.name)
            assert shown.count() == sum(player.name.lower() in p.name.lower() for p in players)
            page.get_by_role("button", name=player.name, exact=True).click()
            expect(page.locator("#door-waiting")).to_contain_text("waiting to be seated")
            if i == 0:
                _axe(page, "seat")
            phones[player.pk] = page
        assert CheckIn.objects.filter(night=night, by_door=True).count() == 12
        # Another phone that taps a name already held is refused, and shown no seat.
        stranger = context(PHONE, has_touch=True, is_mobile=True).new_page()
        stranger.goto(f"/n/{night.door_key}/")
        stranger.get_by_role("button", name=players[0].name, exact=True).click()
        expect(stranger.locator("#door-error")).to_contain_text("on another phone")
        expect(stranger.locator("#door-waiting")).to_have_count(0)

        # ---- the director sees who came by phone, and seats three tables -----------------
        desk = context(DESKTOP).new_page()
        desk.goto("/accounts/login/")
        desk.get_by_label("Username").fill("dana")
        desk.get_by_label("Password").fill(PASSWORD)
        desk.get_by_role("button", name="Log in").click()
        desk.goto(f"/sessions/{night.pk}/")
        expect(desk.locator(".by-door")).to_have_count(12)
        desk.get_by_role("button", name="Seat 12 players").click()
        expect(desk.locator("#night-counts")).to_contain_text("3 of 3 tables playing")
        _axe(desk, "night")

        # ---- each phone shows its table and seat, live, and opens its table --------------
        games = {g.table_seating.table: g for g in Game.objects.select_related("table_seating")}
        assert sorted(games) == [1, 2, 3]
        tables = {}
        for number, game in games.items():
            seats = game.table_seating.seats()
            for seat, player in seats.items():
                # Each phone learns it by polling: on a loaded machine twelve phones and
                # the desk share two cores, so give the polls time (a condition, no sleep).
                expect(phones[player.pk].locator("#door-at")).to_contain_text(
                    f"Table {number} · {SIDE[seat]}", timeout=SEAT_SECONDS * 1000
                )
            partner = seats["south"].name
            expect(phones[seats["north"].pk].locator("#door-at")).to_contain_text(
                f"partner {partner} · against {seats['east'].name} & {seats['west'].name}"
            )
            tables[number] = (phones[seats["north"].pk], phones[seats["east"].pk])
            for page in tables[number]:
                page.get_by_role("link", name=f"Score table {number}").click()
                expect(page.get_by_role("heading", name=f"Table {number}")).to_be_visible()

        # ---- table 1 goes offline for two hands, then reloads ----------------------------
        north, east = tables[1]
        north.context.set_offline(True)
        for number in (1, 2):
            _record(north, number)
            expect(north.locator("#outbox-status")).to_contain_text(f"waiting to send ({number})")
        assert not Hand.objects.filter(game=games[1]).exists()
        north.context.set_offline(False)
        expect(north.locator("#outbox-status")).not_to_contain_text("waiting")
        north.reload()
        expect(north.locator("#hand-2")).to_be_visible()
        assert list(Hand.objects.filter(game=games[1]).values_list("number", flat=True)) == [1, 2]
        desk.bring_to_front()
        expect(desk.locator("#progress-1")).to_contain_text("2 hands")
        expect(desk.locator("#progress-1")).to_contain_text("2 waiting for confirmation")

        # ---- tables 2 and 3 record their games; the director watches without a reload ----
        for number in (2, 3):
            north, _ = tables[number]
            for hand in (1, 2):
                _record(north, hand)
                expect(north.locator("#hand-result")).to_contain_text(f"Hand {hand} recorded")
                expect(desk.locator(f"#progress-{number}")).to_contain_text(
                    f"{hand} hand{'s' if hand > 1 else ''}"
                )
            desk.bring_to_front()
            expect(desk.locator(f"#progress-{number}")).to_contain_text("2 waiting")

        # ---- the opponents confirm every hand from their own phones -----------------------
        for number in (1, 2, 3):
            _, east = tables[number]
            east.reload()
            for hand in (1, 2):
                confirm = east.get_by_role("button", name=f"Confirm hand {hand} as East-West")
                confirm.click()
                expect(east.locator(f"#hand-{hand} .confirm-cell")).to_contain_text("confirmed")
                expect(confirm).to_have_count(0)
            waiting = Hand.objects.filter(game=games[number], confirmed_at__isnull=True)
            assert not waiting.exists(), list(waiting.values_list("number", flat=True))
            desk.bring_to_front()  # a page in the background polls less often
            expect(desk.locator(f"#progress-{number}")).not_to_contain_text("waiting")
            # The seats the director sees are the table's seats now.
            for player in games[number].table_seating.seats().values():
                expect(desk.locator(f"#table-{number}").locator("..")).to_contain_text(player.name)

        expect(desk.locator("#night-counts")).to_contain_text("0 of 3 tables playing")
        expect(desk.locator("#still-playing")).to_have_count(0)
        assert Game.objects.filter(status="finished").count() == 3
        assert not Hand.objects.filter(confirmed_at__isnull=True).exists()
    finally:
        found = [v for c in contexts for v in c.policy_violations]
        for c in contexts:
            c.close()
    assert not found, "Content-Security-Policy violations:\n" + "\n".join(found)
