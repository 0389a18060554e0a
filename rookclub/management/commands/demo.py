from django.core.management.base import BaseCommand

from rookclub.demo import DEMO_PASSWORD, load_demo


class Command(BaseCommand):
    help = "Load the demo club (idempotent): players, a director account and club nights."

    def handle(self, *args, **options) -> None:
        club = load_demo()
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo loaded: {club.name} with {club.players.count()} players. "
                f"Log in as 'director' / '{DEMO_PASSWORD}'."
            )
        )
