"""A club night through one table's link, on one phone at 390x844 with no account:
the players record five hands (one set, one with a penalty), the opponents confirm
each on the same phone; a replaced link answers 404; once the director closes the
night the link refuses with the night's sentence."""

import datetime

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play import checkins, night_closing, night_opening, night_seating
from play.models import Game, Hand, Irregularity
from play.table_links import link_replace, links_for
from tests.factories import ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: (declarer, bid, trump, north-south counters, penalty against or None)
HANDS = [
    ("north", 80, "Red", 85, None),
    ("east", 90, "Black", 20, None),
    ("north", 120, "Green", 85, None),  # set: North-South took 85 of the 120 bid
    ("west", 85, "Yellow", 30, "east"),  # East talks across the table
    ("south", 75, "Red", 95, None),
]


@pytest.fixture
def night():
    cache.clear()
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    key = links_for(club=club, kind="night", night=night, numbers=[1])[1].key
    return club, director, night, key


def _record(page, number, declarer, bid, trump, ns, penalty):
    page.locator(f"#hand_bidder_{declarer}").check()
    page.get_by_label("Bid", exact=True).fill(str(bid))
    page.get_by_role("radio", name=trump, exact=True).check()
    page.get_by_label("North-South counters").fill(str(ns))
    if penalty:
        page.get_by_text("Penalty", exact=True).click()
        page.get_by_label("Penalty against").select_option(penalty)
        page.get_by_label("Penalty for").select_option("table_talk")
    page.get_by_role("button", name=f"Record hand {number}").click()
    expect(page.locator("#hand-result")).to_contain_text(f"Hand {number} recorded")


def test_a_table_scores_and_confirms_its_own_night_through_its_link(page, night):
    club, director, night, key = night
    page.goto(f"/t/{key}/")
    for number, hand in enumerate(HANDS, start=1):
        _record(page, number, *hand)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # The opponents confirm every hand on the same phone, without moving the page.
    for number in range(1, len(HANDS) + 1):
        row = page.locator(f"#hand-{number}")
        button = row.get_by_role("button", name=f"Confirm hand {number} as East-West")
        button.scroll_into_view_if_needed()
        before = page.evaluate("window.scrollY")
        button.click()
        expect(page.locator(f"#hand-{number} .confirm-cell")).to_contain_text("confirmed")
        assert page.evaluate("window.scrollY") == before

    hands = list(Hand.objects.filter(game=Game.objects.get()).order_by("number"))
    assert [h.number for h in hands] == [1, 2, 3, 4, 5]
    assert [h.made for h in hands] == [True, True, False, True, True]
    assert all(h.entered_via_id and h.entered_by_id is None for h in hands)
    assert all(h.confirmed_side == "east_west" and h.confirmed_at for h in hands)
    penalty = Irregularity.objects.get(hand=hands[3])
    assert (penalty.kind, penalty.seat) == ("table_talk", "east")

    # A replaced link answers 404; the new one opens the same table.
    new = link_replace(club=club, kind="night", number=1, by=director, night=night)
    assert page.goto(f"/t/{key}/").status == 404
    assert page.goto(f"/t/{new.key}/").status == 200
    expect(page.get_by_role("heading", name="Table 1")).to_be_visible()

    # Closed: the link refuses with the night's sentence, and offers no form.
    night_closing.night_close(night=night, by=director)
    page.goto(f"/t/{new.key}/")
    expect(page.get_by_text("This club night was closed")).to_be_visible()
    expect(page.get_by_role("button", name="Record hand 6")).to_have_count(0)


def test_hands_recorded_offline_through_the_link_are_sent_once_in_order(page, night):
    """The wifi drops with only the table link: two hands wait on the phone through a
    reload and are stored once each, in order, when the network is back."""
    _, _, _, key = night
    page.goto(f"/t/{key}/")
    status = page.locator("#outbox-status")
    expect(status).to_contain_text("Online")
    expect(page.locator("#outbox[data-offline-ready=true]")).to_be_attached()

    page.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    for number, hand in enumerate(HANDS[:2], start=1):
        declarer, bid, trump, ns, _ = hand
        page.locator(f"#hand_bidder_{declarer}").check()
        page.get_by_label("Bid", exact=True).fill(str(bid))
        page.get_by_role("radio", name=trump, exact=True).check()
        page.get_by_label("North-South counters").fill(str(ns))
        page.get_by_role("button", name=f"Record hand {number}").click()
        expect(status).to_contain_text(f"waiting to send ({number})")
    assert not Hand.objects.exists()

    page.reload()  # still offline: the service worker serves the table's page
    expect(status).to_contain_text("Offline · waiting to send (2)")

    page.context.set_offline(False)
    expect(page.locator("#hand-2")).to_be_visible()
    expect(status).not_to_contain_text("waiting")
    hands = Hand.objects.order_by("number").values_list("number", "bidder", "bid", "entered_side")
    assert list(hands) == [(1, "north", 80, "north_south"), (2, "east", 90, "north_south")]
    assert all(h.entered_via is not None for h in Hand.objects.all())
