"""Migrate the floor's database, make ``clients`` tokens and ``parents`` parents, count
the statements of one POST; print them as JSON. Run with bench/ on the path:
``python -m floor_app.seed CLIENTS PARENTS`` (DATABASE_URL, SECRET_KEY set)."""

import json
import os
import sys

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "floor_app.settings")


def main() -> None:
    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from floor_app.models import Parent

    clients, parents = int(sys.argv[1]), int(sys.argv[2])
    call_command("migrate", verbosity=0)
    tokens = []
    for index in range(clients):
        user = User.objects.create_user(f"floor-{index}")
        tokens.append(Token.objects.create(user=user).key)
    made = Parent.objects.bulk_create(Parent(name=f"p{i}") for i in range(parents + 1))
    client = APIClient(SERVER_NAME="127.0.0.1")
    client.credentials(HTTP_AUTHORIZATION=f"Token {tokens[0]}")
    body = {
        "number": 1,
        "bidder": "north",
        "bid": 80,
        "trump": "red",
        "counters": {"north_south": 85, "east_west": 35},
    }
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(f"/parents/{made[-1].pk}/children/", body, format="json")
    assert answer.status_code == 201, answer.content
    print(
        json.dumps(
            {
                "tokens": tokens,
                "parents": [p.pk for p in made[:-1]],
                "statements": len(queries.captured_queries),
            }
        )
    )


if __name__ == "__main__":
    main()
