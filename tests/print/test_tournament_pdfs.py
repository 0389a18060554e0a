"""Tournament PDFs: a round's score sheets (one per match), standings and bracket charts,
read back with pypdf; and the links to them on the tournament pages."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from play.models import TableLink
from rookclub.printing.models import PrintJob
from tests.factories import UserFactory
from tests.print.conftest import page_count, page_texts, pdf_text
from tests.print.test_page_links import assert_pdfs, print_forms, print_links
from tests.tournaments.conftest import make_event, play_round
from tournaments.models import Match
from tournaments.print_docs import tournament_round_sheets

pytestmark = pytest.mark.django_db


def has(text: str, name: str) -> bool:
    """``name`` as a whole word: "Player 1" is not found in "Player 12"."""
    return re.search(rf"{re.escape(name)}(?!\d)", text) is not None


def side_names(match) -> list[str]:
    names = []
    for entry in (match.entry_a, match.partner_a, match.entry_b, match.partner_b):
        if entry is not None:
            links = entry.memberships.select_related("player").order_by("id")
            names += [link.player.name for link in links]
    return names


def playable(tournament, number=1):
    return list(
        Match.objects.filter(round__tournament=tournament, round__number=number, bye=False)
        .exclude(status__in=["waiting", "not_needed"])
        .order_by("table")
    )


def run_job(api, kind, parameters, on_commit) -> tuple[dict, bytes]:
    with on_commit(execute=True):
        started = api.post(
            "/api/v1/print-jobs/", {"kind": kind, "parameters": parameters}, format="json"
        )
    assert started.status_code == 202, started.json()
    job = PrintJob.objects.get(pk=started.json()["id"])
    assert job.state == PrintJob.State.DONE, job.error
    return started.json(), job.result.open("rb").read()


def test_all_score_sheets_of_a_round_one_page_per_match_with_its_players(
    api, club, director, eager_on_commit
):
    tournament = make_event(club, director, "round_robin", 8)
    rnd = tournament.round_set.get(number=1)
    matches = playable(tournament)
    assert len(matches) == 4

    _, pdf = run_job(api, "tournament-round-sheets", {"round": rnd.pk}, eager_on_commit)

    pages = page_texts(pdf)
    assert len(pages) == len(matches)
    for match, text in zip(matches, pages, strict=True):
        assert tournament.name in text and "Round 1" in text
        assert f"Table {match.table}" in text
        names = side_names(match)
        assert len(names) == 4
        for name in names:
            assert has(text, name), (name, text[:300])
        others = {n for m in matches if m != match for n in side_names(m)}
        assert not any(has(text, n) for n in others), "each sheet shows only its own table"


def test_one_tables_sheet_seats_side_a_north_south(as_scorer, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = playable(tournament)[0]
    url = reverse("print-tournament-table-sheet", args=[match.round_id, match.table])

    response = as_scorer.get(url)

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert page_count(response.content) == 1
    text = pdf_text(response.content)
    a = [p.name for p in match.entry_a.players.all()]
    b = [p.name for p in match.entry_b.players.all()]
    for name in a + b:
        assert has(text, name)
    assert "Dealer order" in text
    missing = as_scorer.get(reverse("print-tournament-table-sheet", args=[match.round_id, 99]))
    assert missing.status_code == 404 and b"no match at table 99" in missing.content


def test_an_individual_events_sheets_name_all_four_players(api, club, director, eager_on_commit):
    tournament = make_event(club, director, "individual", 8, rounds=2)
    rnd = tournament.round_set.get(number=1)
    matches = playable(tournament)

    _, pdf = run_job(api, "tournament-round-sheets", {"round": rnd.pk}, eager_on_commit)

    pages = page_texts(pdf)
    assert len(pages) == len(matches) == 2
    for match, text in zip(matches, pages, strict=True):
        assert len(side_names(match)) == 4
        assert all(has(text, n) for n in side_names(match))


def test_tournament_standings_pdf_ranks_the_entries(api, club, director):
    tournament = make_event(club, director, "swiss", 6, rounds=3)
    play_round(tournament, director)

    response = api.get(f"/api/v1/print/tournaments/{tournament.pk}/standings/")

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    for n in range(1, 7):
        assert has(text, f"Entry {n}")
    assert "Buchholz" in text and "Standings" in text
    assert text.index("Entry 1") < text.index("Entry 2"), "the winners rank first"


def test_a_single_elimination_bracket_chart_is_one_page_with_every_round(api, club, director):
    tournament = make_event(club, director, "single_elimination", 8)
    play_round(tournament, director)

    response = api.get(f"/api/v1/print/tournaments/{tournament.pk}/bracket/")

    assert response.status_code == 200
    assert page_count(response.content) == 1
    text = pdf_text(response.content)
    for heading in ("QUARTER-FINALS", "SEMI-FINALS", "FINAL"):
        assert heading in text.upper()
    for n in range(1, 9):
        assert has(text, f"Entry {n}")
    assert "300" in text, "decided matches show their score"


def test_a_double_elimination_bracket_prints_the_losers_side_on_its_own_page(api, club, director):
    tournament = make_event(club, director, "double_elimination", 8)
    play_round(tournament, director)

    response = api.get(f"/api/v1/print/tournaments/{tournament.pk}/bracket/")

    assert response.status_code == 200
    pages = page_texts(response.content)
    assert len(pages) == 2
    assert "Winners bracket" in pages[0] and "Grand final".upper() in pages[0].upper()
    assert "Losers bracket" in pages[1]


def test_a_round_robin_has_no_bracket_and_strangers_may_not_print(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)

    no_bracket = api.get(f"/api/v1/print/tournaments/{tournament.pk}/bracket/")
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    refused = stranger.get(f"/api/v1/print/tournaments/{tournament.pk}/standings/")
    missing = api.get("/api/v1/print/tournaments/999999/standings/")

    assert no_bracket.status_code == 400 and "have a bracket" in str(no_bracket.json())
    assert no_bracket.json()["code"] == "no_bracket"  # as the bracket API's refusal says
    assert refused.status_code == 404  # as an unknown id
    assert refused.json() == {"detail": [f"There is no tournament {tournament.pk}."]}
    assert missing.status_code == 404


def test_the_tournament_pages_link_to_their_pdfs(as_scorer, club, director, eager_on_commit):
    tournament = make_event(club, director, "single_elimination", 4)
    rnd = tournament.round_set.get(number=1)

    rounds_html = as_scorer.get(reverse("tournament-rounds", args=[tournament.pk])).content.decode()
    standings_html = as_scorer.get(
        reverse("tournament-standings", args=[tournament.pk])
    ).content.decode()
    bracket_html = as_scorer.get(
        reverse("tournament-bracket", args=[tournament.pk])
    ).content.decode()

    sheet_links = re.findall(r'class="print-sheet no-print" href="([^"]+)"', rounds_html)
    assert sheet_links == [
        reverse("print-tournament-table-sheet", args=[rnd.pk, m.table])
        for m in playable(tournament)
    ]
    card_links = re.findall(r'class="print-card no-print" href="([^"]+)"', rounds_html)
    assert card_links == [
        reverse("print-tournament-table-card", args=[rnd.pk, m.table]) for m in playable(tournament)
    ]
    assert print_links(standings_html) == [
        reverse("print-tournament-standings", args=[tournament.pk])
    ]
    assert print_links(bracket_html) == [reverse("print-tournament-bracket", args=[tournament.pk])]
    assert_pdfs(
        as_scorer,
        sheet_links + card_links + print_links(standings_html) + print_links(bracket_html),
    )

    forms = print_forms(rounds_html)
    assert [(f["kind"], f["round"]) for f in forms] == [
        ("tournament-round-sheets", str(rnd.pk)),
        ("tournament-round-cards", str(rnd.pk)),
    ]
    for form in forms:
        with eager_on_commit(execute=True):
            started = as_scorer.post(reverse("print-job-start"), {**form, "size": "letter"})
        job = PrintJob.objects.get(pk=int(started.url.rstrip("/").rsplit("/", 1)[-1]))
        assert job.state == PrintJob.State.DONE, job.error
        download = as_scorer.get(reverse("print-job-download", args=[job.pk]))
        pdf = b"".join(download.streaming_content)
        assert page_count(pdf) == len(playable(tournament)), form["kind"]
        if form["kind"] == "tournament-round-cards":  # the form passes the site's address
            link = TableLink.objects.get(kind="tournament", scope=rnd.pk, number=1)
            url = "http://testserver" + reverse("table-link", args=[link.key])
            assert url in pdf_text(pdf)


def test_the_dashboard_links_each_rounds_sheets_and_cards_the_standings_and_the_bracket(
    as_scorer, club, director, eager_on_commit
):
    tournament = make_event(club, director, "single_elimination", 8)
    play_round(tournament, director)  # the quarter-finals are decided, the semi-finals ready
    first, second, _final = tournament.round_set.order_by("number")

    html = as_scorer.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()

    assert print_links(html) == [
        reverse("print-tournament-standings", args=[tournament.pk]),
        reverse("print-tournament-bracket", args=[tournament.pk]),
    ]
    assert_pdfs(as_scorer, print_links(html))
    forms = [(f["kind"], f["round"]) for f in print_forms(html)]
    assert forms == [
        ("tournament-round-sheets", str(first.pk)),
        ("tournament-round-cards", str(first.pk)),
        ("tournament-round-sheets", str(second.pk)),
        ("tournament-round-cards", str(second.pk)),
    ], "the final waits for its entries: nothing to print yet"
    assert "all table cards for round 2" in html and "all score sheets for round 2" in html
    tables = re.findall(r'<a href="(/tournaments/rounds/\d+/tables/\d+/)"', html)
    assert tables == [
        reverse("tournament-table", args=[m.round_id, m.table])
        for m in tournament.matches.exclude(status="not_needed")
        .exclude(table=None)
        .order_by("round__number", "table")
    ]
    fields = next(f for f in print_forms(html) if f["kind"] == "tournament-round-cards")
    with eager_on_commit(execute=True):
        as_scorer.post(reverse("print-job-start"), {**fields, "size": "a4"})
    job = PrintJob.objects.order_by("-pk").first()
    assert job.state == PrintJob.State.DONE, job.error
    assert job.pages == 4


def test_the_dashboard_of_an_event_not_started_links_only_its_standings(as_scorer, club, director):
    tournament = make_event(club, director, "double_elimination", 4, start=False)

    html = as_scorer.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()

    assert print_links(html) == [reverse("print-tournament-standings", args=[tournament.pk])]
    assert print_forms(html) == []


def test_visitors_see_no_tournament_print_links(client, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    pages = ("tournament-rounds", "tournament-standings", "tournament-bracket", "tournament-detail")
    for name in pages:
        html = client.get(reverse(name, args=[tournament.pk])).content.decode()
        assert 'class="print-links' not in html and 'class="print-sheet' not in html
        assert 'class="print-card' not in html


def test_a_rounds_score_sheets_print_the_events_renege_house_rule(club, director):
    options = {"ruleset_options": {"renege_points": 100}}
    tournament = make_event(club, director, "round_robin", 4, options=options)

    sheets = tournament_round_sheets(tournament.round_set.get(number=1))

    words = "renege found later: reneging side \N{MINUS SIGN}100, others +100"
    assert sheets and all(sheet.header.house_rules == words for sheet in sheets)
