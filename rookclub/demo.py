"""The demo club that `make run` loads, idempotent. Its nights are played through the
same services a scorer's phone uses, with a seeded random generator."""

import datetime
import functools
import random

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone

from play.models import Night
from rookclub.clubs.models import Club, Membership, Player
from rookclub.core.errors import DomainError
from scoring.engine import SEATS

DEMO_CLUB = "Maple Street Rook Club"
DEMO_PLAYERS = [
    "Ada Brooks",
    "Ben Carter",
    "Cora Dale",
    "Dan Ellis",
    "Eva Ford",
    "Finn Gray",
    "Gail Hart",
    "Hank Irwin",
    "Ivy Jones",
    "Jack Keller",
    "Kate Lowe",
    "Leo Moss",
]
DEMO_PASSWORD = "rookclub-demo"
#: Four Thursday nights: three random draws, then an individual progressive night.
NIGHT_METHODS = ["random", "random", "random", "progressive"]

SIDE = {"north": "north_south", "south": "north_south", "east": "east_west", "west": "east_west"}


@functools.cache
def _demo_password_hash() -> str:
    return make_password(DEMO_PASSWORD)  # hashed once: thirteen hashes take seconds


def _user(username: str, first_name: str, **extra: object) -> object:
    user, created = get_user_model().objects.get_or_create(
        username=username, defaults={"first_name": first_name, **extra}
    )
    if created:
        user.password = _demo_password_hash()
        user.save(update_fields=["password"])
    return user


@transaction.atomic
def load_demo() -> Club:
    club, _ = Club.objects.get_or_create(slug="maple-street", defaults={"name": DEMO_CLUB})
    director = _user("director", "Dana", is_staff=True)
    Membership.objects.get_or_create(
        user=director, club=club, defaults={"role": Membership.Role.DIRECTOR}
    )
    for name in DEMO_PLAYERS:
        player, _ = Player.objects.get_or_create(club=club, name=name)
        if player.user_id is None:
            # Players log in to confirm the hands the other side recorded.
            player.user = _user(name.split()[0].lower(), name.split()[0])
            player.save(update_fields=["user"])
    if not Night.objects.filter(club=club).exists():
        _play_nights(club, director)
    # Imported here: tournaments builds on the club domain, not the other way round.
    from tournaments.demo import load_demo_events

    load_demo_events(club, director)
    return club


def _thursdays(count: int) -> list[datetime.date]:
    today = timezone.localdate()
    last = today - datetime.timedelta(days=(today.weekday() - 3) % 7 or 7)
    return [last - datetime.timedelta(weeks=w) for w in reversed(range(count))]


def _play_nights(club: Club, director: object) -> None:
    from play import checkins, night_closing, night_opening, night_rounds, night_seating
    from play.models import Game

    rng = random.Random(2025)
    players = list(Player.objects.filter(club=club, name__in=DEMO_PLAYERS))
    for week, (date, method) in enumerate(zip(_thursdays(4), NIGHT_METHODS, strict=True)):
        night = night_opening.night_open(
            club=club, date=date, opened_by=director, seating_method=method
        )
        checkins.night_check_in(night=night, players=players, by=director)
        night_seating.night_seat(night=night, by=director, seed=week + 1)
        rounds = 3 if method == "progressive" else 1
        for number in range(rounds):
            if number:
                night_rounds.night_next_round(night=night, by=director)
            for game in Game.objects.filter(
                table_seating__round__night=night, status="in_progress"
            ):
                _play(game, rng, director)
        if week == 0:
            _correct_one_hand(Game.objects.filter(night=night).first(), director)
        night_closing.night_close(night=night, by=director)


def _hand(rng: random.Random, dealer: str) -> dict:
    """A plausible score-sheet line: modest bids, the bidder's side near its bid."""
    if rng.random() < 0.04:
        return {"redeal": {"reason": rng.choice(["all_passed", "no_card_above_nine"])}}
    bidder = rng.choice(SEATS)
    bid = rng.choice([70, 75, 80, 80, 85, 85, 90, 90, 95, 100, 105, 110, 120])
    took = max(0, min(120, 5 * round(rng.gauss(bid + 8, 18) / 5)))
    side = SIDE[bidder]
    other = "east_west" if side == "north_south" else "north_south"
    hand = {
        "bidder": bidder,
        "bid": bid,
        "trump": rng.choice(["black", "red", "yellow", "green"]),
        "counters": {side: took, other: 120 - took},
    }
    if rng.random() < 0.03:
        hand["penalties"] = [{"seat": rng.choice(SEATS), "kind": "table_talk"}]
    return hand


def _play(game: object, rng: random.Random, director: object) -> None:
    """The director keys in each hand; an opponent of the bidder usually confirms it."""
    from play.confirmations import hand_confirm
    from play.hands import hand_record

    users = {p.pk: p.user for p in Player.objects.filter(game_seats__game=game)}
    for _ in range(60):
        game.refresh_from_db()
        if game.is_finished:
            return
        hand = hand_record(game=game, data=_hand(rng, game.next_dealer), entered_by=director)
        if hand.bidder and rng.random() < 0.7:
            opponent = "east" if SIDE[hand.bidder] == "north_south" else "north"
            user = users.get(hand.seats[opponent])
            if user is not None:
                hand_confirm(hand=hand, by=user)


def _correct_one_hand(game: object, director: object) -> None:
    """The first night's first table: east-west miscounted a hand by ten."""
    from play.corrections import hand_correct

    for hand in game.hands.filter(void=False).order_by("number"):
        counters = dict(hand.record["counters"])
        if counters["east_west"] < 10:
            continue
        counters["east_west"] -= 10
        counters["north_south"] += 10
        try:
            hand_correct(
                hand=hand,
                data={**hand.record, "counters": counters},
                by=director,
                reason="East-West counted the nest twice; the sheet was 10 over.",
            )
            return
        except DomainError:
            continue
