"""Seeds the multi-node test's own database (run as ``python -m tests.multinode.seed``
with its DATABASE_URL): a club, its director, a seated club night of four tables.
Prints what the test needs as one line of JSON."""

import datetime
import json
import os
import sys

import django


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    from play import checkins, night_opening, night_seating
    from play.models import Game
    from rookclub.clubs.models import Club, Membership, Player

    password = sys.argv[1]
    club = Club.objects.create(name="Multinode Rook Club", slug="multinode")
    director = get_user_model().objects.create_user("mn-director", password=password)
    Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i:02d} Rookwood") for i in range(16)
    )
    night = night_opening.night_open(club=club, date=datetime.date(2025, 3, 6), opened_by=director)
    checkins.night_check_in(night=night, players=players, by=director)
    first_round = night_seating.night_seat(night=night, by=director, seed=4)
    games = list(
        Game.objects.filter(night=night)
        .order_by("table_seating__table")
        .values_list("pk", flat=True)
    )
    print(
        json.dumps(
            {
                "username": director.username,
                "round": first_round.pk,
                "tables": first_round.tables.count(),
                "games": games,
            }
        )
    )


if __name__ == "__main__":
    main()
