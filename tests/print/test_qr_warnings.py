"""No QR code that leads nowhere: a table card whose QR code would open localhost, 127.x
or ::1 (``make run``'s address) is warned about, with the fix, before it is printed: on
the pages with the print links, on the print job's page, in the print jobs API's
``warnings`` and a single PDF's ``Rookclub-Warning`` header. An address phones reach
is printed without a word."""

import html
import ipaddress
import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from rookclub.printing.kinds import KINDS
from rookclub.printing.site import print_warnings, qr_warning
from tests.print.test_tournament_pdfs import playable
from tests.tournaments.conftest import make_event

LOOPBACK = "http://127.0.0.1:8000/"
HALL = "http://192.168.8.20:8000/"
FIX = "Run `make venue`"


def page_text(response) -> str:
    """The page's text, without its tags."""
    assert response.status_code == 200
    return html.unescape(re.sub(r"<[^>]+>", "", response.content.decode()))


@pytest.mark.parametrize(
    "url",
    [
        LOOPBACK,
        "http://localhost:8000/t/abc/",
        "http://[::1]:8000/",
        "http://127.8.9.10/",
        "https://club.localhost/",
        "http://0.0.0.0:8000/",
        "http://LOCALHOST./",
    ],
)
def test_an_address_only_this_computer_reaches_is_warned_about_with_the_fix(url):
    warning = qr_warning(url)

    assert warning is not None
    assert url in warning
    assert FIX in warning and "SITE_URL" in warning


@pytest.mark.parametrize(
    "url",
    [
        HALL,
        "https://rook.example.org/t/abc/",
        "http://vm.local:8000/",
        "http://[fd00::2]:8000/",
        "http://10.0.0.5/",
        "not a url",
        "",
    ],
)
def test_an_address_phones_reach_is_not_warned_about(url):
    assert qr_warning(url) is None


@given(st.ip_addresses(v=4))
def test_every_ipv4_address_is_warned_about_exactly_when_it_is_loopback_or_unspecified(address):
    warned = qr_warning(f"http://{address}:8000/") is not None

    assert warned == (address.is_loopback or address == ipaddress.IPv4Address("0.0.0.0"))


def test_only_kinds_that_print_qr_codes_warn(settings):
    settings.SITE_URL = LOOPBACK
    warned = {name for name, kind in KINDS.items() if print_warnings(kind, {})}

    assert warned == {name for name, kind in KINDS.items() if kind.absolute_urls}
    assert {"round-cards", "tournament-round-cards"} <= warned
    assert "round-sheets" not in warned


@pytest.mark.django_db
def test_the_night_page_warns_before_table_cards_are_printed(settings, client, director, night):
    settings.SITE_URL = LOOPBACK
    client.force_login(director)

    text = page_text(client.get(reverse("night-detail", args=[night.pk])))

    assert text.count(f"The QR codes would open {LOOPBACK}") == 1
    assert text.index(FIX) < text.index("table card")  # read before the link is
    assert "Phones join at" not in text


@pytest.mark.django_db
def test_a_scorer_sees_the_warning_beside_the_print_links(settings, as_scorer, night):
    settings.SITE_URL = "http://localhost:8000"

    text = page_text(as_scorer.get(reverse("night-detail", args=[night.pk])))

    assert text.count(FIX) == 1
    assert text.index(FIX) < text.index("all table cards")


@pytest.mark.django_db
def test_a_member_who_prints_no_cards_is_not_warned_about_them(settings, as_member, night):
    settings.SITE_URL = "http://localhost:8000"

    text = page_text(as_member.get(reverse("night-detail", args=[night.pk])))

    assert FIX not in text and "table card" not in text


@pytest.mark.django_db
def test_a_director_reads_where_phones_join(settings, client, director, club, night):
    settings.SITE_URL = HALL
    client.force_login(director)

    night_page = reverse("night-detail", args=[night.pk])
    for page in (night_page, reverse("club-detail", args=[club.slug])):
        text = page_text(client.get(page))
        assert f"Phones join at {HALL}" in text
        assert FIX not in text


