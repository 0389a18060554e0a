"""Card by card on a phone: with only the table link, at 390x844, a whole
Tournament Rook hand is entered, its auction call by call and its play trick by trick
by tapping cards; a card the player
does not hold is refused, a renege is shown the moment it is played, and the hand is
stored through the ``card_hand`` contract (the dispute page replays it). At each turn
of the play the grid holds only the cards of the player to play, whole on the screen."""

import datetime
import json

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from play import card_entry, checkins, night_opening, night_seating
from play.models import Game, Hand
from play.table_links import links_for
from scoring.engine import PRESETS, card_code, check_card_hand, simulate_hand, trick_rules
from scoring.engine.cards import parse_card
from tests.browser.helpers import screenshot
from tests.factories import ClubFactory, director_of, players_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
TOURNAMENT = PRESETS["tournament"]


@pytest.fixture
def table_key():
    cache.clear()
    club = ClubFactory(name="Maple Street", slug="maple-street")
    director = director_of(club, username="dana")
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players_of(club, 4), by=director)
    night_seating.night_seat(night=night, by=director, seed=1)
    return links_for(club=club, kind="night", night=night, numbers=[1])[1].key


def reneging_deal(dealer):
    """A simulated deal and its play with the second player of trick 1 reneging."""
    for seed in range(200):
        hand = simulate_hand(TOURNAMENT, seed, dealer=dealer)
        if not hand.tricks:
            continue
        record = check_card_hand(TOURNAMENT, hand, dealer=dealer).record
        trump, (lead, (second, _)) = record.trump, hand.tricks[0][:2]
        led = lead[1].colour
        holding = [c for c in hand.hands[second] if c not in hand.discards]
        if led == trump or lead[1].colour == "bird":
            continue
        off = [c for c in holding if c.colour not in (led, trump, "bird")]
        if off and any(c.colour == led for c in holding):
            return hand, record, second, off[0]
    raise AssertionError("no deal to renege in")


def legal_card(draft):
    """A card the player to play holds and may play (the test plays no second renege)."""
    seat = card_entry.to_play(TOURNAMENT, draft)
    cards = [parse_card(c) for c in card_entry.held(draft, seat)]
    trick = draft["tricks"][-1] if draft["tricks"] else []
    rules = trick_rules(TOURNAMENT, draft["trump"])
    led = rules.suit[parse_card(trick[0][1])] if 0 < len(trick) < 4 else None
    return card_code(rules.legal_plays(cards, led)[0])


def tap(page, code):
    page.locator(f'button[data-card="{code}"]').click()


def test_a_whole_hand_is_entered_card_by_card_on_a_phone_with_one_renege(page, table_key):
    assert page.viewport_size == {"width": 390, "height": 844}
    game = Game.objects.get()
    hand, record, reneger, wrong = reneging_deal(game.next_dealer)
    page.goto(f"/t/{table_key}/")
    page.locator("#cards-link").click()
    expect(page.get_by_role("heading", name="Hand 1, card by card")).to_be_visible()

    for seat in card_entry.deal_order(TOURNAMENT, game.next_dealer):
        for card in hand.hands[seat]:
            tap(page, card_code(card))
    # The auction, call by call, then trump: the declarer and bid are the auction's.
    for bid in hand.calls:
        expect(page.locator("#card-prompt")).to_contain_text("to bid or pass")
        if bid is None:
            page.get_by_role("button", name="Pass", exact=True).click()
        else:
            page.get_by_label("Bid", exact=True).fill(str(bid))
            page.get_by_role("button", name="Bid", exact=True).click()
    expect(page.locator("#card-declarer")).to_contain_text(f"{record.bidder.capitalize()} (Player")
    expect(page.locator("#card-declarer")).to_contain_text(f"declares at {record.bid}.")
    page.get_by_label("Trump").select_option(record.trump)
    page.get_by_role("button", name="Next: the discards").click()
    for card in hand.discards:
        tap(page, card_code(card))

    # Trick 1: the grid is the leader's hand, whole on the screen, without the discards.
    leader, led = hand.tricks[0][0]
    expect(page.locator("#card-prompt")).to_contain_text(f"Trick 1: {leader.capitalize()} to play")
    offered = page.locator(".card-grid button[data-card]")
    expect(offered).to_have_count(TOURNAMENT.cards_per_hand)
    shown = {offered.nth(i).get_attribute("data-card") for i in range(offered.count())}
    assert shown == {card_code(c) for c in hand.hands[leader] if c not in hand.discards}
    if leader == record.bidder:
        assert shown == {card_code(c) for c in (*hand.hands[leader], *hand.nest)} - {
            card_code(c) for c in hand.discards
        }
    last = offered.last.bounding_box()
    assert last["y"] + last["height"] <= 844, "the hand needs scrolling at 390x844"
    screenshot(page, "card-by-card-trick-1")
    tap(page, card_code(led))
    # The next player's grid is their hand: a card of the leader's is not offered.
    stranger = next(c for c in hand.hands[leader] if c != led and c not in hand.discards)
    expect(page.locator(f'button[data-card="{card_code(stranger)}"]')).to_have_count(0)
    tap(page, card_code(wrong))
    colour, rank = card_code(wrong).split("-")
    expect(page.locator("#renege-now")).to_contain_text(
        f"Renege: {reneger.capitalize()} played the {colour} {rank} in trick 1"
        f" and could have followed {led.colour}."
    )
    screenshot(page, "card-by-card-renege")
    # The rest of the hand: each player follows suit with a card they still hold.
    while page.locator("#record-cards").count() == 0:
        tap(page, legal_card(json.loads(page.locator("input[name=draft]").first.input_value())))
    expect(page.locator(".renege-line")).to_have_count(1)
    page.locator("#record-cards").click()

    expect(page.locator("#hand-1")).to_be_visible()
    stored = Hand.objects.get(game=game)
    assert stored.card_hand is not None and stored.card_hand["bidder"] == record.bidder
    renege = stored.irregularities.get(kind="renege")  # the one renege
    assert stored.record["renege"]["seat"] == reneger
    assert renege.seat == reneger and renege.details["trick"] == 1
    assert renege.details["card"] == card_code(wrong)
