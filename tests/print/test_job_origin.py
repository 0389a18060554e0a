"""A batch print job's page links back to the page it was started from."""

import pytest
from django.urls import reverse

from rookclub.printing.models import PrintJob
from tests.tournaments.conftest import make_event

pytestmark = pytest.mark.django_db


def job_page(client, user, kind, parameters):
    job = PrintJob.objects.create(
        kind=kind, parameters=parameters, fingerprint="x", state="running", created_by=user
    )
    client.force_login(user)
    return client.get(reverse("print-job", args=[job.pk])).content.decode()


@pytest.mark.parametrize("kind", ["round-sheets", "round-cards"])
def test_a_rounds_batch_links_back_to_its_club_night(client, director, first_round, kind):
    html = job_page(client, director, kind, {"round": first_round.pk})

    night = reverse("night-detail", args=[first_round.night_id])
    assert f'href="{night}"' in html and "Back to the club night of 6 Mar" in html


def test_a_nights_game_sheets_link_back_to_the_night(client, director, night):
    html = job_page(client, director, "session-games", {"session": night.pk})

    assert f'href="{reverse("night-detail", args=[night.pk])}"' in html


@pytest.mark.parametrize("kind", ["tournament-round-sheets", "tournament-round-cards"])
def test_a_tournament_rounds_batch_links_back_to_the_tournament(client, club, director, kind):
    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)

    html = job_page(client, director, kind, {"round": rnd.pk})

    assert f'href="{reverse("tournament-detail", args=[tournament.pk])}"' in html
    assert f"Back to {tournament.name}" in html


def test_a_job_whose_round_is_gone_has_no_back_link_and_no_error(client, director):
    response_html = job_page(client, director, "round-sheets", {"round": 999999})

    assert "Back to" not in response_html
