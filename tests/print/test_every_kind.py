"""Every kind of print renders and its PDF names what it must (CI prints each kind once,
through the one printing path there is)."""

import pytest

from rookclub.printing.kinds import KINDS
from rookclub.printing.services import document_pdf
from tests.print.conftest import pdf_text
from tests.print.test_tournament_pdfs import has, playable, side_names
from tests.tournaments.conftest import make_event, play_round

# Every kind of print, with what its PDF must name: parameters and names from the data.
BASE_URL = "http://testserver/"


def _club_night(request):
    night = request.getfixturevalue("night")
    played = request.getfixturevalue("played")
    first_round = night.rounds.get(number=1)
    everyone = [p.name for t in first_round.tables.all() for p in t.seats().values()]
    at_table = [s.player.name for s in played.seats.all()]
    return night, played, first_round, everyone, at_table


def _tournament(request, format):
    club, director = request.getfixturevalue("club"), request.getfixturevalue("director")
    tournament = make_event(club, director, format, 4)
    return tournament, tournament.round_set.get(number=1)


def case(kind, request):
    """(parameters, names) for ``kind``: what to print and what the PDF must show."""
    if kind in (
        "round-sheets",
        "round-cards",
        "session-games",
        "game-sheet",
        "session-standings",
        "season-standings",
    ):
        night, played, first_round, everyone, at_table = _club_night(request)
        return {
            "round-sheets": ({"round": first_round.pk}, everyone),
            "round-cards": ({"round": first_round.pk, "base_url": BASE_URL}, everyone),
            "session-games": ({"session": night.pk}, at_table),
            "game-sheet": ({"game": played.pk}, at_table),
            "session-standings": ({"session": night.pk}, at_table),
            "season-standings": ({"club": night.club.slug, "year": 2025}, at_table),
        }[kind]
    if kind in ("tournament-round-sheets", "tournament-round-cards"):
        tournament, rnd = _tournament(request, "round_robin")
        names = [n for match in playable(tournament) for n in side_names(match)]
        params = {"round": rnd.pk}
        if KINDS[kind].absolute_urls:
            params["base_url"] = BASE_URL
        return params, names
    if kind == "tournament-standings":
        tournament, _ = _tournament(request, "round_robin")
        return {"tournament": tournament.pk}, [f"Entry {n}" for n in range(1, 5)]
    if kind == "tournament-bracket":
        tournament, _ = _tournament(request, "single_elimination")
        play_round(tournament, request.getfixturevalue("director"))
        return {"tournament": tournament.pk}, [f"Entry {n}" for n in range(1, 5)]
    if kind == "door_poster":
        night = request.getfixturevalue("night")
        night.refresh_from_db()
        url = f"{BASE_URL}n/{night.door_key}/"
        return {"session": night.pk, "base_url": BASE_URL}, [
            night.club.name,
            "Scan with your phone",
            url,
        ]
    raise AssertionError(f"no test case for the print kind {kind!r}: add one here")


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_prints_its_names(kind, request):
    params, names = case(kind, request)

    pdf, filename = document_pdf(kind=kind, params=params, by=request.getfixturevalue("director"))

    assert filename.endswith(".pdf") and pdf.startswith(b"%PDF")
    text = pdf_text(pdf)
    assert names and all(has(text, name) for name in names), (kind, text[:400])
