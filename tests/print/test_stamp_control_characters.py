"""A name stored with a control character (before names refused them) still prints:
the SVG stamps drop what XML cannot hold instead of failing the whole batch."""

from rookclub.clubs.models import Player
from rookclub.core.limits import xml_safe
from rookclub.printing import render, stamps
from rookclub.printing.documents import BlankSheet, SeatedPlayer, SheetHeader, blank_rows
from tests.print.conftest import pdf_text


def test_xml_safe_drops_only_what_xml_cannot_hold():
    assert xml_safe("Ada\x01 Brooks\x0b\ud800") == "Ada Brooks"
    assert xml_safe("tab\tand\nline") == "tab\tand\nline"


def test_a_blank_sheet_prints_names_holding_control_characters():
    seats = ("north", "east", "south", "west")
    names = ["Ada\x01Brooks", "Bea\x1bCole", "Cal\x00Dunn", "Dot\x0cEvans"]
    header = SheetHeader(
        event="Night \x07 of control",
        round_label="Round 1",
        table=3,
        players=tuple(SeatedPlayer(s, n) for s, n in zip(seats, names, strict=True)),
    )
    sheet = BlankSheet(header=header, rows=blank_rows(hands=12, exchange_interval=4))

    drawings = stamps.stamps_for([sheet])
    pdf = render.render_batch_pdf("print/score_sheets.html", [sheet], stamps=drawings)[0]

    assert "AdaBrooks" in pdf_text(pdf).replace(" ", "")


def test_a_rounds_blank_sheets_print_when_a_stored_name_has_a_control_character(
    api, night, first_round
):
    # Stored directly, as names were before the API and the forms refused them.
    Player.objects.filter(club=night.club, name="Ada Rookwood").update(name="Ada\x01Rookwood")

    for table in (1, 2, 3, 4):  # Ada sits at one of them
        response = api.get(f"/api/v1/print/rounds/{first_round.pk}/tables/{table}/sheet/")

        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