@pytest.mark.django_db
def test_without_site_url_the_request_host_decides(settings, client, director, night):
    settings.SITE_URL, settings.DEBUG = "", True
    client.force_login(director)
    night_page = reverse("night-detail", args=[night.pk])

    from_laptop = page_text(client.get(night_page, HTTP_HOST="127.0.0.1:8000"))
    settings.ALLOWED_HOSTS = ["club-laptop.local"]
    from_phone = page_text(client.get(night_page, HTTP_HOST="club-laptop.local:8000"))

    assert "The QR codes would open http://127.0.0.1:8000/" in from_laptop
    assert "Phones join at http://club-laptop.local:8000/" in from_phone
    assert FIX not in from_phone


@pytest.mark.django_db
def test_a_tournament_round_warns_once_on_its_page(settings, client, club, director):
    settings.SITE_URL = LOOPBACK
    tournament = make_event(club, director, "round_robin", 8)
    client.force_login(director)

    text = page_text(client.get(reverse("tournament-detail", args=[tournament.pk])))

    assert text.count(FIX) == 1
    assert text.index(FIX) < text.index("all table cards for round 1")


@pytest.mark.django_db
def test_the_print_jobs_api_answers_with_the_warning(settings, api, first_round, eager_on_commit):
    settings.SITE_URL = LOOPBACK
    body = {"kind": "round-cards", "parameters": {"round": first_round.pk}}

    with eager_on_commit(execute=True):
        started = api.post("/api/v1/print-jobs/", body, format="json")
    again = api.get(f"/api/v1/print-jobs/{started.json()['id']}/")

    assert started.status_code == 202
    for answer in (started.json(), again.json()):
        assert len(answer["warnings"]) == 1
        assert LOOPBACK in answer["warnings"][0] and FIX in answer["warnings"][0]


@pytest.mark.django_db
def test_the_print_jobs_api_has_no_warning_for_the_halls_address_or_sheets(
    settings, api, first_round, eager_on_commit
):
    settings.SITE_URL = HALL
    cards = {"kind": "round-cards", "parameters": {"round": first_round.pk}}
    with eager_on_commit(execute=True):
        assert api.post("/api/v1/print-jobs/", cards, format="json").json()["warnings"] == []
    settings.SITE_URL = LOOPBACK
    sheets = {"kind": "round-sheets", "parameters": {"round": first_round.pk}}
    with eager_on_commit(execute=True):
        assert api.post("/api/v1/print-jobs/", sheets, format="json").json()["warnings"] == []


@pytest.mark.django_db
def test_a_single_card_from_the_api_carries_the_warning_in_a_header(
    settings, api, club, director, first_round
):
    settings.SITE_URL = "http://[::1]:8000"
    tournament = make_event(club, director, "round_robin", 4)
    match = playable(tournament)[0]

    night_card = api.get(f"/api/v1/print/rounds/{first_round.pk}/tables/1/card/")
    event_card = api.get(
        f"/api/v1/print/tournament-rounds/{match.round_id}/tables/{match.table}/card/"
    )
    sheet = api.get(f"/api/v1/print/rounds/{first_round.pk}/tables/1/sheet/")

    for card in (night_card, event_card):
        assert card.status_code == 200 and card["Content-Type"] == "application/pdf"
        assert "http://[::1]:8000/" in card["Rookclub-Warning"] and FIX in card["Rookclub-Warning"]
    assert sheet.status_code == 200 and "Rookclub-Warning" not in sheet


@pytest.mark.django_db
def test_the_job_page_shows_the_warning(settings, as_scorer, first_round, eager_on_commit):
    # Table cards are for directors and scorers: a scorer prints them.
    settings.SITE_URL = LOOPBACK
    with eager_on_commit(execute=True):
        started = as_scorer.post(
            reverse("print-job-start"), {"kind": "round-cards", "round": first_round.pk}
        )
    assert started.status_code == 302

    text = page_text(as_scorer.get(started["Location"]))

    assert f"The QR codes would open {LOOPBACK}" in text and FIX in text


@pytest.mark.django_db
def test_only_directors_are_told_where_phones_join(settings, as_member, club, night):
    settings.SITE_URL = HALL

    for page in (
        reverse("night-detail", args=[night.pk]),
        reverse("club-detail", args=[club.slug]),
    ):
        assert "Phones join at" not in page_text(as_member.get(page))
