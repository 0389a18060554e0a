"""The demo club that `make run` loads. Idempotent: running it twice changes nothing.

Later features extend :func:`load_demo` so the demo always shows what Rookclub does.
"""

from django.contrib.auth import get_user_model
from django.db import transaction

from rookclub.models import Club, Membership, Player

DEMO_CLUB = "Maple Street Rook Club"
DEMO_PLAYERS = [
    "Ada Brooks", "Ben Carter", "Cora Dale", "Dan Ellis", "Eva Ford", "Finn Gray",
    "Gail Hart", "Hank Irwin", "Ivy Jones", "Jack Keller", "Kate Lowe", "Leo Moss",
]  # fmt: skip
DEMO_PASSWORD = "rookclub-demo"


@transaction.atomic
def load_demo() -> Club:
    club, _ = Club.objects.get_or_create(slug="maple-street", defaults={"name": DEMO_CLUB})
    User = get_user_model()
    director, created = User.objects.get_or_create(
        username="director", defaults={"first_name": "Dana", "is_staff": True}
    )
    if created:
        director.set_password(DEMO_PASSWORD)
        director.save()
    Membership.objects.get_or_create(
        user=director, club=club, defaults={"role": Membership.Role.DIRECTOR}
    )
    for name in DEMO_PLAYERS:
        Player.objects.get_or_create(club=club, name=name)
    return club
