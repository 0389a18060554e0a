"""Absolute links in PDFs (table cards' QR codes) start with SITE_URL when it is set; in
development without it, with the request's host; in production without it, nothing is
printed and nothing is queued: the user is told the address is not configured."""

import html

import pytest
from django.test import RequestFactory
from django.urls import reverse

from rookclub.printing.models import PrintJob
from rookclub.printing.services import print_job_run, print_job_start
from rookclub.printing.site import NOT_CONFIGURED, SiteAddressMissing, site_url
from tests.print.conftest import pdf_text

pytestmark = pytest.mark.django_db


def flat(pdf: bytes) -> str:
    """The PDF's text with line breaks and spaces removed, so a wrapped URL reads whole."""
    return pdf_text(pdf).replace("\n", "").replace(" ", "")


def card_urls(first_round) -> tuple[str, str]:
    """The page and API addresses of table 2's card, and the path its QR code opens
    (the table's link)."""
    from play.table_links import links_for

    night = first_round.night
    link = links_for(club=night.club, kind="night", night=night, numbers=[2])[2]
    return (
        reverse("print-table-card", args=[first_round.pk, 2]),
        f"/api/v1/print/rounds/{first_round.pk}/tables/2/card/",
        reverse("table-link", args=[link.key]),
    )


def test_site_url_wins_over_the_request_host(settings, as_scorer, api, first_round):
    settings.SITE_URL, settings.DEBUG = "https://rook.example.org/", True
    page, endpoint, game_path = card_urls(first_round)

    for response in (as_scorer.get(page), api.get(endpoint)):
        assert response.status_code == 200
        text = flat(response.content)
        assert "https://rook.example.org" + game_path in text
        assert "testserver" not in text


def test_development_without_site_url_uses_the_request_host(settings, as_scorer, first_round):
    settings.SITE_URL, settings.DEBUG = "", True
    settings.ALLOWED_HOSTS = ["club-laptop.local"]
    page, _, game_path = card_urls(first_round)

    response = as_scorer.get(page, HTTP_HOST="club-laptop.local:8000")

    assert response.status_code == 200
    assert "http://club-laptop.local:8000" + game_path in flat(response.content)


def test_production_without_site_url_refuses_table_cards_and_queues_nothing(
    settings, as_scorer, api, first_round
):
    settings.SITE_URL, settings.DEBUG = "", False
    page, endpoint, _ = card_urls(first_round)
    batch = {"kind": "round-cards", "parameters": {"round": first_round.pk}}

    from_page = as_scorer.get(page)
    from_api = api.get(endpoint)
    job_from_api = api.post("/api/v1/print-jobs/", batch, format="json")
    job_from_form = as_scorer.post(
        reverse("print-job-start"), {"kind": "round-cards", "round": first_round.pk}
    )

    assert from_page.status_code == 503
    assert NOT_CONFIGURED in html.unescape(from_page.content.decode())
    for response in (from_api, job_from_api):
        assert response.status_code == 503
        assert response.json() == {"detail": [NOT_CONFIGURED]}
    assert job_from_form.status_code == 503
    assert NOT_CONFIGURED in html.unescape(job_from_form.content.decode())
    assert not PrintJob.objects.exists(), "no job left queued"
    # Sheets have no absolute links: they still print.
    sheet = as_scorer.get(reverse("print-table-sheet", args=[first_round.pk, 2]))
    assert sheet.status_code == 200


def test_a_batch_without_a_base_url_fails_with_the_sentence_not_localhost(
    settings, director, first_round
):
    settings.SITE_URL, settings.DEBUG = "", True  # no request, so no host to fall back on

    with pytest.raises(SiteAddressMissing) as refused:
        print_job_start(kind="round-cards", params={"round": first_round.pk}, by=director)
    assert refused.value.message == NOT_CONFIGURED and refused.value.status == 503
    assert not PrintJob.objects.exists()

    # A job already queued without one (say, SITE_URL removed since) fails, saying why.
    job = PrintJob.objects.create(
        kind="round-cards", parameters={"round": first_round.pk}, fingerprint="x"
    )
    job = print_job_run(job_pk=job.pk)
    assert job.state == PrintJob.State.FAILED and job.error == NOT_CONFIGURED


def test_a_batch_without_a_base_url_uses_site_url(settings, director, first_round, eager_on_commit):
    settings.SITE_URL = "https://rook.example.org/"
    game_path = card_urls(first_round)[2]

    with eager_on_commit(execute=True):
        job = print_job_start(kind="round-cards", params={"round": first_round.pk}, by=director)

    job.refresh_from_db()
    assert job.state == PrintJob.State.DONE, job.error
    assert "https://rook.example.org" + game_path in flat(job.result.open("rb").read())


def test_the_one_rule(settings):
    settings.ALLOWED_HOSTS = ["club-laptop.local"]
    request = RequestFactory().get("/", HTTP_HOST="club-laptop.local")
    settings.SITE_URL, settings.DEBUG = "https://rook.example.org", False
    assert site_url(request) == site_url() == "https://rook.example.org/"
    settings.SITE_URL = ""
    assert site_url(request, recorded="http://recorded/") == "http://recorded/"
    with pytest.raises(SiteAddressMissing):
        site_url(request)
    settings.DEBUG = True
    assert site_url(request) == "http://club-laptop.local/"
    with pytest.raises(SiteAddressMissing):
        site_url()
