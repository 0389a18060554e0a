"""Single PDFs from the pages and the API, read back from a real club night."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from play.hands import hand_record
from play.models import Hand, TableLink
from tests.factories import UserFactory, redeal_in
from tests.print.conftest import page_count, page_texts, pdf_text

pytestmark = pytest.mark.django_db


def seated_names(game):
    return [s.player.name for s in game.seats.all()]


def test_the_completed_game_sheet_lists_every_hand_bids_totals_and_the_correction(
    as_member, played
):
    response = as_member.get(reverse("print-game-sheet", args=[played.pk]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert f'game-{played.pk}-score-sheet.pdf"' in response["Content-Disposition"]
    text = pdf_text(response.content).replace("−", "-")
    assert page_count(response.content) == 1
    for name in seated_names(played):
        assert name in text
    for bid in ("95", "105", "90"):
        assert bid in text
    last = Hand.objects.filter(game=played).order_by("number").last()
    assert str(last.total_ns) in text and str(last.total_ew) in text
    assert "-105" in text, "the set hand scores minus the bid"
    assert "Corrections" in text and "misheard" in text


def test_a_blank_table_sheet_is_prefilled_with_that_tables_players(as_member, first_round):
    table = first_round.tables.get(table=3)
    response = as_member.get(
        reverse("print-table-sheet", args=[first_round.pk, 3]) + "?size=letter"
    )

    assert response.status_code == 200
    text = pdf_text(response.content)
    for player in table.seats().values():
        assert player.name in text
    assert "Maple Street" in text and "Dealer order" in text
    assert "After hand 4: North and South exchange seats" in text
    assert "After hand 8: East and West exchange seats" in text


def test_a_table_card_points_its_qr_code_at_the_tables_link(as_scorer, first_round):
    response = as_scorer.get(reverse("print-table-card", args=[first_round.pk, 2]))

    assert response.status_code == 200
    link = TableLink.objects.get(night=first_round.night, number=2, replaced_at=None)
    assert f"/t/{link.key}/" in pdf_text(response.content).replace("\n", "")


def test_night_and_season_standings_name_the_players(as_member, night, played, club):
    night_pdf = as_member.get(reverse("print-session-standings", args=[night.pk]))
    season_pdf = as_member.get(reverse("print-season-standings", args=[club.slug]) + "?year=2025")

    for response in (night_pdf, season_pdf):
        assert response.status_code == 200
        text = pdf_text(response.content)
        for name in seated_names(played):
            assert name in text


@pytest.mark.parametrize(
    ("url", "status", "sentence"),
    [
        (lambda r: reverse("print-table-sheet", args=[r.pk, 99]), 404, "has no table 99"),
        (lambda r: reverse("print-game-sheet", args=[987654]), 404, "There is no game"),
        (lambda r: reverse("print-table-sheet", args=[r.pk, 1]) + "?size=A3", 400, "A4 or letter"),
        (lambda r: reverse("print-season-standings", args=["nope"]), 404, "There is no club"),
    ],
)
def test_bad_requests_get_a_sentence_not_a_server_error(
    as_member, first_round, url, status, sentence
):
    response = as_member.get(url(first_round))

    assert response.status_code == status
    assert sentence in response.content.decode()


def test_someone_outside_the_club_may_not_print_its_sheets(client, game):
    client.force_login(UserFactory(username="outsider"))

    response = client.get(reverse("print-game-sheet", args=[game.pk]))
    unknown = client.get(reverse("print-game-sheet", args=[game.pk + 1000]))

    # another club's game is not found, with the sentence of an unknown id,
    # so an outsider cannot tell that it exists or which club holds it.
    assert response.status_code == 404
    assert f"There is no game {game.pk}." in response.content.decode()
    assert game.club.name not in response.content.decode()
    assert unknown.status_code == 404


def test_the_api_returns_pdfs_and_json_errors(scorer, played, first_round):
    api = APIClient()
    api.force_authenticate(scorer)

    sheet = api.get(f"/api/v1/print/games/{played.pk}/sheet/", HTTP_ACCEPT="application/pdf")
    card = api.get(f"/api/v1/print/rounds/{first_round.pk}/tables/1/card/")
    missing = api.get(f"/api/v1/print/rounds/{first_round.pk}/tables/42/sheet/")

    assert sheet.status_code == 200 and sheet["Content-Type"] == "application/pdf"
    assert "95" in pdf_text(sheet.content)
    assert card.status_code == 200 and page_count(card.content) == 1
    assert missing.status_code == 404
    assert "no table 42" in missing.json()["detail"][0]


def test_a_void_hand_on_the_completed_sheet_gives_its_reason_without_rulebook_citations(
    as_member, game, director
):
    hand_record(game=game, data=redeal_in("all_passed"), entered_by=director)

    response = as_member.get(reverse("print-game-sheet", args=[game.pk]))

    text = " ".join(" ".join(page_texts(response.content)).split())  # the note wraps
    assert "void: Redeal: all players passed; no score, the next dealer" in text
    assert "rules.md" not in text


def test_a_plain_member_may_not_print_a_table_card_it_holds_the_tables_key(
    member, first_round, as_member
):
    """a table card's QR code is the table's key; members do not get it."""
    api = APIClient()
    api.force_authenticate(member)

    refused = api.get(f"/api/v1/print/rounds/{first_round.pk}/tables/1/card/")
    page = as_member.get(reverse("print-table-card", args=[first_round.pk, 1]))

    assert refused.status_code == 403
    assert "directors and scorers" in refused.json()["detail"][0]
    assert page.status_code == 403
