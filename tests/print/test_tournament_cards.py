"""Tournament table cards: one per match at a table (byes have none), each with the players
by seat and a QR code whose URL, printed under it, opens that table's page."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from play.models import TableLink
from rookclub.printing.documents import qr_data_uri
from tests.factories import UserFactory
from tests.print.conftest import page_count, page_texts, pdf_text
from tests.print.test_tournament_pdfs import has, playable, run_job, side_names
from tests.tournaments.conftest import make_event
from tournaments import print_docs as builders
from tournaments.models import Match
from tournaments.prints import tournament_table_url
from tournaments.rounds import round_override

pytestmark = pytest.mark.django_db


def table_url(match, host="http://testserver") -> str:
    """The table's link, as its card prints it (the card made the link)."""
    link = TableLink.objects.get(
        kind="tournament", scope=match.round_id, number=match.table, replaced_at=None
    )
    return host + reverse("table-link", args=[link.key])


def test_all_table_cards_of_a_round_one_per_table_and_none_for_the_bye(
    api, client, club, director, eager_on_commit
):
    tournament = make_event(club, director, "round_robin", 5)
    rnd = tournament.round_set.get(number=1)
    matches = playable(tournament)
    assert len(matches) == 2
    assert Match.objects.filter(round=rnd, bye=True).count() == 1

    job, pdf = run_job(api, "tournament-round-cards", {"round": rnd.pk}, eager_on_commit)

    assert job["kind"] == "tournament-round-cards"
    pages = page_texts(pdf)
    assert len(pages) == len(matches) == page_count(pdf)
    layout = pdf_text(pdf).split("\f")
    bye = Match.objects.get(round=rnd, bye=True).entry_a.name
    for match, text, laid_out in zip(matches, pages, layout, strict=False):
        assert tournament.name in text and "Round 1" in text
        assert re.search(rf"^\s*{match.table}\s+NORTH\b", laid_out, re.M), "the big number"
        for name in side_names(match):
            assert has(text, name), (name, text[:300])
        assert has(text, match.entry_a.name) and has(text, match.entry_b.name), "the matchup"
        assert not has(text, bye), "the entry with the bye has no card"
        # The URL printed under the QR code is the table's page, absolute.
        assert table_url(match) in laid_out.replace("\n", "").replace(" ", "")


def test_the_printed_url_opens_the_tables_page(as_scorer, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = playable(tournament)[1]

    response = as_scorer.get(reverse("print-tournament-table-card", args=[match.round_id, 2]))

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert page_count(response.content) == 1
    text = pdf_text(response.content)
    url = table_url(match)
    assert url in text.replace("\n", "").replace(" ", "")
    page = as_scorer.get(url.removeprefix("http://testserver"))
    assert page.status_code == 200
    assert f"Table {match.table}" in page.content.decode()
    assert match.entry_a.players.first().name in page.content.decode()


def test_the_qr_code_encodes_the_printed_url(club, director):
    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)

    cards = builders.tournament_table_cards(
        rnd, url_for=tournament_table_url("https://rook.example.org/", rnd)
    )

    assert [c.url for c in cards] == [
        table_url(m, host="https://rook.example.org") for m in playable(tournament)
    ]
    assert all(c.qr_svg == qr_data_uri(c.url) for c in cards)
    north = cards[0].header.player_at("north")
    south = cards[0].header.player_at("south")
    assert {north, south} == set(side_names(playable(tournament)[0])[:2]), "side A sits N-S"


def test_an_individual_events_cards_seat_all_four_players(api, club, director):
    tournament = make_event(club, director, "individual", 8, rounds=2)
    match = playable(tournament)[0]

    response = api.get(
        f"/api/v1/print/tournament-rounds/{match.round_id}/tables/{match.table}/card/"
    )

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    names = side_names(match)
    assert len(names) == 4 and all(has(text, n) for n in names)


@pytest.mark.parametrize(
    ("path", "status", "words"),
    [
        ("tournament-rounds/{round}/tables/99/card/", 404, "no match at table 99"),
        ("tournament-rounds/999999/tables/1/card/", 404, "no tournament round 999999"),
        ("tournament-rounds/{round}/tables/1/card/?size=A3", 400, "size"),
    ],
)
def test_a_missing_table_or_round_is_404_and_a_bad_size_400(
    api, club, director, path, status, words
):
    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)

    response = api.get("/api/v1/print/" + path.format(round=rnd.pk))

    assert response.status_code == status
    assert words in str(response.json())


@pytest.mark.parametrize(
    ("parameters", "field"),
    [({}, "round"), ({"round": "third"}, "round"), ({"round": "R", "table": "x"}, "table")],
)
def test_a_batch_with_bad_parameters_is_400_with_the_fields_error(
    api, club, director, parameters, field
):
    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)
    if parameters.get("round") == "R":
        parameters = {**parameters, "round": rnd.pk}

    response = api.post(
        "/api/v1/print-jobs/",
        {"kind": "tournament-round-cards", "parameters": parameters},
        format="json",
    )

    assert response.status_code == 400
    assert field in response.json()


def test_only_members_of_the_club_may_print_its_cards(client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)
    stranger = UserFactory()
    api = APIClient()
    api.force_authenticate(stranger)
    client.force_login(stranger)

    refused = api.get(f"/api/v1/print/tournament-rounds/{rnd.pk}/tables/1/card/")
    batch = api.post(
        "/api/v1/print-jobs/",
        {"kind": "tournament-round-cards", "parameters": {"round": rnd.pk}},
        format="json",
    )
    page = client.get(reverse("print-tournament-table-card", args=[rnd.pk, 1]))

    # another club's round is missing, as an unknown id, and no link is made.
    assert refused.status_code == 404 and batch.status_code == 404
    assert refused.json() == {"detail": [f"There is no tournament round {rnd.pk}."]}
    assert page.status_code == 404 and club.name.encode() not in page.content
    assert not TableLink.objects.exists()


def test_cards_are_cached_until_the_pairings_change(api, club, director, eager_on_commit):
    tournament = make_event(club, director, "swiss", 4, rounds=3)
    rnd = tournament.round_set.get(number=1)
    first, _ = run_job(api, "tournament-round-cards", {"round": rnd.pk}, eager_on_commit)
    again, _ = run_job(api, "tournament-round-cards", {"round": rnd.pk}, eager_on_commit)
    a, b = [m.entry_a_id for m in playable(tournament)]
    round_override(round=rnd, by=director, action="swap", a=a, b=b)
    swapped, pdf = run_job(api, "tournament-round-cards", {"round": rnd.pk}, eager_on_commit)

    assert again["id"] == first["id"], "the same data: the same PDF"
    assert swapped["id"] != first["id"], "new seating: a new PDF"
    for match, text in zip(playable(tournament), page_texts(pdf), strict=True):
        assert all(has(text, n) for n in side_names(match))


def test_a_bracket_round_still_waiting_for_its_entries_has_no_cards_yet(api, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    final = tournament.round_set.get(number=2)

    whole_round = api.get(f"/api/v1/print/tournament-rounds/{final.pk}/tables/1/card/")
    batch = api.post(
        "/api/v1/print-jobs/",
        {"kind": "tournament-round-cards", "parameters": {"round": final.pk}},
        format="json",
    )

    assert whole_round.status_code == 404 and "no match at table 1" in str(whole_round.json())
    assert batch.status_code == 404 and "no match to play" in str(batch.json())
