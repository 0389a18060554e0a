"""An event's entry fee: what each entry (or each player signing up alone) pays to
play, set when the event is created, shown where entries are registered and on the
dashboard, read by the API. Shown only: no payment is taken."""

from decimal import Decimal

import pytest
from django.urls import reverse

from rookclub.core.errors import Invalid
from tests.factories import PASSWORD
from tournaments import services
from tournaments.models import AuditEntry, Tournament


def create(api, club, **fields):
    body = {"name": "County Rook", "club": club.pk, "format": "round_robin", **fields}
    return api.post("/api/v1/tournaments/", body, format="json")


def test_an_event_asks_an_entry_fee_and_the_api_reads_it_back(api, club):
    made = create(api, club, entry_fee="12.5")

    assert made.status_code == 201, made.json()
    assert made.json()["entry_fee"] == "12.50"
    assert api.get(f"/api/v1/tournaments/{made.json()['id']}/").json()["entry_fee"] == "12.50"
    tournament = Tournament.objects.get(pk=made.json()["id"])
    assert tournament.entry_fee == Decimal("12.50")
    created = AuditEntry.objects.get(tournament=tournament, what="tournament_created")
    assert created.after["entry_fee"] == "12.50"


@pytest.mark.parametrize("body", [{}, {"entry_fee": None}])
def test_an_event_without_a_fee_says_null(api, club, body):
    made = create(api, club, **body)

    assert made.status_code == 201, made.json()
    assert made.json()["entry_fee"] is None


def test_a_free_event_may_say_its_fee_is_nothing(api, club):
    made = create(api, club, entry_fee=0)

    assert made.status_code == 201 and made.json()["entry_fee"] == "0.00"


@pytest.mark.parametrize("fee", ["-1", "10000", "12.345", "ten", "NaN", [10], {"a": 1}])
def test_a_fee_that_is_not_an_amount_is_refused_and_nothing_is_stored(api, club, fee):
    response = create(api, club, entry_fee=fee)

    assert response.status_code == 400, response.json()
    assert response.json()["entry_fee"]
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("fee", [Decimal("-0.01"), Decimal("10000"), "1.005", 2.5, True, "x"])
def test_the_service_refuses_a_fee_in_words_with_its_field(club, director, fee):
    with pytest.raises(Invalid) as refused:
        services.tournament_create(
            club=club, name="County Rook", format="swiss", entry_fee=fee, by=director
        )

    assert list(refused.value.errors) == ["entry_fee"]
    assert not Tournament.objects.exists()


def test_the_director_sets_the_fee_on_the_create_form_and_sees_it_when_registering(
    client, club, director
):
    client.login(username=director.username, password=PASSWORD)
    data = {"name": "County Rook", "club": club.pk, "format": "swiss", "ruleset": "tournament"}

    response = client.post(
        reverse("tournament-create"), {**data, "games_per_match": "1", "entry_fee": "10"}
    )

    tournament = Tournament.objects.get()
    assert response.status_code == 302 and tournament.entry_fee == Decimal("10.00")
    page = client.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()
    assert 'id="entry-fee">entry fee 10.00 an entry</span>' in page
    assert "Each entry pays the entry fee of <strong>10.00</strong> when registering." in page


def test_where_partners_are_drawn_each_player_pays_the_fee(client, club, director):
    tournament = services.tournament_create(
        club=club,
        name="County Rook",
        format="round_robin",
        options={"partners": "drawn"},
        entry_fee="5",
        by=director,
    )
    client.login(username=director.username, password=PASSWORD)

    page = client.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()

    assert "entry fee 5.00 a player" in page
    assert "Each player pays the entry fee of <strong>5.00</strong>" in page


def test_an_event_without_a_fee_says_nothing_of_one(client, club, director):
    tournament = services.tournament_create(
        club=club, name="County Rook", format="swiss", by=director
    )
    client.login(username=director.username, password=PASSWORD)

    page = client.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()

    assert "entry fee" not in page.lower()


@pytest.mark.parametrize(
    ("fee", "message"),
    [
        ("-2", "An entry fee cannot be below 0."),
        ("12.345", "Type an amount with at most two decimals."),
        ("ten", "Type an amount such as 10 or 12.50, or leave it blank."),
        ("123456", "Type an amount of at most 9999.99."),
    ],
)
def test_a_refused_fee_on_the_form_is_a_sentence_next_to_it(client, club, director, fee, message):
    client.login(username=director.username, password=PASSWORD)
    data = {"name": "County Rook", "club": club.pk, "format": "swiss", "ruleset": "tournament"}

    response = client.post(
        reverse("tournament-create"), {**data, "games_per_match": "1", "entry_fee": fee}
    )

    assert response.status_code == 400
    assert response.context["create_form"].errors["entry_fee"] == [message]
    assert not Tournament.objects.exists()
