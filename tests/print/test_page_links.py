"""Every page that has something to print links to it, and each link gives a PDF."""

import re

import pytest
from django.urls import reverse

from rookclub.printing.models import PrintJob
from tests.print.conftest import page_count, pdf_text

pytestmark = pytest.mark.django_db


def print_links(html: str) -> list[str]:
    """The /print/ links inside the page's print-links blocks."""
    blocks = re.findall(r'<div class="print-links no-print">(.*?)</div>', html, re.S)
    return [href.replace("&amp;", "&") for b in blocks for href in re.findall(r'href="([^"]+)"', b)]


def print_forms(html: str) -> list[dict[str, str]]:
    """The batch forms of the print-links blocks: their hidden fields."""
    forms = re.findall(r'<form method="post" action="/print/jobs/"[^>]*>(.*?)</form>', html, re.S)
    return [dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form)) for form in forms]


def assert_pdfs(client, links: list[str]) -> list[bytes]:
    pdfs = []
    for link in links:
        response = client.get(link)
        assert response.status_code == 200, link
        assert response["Content-Type"] == "application/pdf", link
        pdfs.append(response.content)
    return pdfs


def run_batch(client, fields: dict[str, str], on_commit) -> bytes:
    with on_commit(execute=True):
        response = client.post(reverse("print-job-start"), {**fields, "size": "a4"})
    assert response.status_code == 302
    job = PrintJob.objects.order_by("-pk").first()
    assert job.state == PrintJob.State.DONE, job.error
    download = client.get(reverse("print-job-download", args=[job.pk]))
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    return b"".join(download.streaming_content)


def test_the_score_entry_page_links_to_its_completed_sheet(as_scorer, played):
    html = as_scorer.get(reverse("game-detail", args=[played.pk])).content.decode()

    links = print_links(html)
    assert links == [reverse("print-game-sheet", args=[played.pk])]
    assert_pdfs(as_scorer, links)


def test_the_night_page_links_each_tables_sheet_and_card_and_the_rounds_batches(
    as_scorer, night, first_round, played, eager_on_commit
):
    html = as_scorer.get(reverse("night-detail", args=[night.pk])).content.decode()

    links = print_links(html)
    for table in (1, 2, 3, 4):
        assert reverse("print-table-sheet", args=[first_round.pk, table]) in links
        assert reverse("print-table-card", args=[first_round.pk, table]) in links
    assert reverse("print-session-standings", args=[night.pk]) in links
    assert len(links) == 9
    assert_pdfs(as_scorer, links)

    forms = print_forms(html)
    kinds = sorted(f["kind"] for f in forms)
    assert kinds == ["round-cards", "round-sheets", "session-games"]
    for fields in forms:
        pdf = run_batch(as_scorer, fields, eager_on_commit)
        expected = 4  # four tables: four sheets, four cards, four games
        assert page_count(pdf) == expected, fields


def test_the_standings_pages_link_to_their_pdfs(as_scorer, night, played, club):
    night_html = as_scorer.get(reverse("night-standings", args=[night.pk])).content.decode()
    season_html = as_scorer.get(
        reverse("season-standings", args=[club.slug]) + "?year=2025"
    ).content.decode()

    assert print_links(night_html) == [reverse("print-session-standings", args=[night.pk])]
    assert print_links(season_html) == [
        reverse("print-season-standings", args=[club.slug]) + "?year=2025"
    ]
    for pdf in assert_pdfs(as_scorer, print_links(night_html) + print_links(season_html)):
        assert "Ada Rookwood" in pdf_text(pdf)


def test_visitors_see_no_print_links(client, night, played):
    for url in (
        reverse("night-detail", args=[night.pk]),
        reverse("game-detail", args=[played.pk]),
        reverse("night-standings", args=[night.pk]),
    ):
        assert "print-links" not in client.get(url).content.decode()
