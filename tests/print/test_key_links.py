"""Table cards and door posters carry the club's keys: only its directors
and scorers may print them, and only they are shown the links to them. A plain
member sees the score sheets' links but no card link that would answer 403 (the
night page, a tournament's page and its pairings page)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from rookclub.clubs.models import Club
from rookclub.core.roles import SYSTEM, holds_keys
from rookclub.printing.templatetags.print_keys import holds_keys as holds_keys_filter
from tests.factories import member_of
from tests.tournaments.conftest import make_event

CARD_LINKS = re.compile(r"card\.pdf|round-cards|tournament-round-cards|door-poster\.pdf")


@pytest.fixture
def event(club, director):
    return make_event(club, director, "round_robin", 8)


def _pages(night, event) -> list[str]:
    return [
        reverse("night-detail", args=[night.pk]),
        reverse("tournament-detail", args=[event.pk]),
        reverse("tournament-rounds", args=[event.pk]),
    ]


@pytest.mark.django_db
def test_a_member_is_shown_no_table_card_or_poster_link(client, member, night, event):
    client.force_login(member)

    for page in _pages(night, event):
        html = client.get(page).content.decode()
        assert "sheet" in html, page  # the score sheets are still offered
        assert not CARD_LINKS.search(html), f"{page}: {CARD_LINKS.search(html)}"


@pytest.mark.django_db
def test_a_scorer_is_shown_the_table_cards(client, scorer, night, event):
    client.force_login(scorer)

    for page in _pages(night, event):
        html = client.get(page).content.decode()
        assert CARD_LINKS.search(html), page
        for href in re.findall(r'href="([^"]*card\.pdf)"', html)[:1]:  # and it prints
            assert client.get(href).status_code == 200, href


@pytest.mark.django_db
def test_the_pages_and_the_print_kinds_share_one_rule(club, director, scorer, member):
    outsider = member_of(Club.objects.create(name="Oak Lane", slug="oak-lane"))

    assert [holds_keys(u, club) for u in (director, scorer, member, outsider, None)] == [
        True,
        True,
        False,
        False,
        False,
    ]
    assert holds_keys(SYSTEM, club)
    assert holds_keys_filter(member, club) is False and holds_keys_filter(scorer, None) is False
