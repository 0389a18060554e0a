"""The director's forms on the tournament pages: create, register, check in, withdraw,
pair with a pin or a bye, change a round, read the audit trail.

Each form calls the service the API calls; a refusal is a form error in words with
the error's status (never a 500, nothing half-written); only a director of the club
sees the forms or may use them; every page reads in a fixed number of queries.
"""

import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rookclub.clubs.models import Player
from rookclub.core.roles import SYSTEM
from tests.factories import PASSWORD, ClubFactory, director_of, member_of, players_of
from tests.tournaments.conftest import make_event, play_round
from tournaments.entries import entry_check_in, entry_withdraw
from tournaments.models import AuditEntry, Entry, Match, Tournament
from tournaments.results import match_result_enter
from tournaments.rounds import round_pair_next, tournament_start


@pytest.fixture
def director_client(client, director):
    client.login(username=director.username, password=PASSWORD)
    return client


@pytest.fixture
def member_client(client, club):
    """A logged-in member of the club who is not a director."""
    member = member_of(club, username="mo")
    client.login(username=member.username, password=PASSWORD)
    return client


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def form_errors(response, name: str) -> dict:
    return response.context[name].errors


# ---- creating an event ------------------------------------------------------------------


def create(client, **fields):
    data = {
        "name": "Spring Open",
        "format": "swiss",
        "ruleset": "tournament",
        "games_per_match": "1",
        **fields,
    }
    return client.post(reverse("tournament-create"), data)


def test_a_director_creates_a_tournament_with_options_from_the_list(director_client, club):
    page = director_client.get(reverse("tournament-list"))
    assert b"Create a tournament" in page.content

    response = create(
        director_client,
        club=club.pk,
        rounds="4",
        check_in_required="on",
        clock_hands="4",
        clock_minutes="20",
        tie_breakers=["wins", "buchholz", "", "head_to_head"],  # "first, then, then"
    )

    tournament = Tournament.objects.get(name="Spring Open")
    assert response.status_code == 302
    assert response.url == reverse("tournament-detail", args=[tournament.pk])
    assert (tournament.club, tournament.format, tournament.rounds) == (club, "swiss", 4)
    assert tournament.options == {
        "check_in_required": True,
        "round_clock": {"hands": 4, "minutes": 20},
        "tie_breakers": ["wins", "buchholz", "head_to_head"],
    }
    assert tournament.audit.filter(what="tournament_created").exists()


def test_format_options_go_with_their_format(director_client, club):
    response = create(
        director_client,
        club=club.pk,
        format="double_elimination",
        no_reset="on",
        final_best_of="3",
        games_per_match="3",
    )

    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.options == {"reset": False, "final_best_of": 3}
    assert tournament.games_per_match == 3


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"games_per_match": "2"}, "games_per_match", "An odd number: 1 for one game"),
        ({"tie_breakers": ["wins", "luck"]}, "tie_breakers", "Choose the tie-breakers from the"),
        (
            {"tie_breakers": ["wins", "spread", "wins"]},
            "tie_breakers",
            "Choose each tie-breaker once.",
        ),
        ({"name": "  "}, "name", "Give the event a name."),
        ({"cycles": "2"}, "cycles", "This option is for round robin events, not swiss."),
        ({"format": "knockout"}, "format", "Choose one of the formats."),
        ({"ruleset": "two-player"}, "ruleset", "Choose one of the rules for four players"),
    ],
)
def test_a_refused_tournament_is_a_form_error_and_nothing_is_created(
    director_client, club, fields, field, message
):
    response = create(director_client, club=club.pk, **fields)

    assert response.status_code == 400
    errors = form_errors(response, "create_form")
    assert any(e.startswith(message) for e in errors[field]), errors
    assert message.encode() in response.content
    assert not Tournament.objects.exists()


def test_only_a_director_may_create_a_tournament(member_client, club):
    page = member_client.get(reverse("tournament-list"))
    assert b"Create a tournament" not in page.content

    response = create(member_client, club=club.pk)

    assert response.status_code == 302
    assert not Tournament.objects.exists()


def test_a_director_cannot_create_a_tournament_for_another_club(director_client, club):
    other = ClubFactory(name="Elsewhere")

    response = create(director_client, club=other.pk)

    assert response.status_code == 302
    assert "Only a director of the club can run its tournaments." in messages_of(
        director_client.get(response.url)
    )
    assert not Tournament.objects.exists()


def test_creating_needs_a_login(client, club):
    response = create(client, club=club.pk)

    assert response.status_code == 302
    assert not Tournament.objects.exists()


# ---- registration ------------------------------------------------------------------------


def add_entry(client, tournament, *players, **fields):
    data = {f"player_{i}": p.pk for i, p in enumerate(players, start=1)}
    return client.post(reverse("tournament-entry-add", args=[tournament.pk]), {**data, **fields})


def test_a_director_registers_a_partnership_from_the_dashboard(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 0, start=False)
    ann, bob, *_ = players_of(club, 3)
    page = director_client.get(reverse("tournament-detail", args=[tournament.pk]))
    assert b"Add the entry" in page.content
    assert f'<option value="{ann.pk}">{ann.name}</option>'.encode() in page.content

    response = add_entry(director_client, tournament, ann, bob, seed="1")

    assert response.status_code == 302
    entry = tournament.entries.get()
    assert (entry.name, entry.seed, entry.late) == (f"{ann.name} & {bob.name}", 1, False)
    assert set(entry.players.all()) == {ann, bob}
    page = director_client.get(response.url)
    assert f"{entry.name} is entered." in messages_of(page)
    # Entered players are no longer offered.
    assert f'<option value="{ann.pk}">'.encode() not in page.content


def test_an_individual_event_takes_one_player_per_entry(director_client, club, director):
    tournament = make_event(club, director, "individual", 0, start=False)
    (ann,) = players_of(club, 1)

    response = add_entry(director_client, tournament, ann, name="Ann")

    assert response.status_code == 302
    assert tournament.entries.get().name == "Ann"


def test_a_late_entry_joins_a_running_swiss_event(director_client, club, director):
    tournament = make_event(club, director, "swiss", 4, rounds=3)
    page = director_client.get(reverse("tournament-detail", args=[tournament.pk]))
    assert b"Late entry" in page.content

    response = add_entry(director_client, tournament, *players_of(club, 2))

    assert response.status_code == 302
    late = tournament.entries.get(late=True)
    assert late.checked_in
    assert "paired from the next round" in messages_of(director_client.get(response.url))[0]


def test_a_running_round_robin_offers_no_entry_form_and_refuses_one(
    director_client, club, director
):
    tournament = make_event(club, director, "round_robin", 4)
    page = director_client.get(reverse("tournament-detail", args=[tournament.pk]))
    assert b"Add the entry" not in page.content

    response = add_entry(director_client, tournament, *players_of(club, 2))

    assert response.status_code == 409
    assert form_errors(response, "entry_form")["__all__"] == [
        "Entries are closed: only Swiss and individual events take late entries."
    ]
    assert b"Entries are closed" in response.content
    assert tournament.entries.count() == 4


@pytest.mark.parametrize("refusal", ["same_player", "already_entered", "seed_taken", "stranger"])
def test_a_refused_entry_is_a_form_error_and_nothing_is_written(
    director_client, club, director, refusal
):
    tournament = make_event(club, director, "round_robin", 2, start=False)
    ann, bob = players_of(club, 2)
    entered = tournament.entries.get(seed=1).players.first()
    stranger = Player.objects.create(club=ClubFactory(), name="Stranger")
    players, fields, field, message = {
        "same_player": ((ann, ann), {}, "player_2", "Choose two different players."),
        "already_entered": (
            (ann, entered),
            {},
            "__all__",
            "A player is already entered in this event.",
        ),
        "seed_taken": ((ann, bob), {"seed": "1"}, "seed", "Seed 1 is already given."),
        "stranger": ((ann, stranger), {}, "player_2", "That is not one of the club's players."),
    }[refusal]

    response = add_entry(director_client, tournament, *players, **fields)

    assert response.status_code == 400
    assert message in form_errors(response, "entry_form")[field]
    assert message.replace("'", "&#x27;").encode() in response.content
    assert tournament.entries.count() == 2


def test_only_a_director_may_register_an_entry(member_client, club, director):
    tournament = make_event(club, director, "round_robin", 2, start=False)
    page = member_client.get(reverse("tournament-detail", args=[tournament.pk]))
    assert b"Add the entry" not in page.content
    assert b"Check in" not in page.content and b"Withdraw" not in page.content

    response = add_entry(member_client, tournament, *players_of(club, 2))

    assert response.status_code == 302
    assert tournament.entries.count() == 2
    page = member_client.get(response.url)
    assert "Only a director of the club can run its tournaments." in messages_of(page)


# ---- check-in ------------------------------------------------------------------------------


def check_in(client, entry, value="1", **headers):
    url = reverse("tournament-entry-check-in", args=[entry.pk])
    return client.post(url, {"checked_in": value}, **headers)


def test_a_director_checks_an_entry_in_and_undoes_it_without_javascript(
    director_client, club, director
):
    tournament = make_event(club, director, "round_robin", 2, start=False)
    entry = tournament.entries.get(seed=1)

    response = check_in(director_client, entry)

    assert response.status_code == 302
    assert response.url.endswith(f"#entry-{entry.pk}")
    entry.refresh_from_db()
    assert entry.checked_in
    page = director_client.get(response.url)
    assert "Entry 1 is checked in." in messages_of(page)
    assert b"1 of 2 checked in" in page.content

    check_in(director_client, entry, "0")
    check_in(director_client, entry, "0")  # a second tap sets the same state

    entry.refresh_from_db()
    assert not entry.checked_in
    assert [h["what"] for h in entry.history][-2:] == ["check_in_undone", "check_in_undone"]


def test_htmx_check_in_answers_with_the_entries_card(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 3, start=False)
    entry = tournament.entries.get(seed=2)

    response = check_in(director_client, entry, HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert b"<html" not in response.content
    assert b'id="entries-card"' in response.content
    assert b"1 of 3 checked in" in response.content
    assert b'aria-pressed="true"' in response.content
    assert b'<span class="sr-only">Checked in</span><span class="sr-only"> Entry 2</span>' in (
        response.content
    )


def test_only_a_director_may_check_an_entry_in(member_client, club, director):
    tournament = make_event(club, director, "round_robin", 2, start=False)
    entry = tournament.entries.get(seed=1)

    plain = check_in(member_client, entry)
    htmx = check_in(member_client, entry, HTTP_HX_REQUEST="true")

    assert plain.status_code == 302
    assert htmx.status_code == 403
    assert htmx["HX-Redirect"].endswith(f"#entry-{entry.pk}")
    entry.refresh_from_db()
    assert not entry.checked_in


def test_check_in_is_a_post_with_csrf(client, club, director):
    from django.test import Client

    tournament = make_event(club, director, "round_robin", 2, start=False)
    entry = tournament.entries.get(seed=1)
    strict = Client(enforce_csrf_checks=True)
    strict.login(username=director.username, password=PASSWORD)

    assert strict.get(reverse("tournament-entry-check-in", args=[entry.pk])).status_code == 405
    assert check_in(strict, entry).status_code == 403
    entry.refresh_from_db()
    assert not entry.checked_in


def test_only_checked_in_entries_are_paired_when_check_in_is_required(
    director_client, club, director
):
    tournament = make_event(
        club, director, "round_robin", 5, start=False, options={"check_in_required": True}
    )
    for entry in tournament.entries.exclude(seed=5):
        check_in(director_client, entry)

    director_client.post(reverse("tournament-start", args=[tournament.pk]))

    tournament.refresh_from_db()
    assert tournament.status == "running"
    assert len(tournament.seeding) == 4
    assert tournament.entries.get(seed=None).name == "Entry 5"


# ---- withdrawal ----------------------------------------------------------------------------


def withdraw_url(entry):
    return reverse("tournament-entry-withdraw", args=[entry.pk])


def test_the_withdrawal_page_says_what_is_forfeited_before_the_director_confirms(
    director_client, club, director
):
    tournament = make_event(club, director, "round_robin", 4)
    quitter = tournament.entries.get(seed=4)

    page = director_client.get(withdraw_url(quitter))

    assert page.status_code == 200
    text = page.content.decode()
    assert "3 open matches of Entry 4 are forfeited" in text
    assert "the opponent wins by walkover" in text
    for seed in (1, 2, 3):
        assert f"Entry {seed} wins by walkover" in text
    assert quitter.status == "active"  # nothing happens on the way to the confirmation
    assert not Match.objects.filter(tournament=tournament, status="walkover").exists()

    response = director_client.post(withdraw_url(quitter), {"reason": "Train to catch"})

    assert response.status_code == 302
    quitter.refresh_from_db()
    assert quitter.status == "withdrawn"
    assert quitter.history[-1]["reason"] == "Train to catch"
    assert Match.objects.filter(tournament=tournament, status="walkover").count() == 3
    page = director_client.get(response.url)
    assert "Entry 4 has withdrawn. Forfeited by walkover: 3 match(es)." in messages_of(page)


def test_before_the_start_a_withdrawal_forfeits_nothing(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 3, start=False)
    entry = tournament.entries.get(seed=3)

    page = director_client.get(withdraw_url(entry))
    assert b"has not started" in page.content

    director_client.post(withdraw_url(entry), {"reason": "ill"})
    director_client.post(reverse("tournament-start", args=[tournament.pk]))

    tournament.refresh_from_db()
    assert entry.pk not in tournament.seeding and len(tournament.seeding) == 2


def test_a_bracket_withdrawal_says_the_opponent_goes_on(director_client, club, director):
    tournament = make_event(club, director, "single_elimination", 4)

    page = director_client.get(withdraw_url(tournament.entries.get(seed=4)))

    assert b"goes on in the bracket" in page.content
    assert b"Entry 1 wins by walkover" in page.content


def test_a_withdrawal_needs_a_reason(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    entry = tournament.entries.get(seed=4)

    response = director_client.post(withdraw_url(entry), {"reason": ""})

    assert response.status_code == 400
    assert form_errors(response, "form")["reason"] == [
        "Give the reason: it stays in the entry's history."
    ]
    entry.refresh_from_db()
    assert entry.status == "active"


def test_withdrawing_twice_is_a_form_error(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    entry = tournament.entries.get(seed=4)
    entry_withdraw(entry=entry, by=director)

    page = director_client.get(withdraw_url(entry))
    response = director_client.post(withdraw_url(entry), {"reason": "again"})

    assert b"has already withdrawn" in page.content
    assert response.status_code == 409
    assert form_errors(response, "form")["__all__"] == ["The entry has already withdrawn."]


def test_only_a_director_may_withdraw_an_entry(member_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    entry = tournament.entries.get(seed=4)

    page = member_client.get(withdraw_url(entry))
    response = member_client.post(withdraw_url(entry), {"reason": "no"})

    assert page.status_code == 403
    assert b"Only a director of the club" in page.content
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == "active"


# ---- pairing the next Swiss round with a pin or a forced bye --------------------------------


def pair_with(client, tournament, **fields):
    return client.post(reverse("tournament-pair-with", args=[tournament.pk]), fields)


def test_a_director_pairs_a_swiss_round_with_a_pin_and_a_forced_bye(
    director_client, club, director
):
    tournament = make_event(club, director, "swiss", 5, rounds=3)
    play_round(tournament, director)
    one, two, three, *_ = tournament.entries.order_by("seed")
    page = director_client.get(reverse("tournament-detail", args=[tournament.pk]))
    assert b"Pair with a pin or a forced bye" in page.content

    response = pair_with(
        director_client, tournament, pin_a=one.pk, pin_b=two.pk, forced_bye=three.pk
    )

    assert response.status_code == 302
    second = tournament.round_set.get(number=2)
    pinned = second.matches.get(entry_a__in=[one, two], entry_b__in=[one, two])
    assert "pinned" in pinned.flags
    assert second.matches.get(bye=True).entry_a == three


@pytest.mark.parametrize(
    ("play", "fields", "status", "field", "message"),
    [
        (False, {}, 409, "__all__", "Round 1 still has matches without a result."),
        (True, {"pin_a": "one"}, 400, "pin_b", "A pin needs two entries."),
        (
            True,
            {"pin_a": "one", "pin_b": "two", "forced_bye": "one"},
            400,
            "forced_bye",
            "A pinned entry cannot have the bye.",
        ),
    ],
)
def test_a_refused_pairing_is_a_form_error(
    director_client, club, director, play, fields, status, field, message
):
    tournament = make_event(club, director, "swiss", 5, rounds=3)
    if play:
        play_round(tournament, director)
    one, two = tournament.entries.order_by("seed")[:2]
    ids = {"one": one.pk, "two": two.pk}

    response = pair_with(director_client, tournament, **{k: ids[v] for k, v in fields.items()})

    assert response.status_code == status
    assert message in form_errors(response, "pair_form")[field]
    assert tournament.round_set.count() == 1


def test_only_a_director_may_pair_a_round(member_client, club, director):
    tournament = make_event(club, director, "swiss", 4, rounds=3)
    play_round(tournament, director)

    response = pair_with(member_client, tournament)

    assert response.status_code == 302
    assert tournament.round_set.count() == 1


def test_a_draw_seed_repeats_a_draw(director_client, club, director):
    first = make_event(club, director, "swiss", 6, start=False)
    second = make_event(ClubFactory(), SYSTEM, "swiss", 6, start=False)
    Entry.objects.filter(tournament__in=[first, second]).update(seed=None)
    tournament_start(tournament=second, draw_seed="spring-2025", by=SYSTEM)

    director_client.post(reverse("tournament-start", args=[first.pk]), {"draw_seed": "spring-2025"})

    first.refresh_from_db()
    assert first.draw_seed == "spring-2025"
    names = lambda t: [e.name for e in t.entries.order_by("seed")]  # noqa: E731
    assert names(first) == names(second)


# ---- round overrides on the Pairings page ---------------------------------------------------


def override(client, rnd, **fields):
    data = {f"round-{rnd.pk}-{k}": v for k, v in fields.items()}
    return client.post(reverse("tournament-round-override", args=[rnd.pk]), data)


def test_a_director_swaps_two_entries_on_the_pairings_page(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)
    first, second = rnd.matches.order_by("table")
    page = director_client.get(reverse("tournament-rounds", args=[tournament.pk]))
    assert b"Change round 1's pairings" in page.content

    response = override(
        director_client, rnd, action="swap", a=first.entry_a_id, b=second.entry_a_id
    )

    assert response.status_code == 302
    assert response.url.endswith("#pairings-1")
    assert all("swapped" in m.flags for m in rnd.matches.all())
    assert tournament.audit.filter(what="round_swap").exists()
    page = director_client.get(response.url)
    assert f"Round 1: {first.entry_a.name} and {second.entry_a.name} swapped." in messages_of(page)


def test_a_director_gives_a_forced_bye_and_re_pairs_a_swiss_round(director_client, club, director):
    tournament = make_event(club, director, "swiss", 5, rounds=3)
    rnd = tournament.round_set.get(number=1)
    entry = rnd.matches.filter(bye=False).first().entry_a

    assert override(director_client, rnd, action="force_bye", a=entry.pk).status_code == 302
    assert rnd.matches.get(bye=True, entry_a=entry).flags == ["forced_bye"]

    assert override(director_client, rnd, action="repair").status_code == 302
    repaired = tournament.round_set.get(number=1)
    assert all("repaired" in m.flags for m in repaired.matches.all())


@pytest.mark.parametrize(
    ("case", "status", "field", "message"),
    [
        ("results", 409, "__all__", "The round already has results."),
        ("same_table", 400, "__all__", "The two entries already play each other."),
        ("no_second", 400, "b", "Choose the second entry."),
        ("stranger", 400, "b", "That entry is not in this round."),
        ("repair_round_robin", 400, "action", "That change is not offered for this round."),
    ],
)
def test_a_refused_override_is_a_form_error_on_its_round(
    director_client, club, director, case, status, field, message
):
    tournament = make_event(club, director, "round_robin", 6)
    rnd = tournament.round_set.get(number=1)
    first, second, _third = rnd.matches.order_by("table")
    fields = {
        "results": {"action": "swap", "a": first.entry_a_id, "b": second.entry_a_id},
        "same_table": {"action": "swap", "a": first.entry_a_id, "b": first.entry_b_id},
        "no_second": {"action": "pin", "a": first.entry_a_id},
        "stranger": {"action": "swap", "a": first.entry_a_id, "b": 999},
        "repair_round_robin": {"action": "repair"},
    }[case]
    if case == "results":
        match_result_enter(match=first, games=[[300, 120]], by=director)
    before = sorted(rnd.matches.values_list("entry_a", "entry_b", "status"))

    response = override(director_client, rnd, **fields)

    assert response.status_code == status
    rounds = response.context["rounds"]
    form = next(r for r in rounds if r.pk == rnd.pk).override_form
    assert message in form.errors[field]
    assert message.encode() in response.content
    assert sorted(rnd.matches.values_list("entry_a", "entry_b", "status")) == before


def test_a_bracket_has_no_overrides(director_client, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    rnd = tournament.round_set.first()
    match = rnd.matches.filter(status="ready").first()
    page = director_client.get(reverse("tournament-rounds", args=[tournament.pk]))
    assert b"pairings</summary>" not in page.content

    response = override(director_client, rnd, action="pin", a=match.entry_a_id, b=match.entry_b_id)

    assert response.status_code == 409
    assert b"Overrides apply to round robin and Swiss rounds." in response.content


def test_only_a_director_may_change_a_round(member_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)
    first, second = rnd.matches.order_by("table")
    page = member_client.get(reverse("tournament-rounds", args=[tournament.pk]))
    assert b"Change round" not in page.content

    response = override(member_client, rnd, action="swap", a=first.entry_a_id, b=second.entry_a_id)

    assert response.status_code == 302
    assert not any("swapped" in m.flags for m in rnd.matches.all())
    assert not AuditEntry.objects.filter(what="round_swap").exists()


# ---- the audit trail -------------------------------------------------------------------------


def test_a_director_reads_the_audit_trail(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    entry_withdraw(entry=tournament.entries.get(seed=4), by=director, reason="ill")

    page = director_client.get(reverse("tournament-audit", args=[tournament.pk]))

    assert page.status_code == 200
    assert b"Entry withdrawn: Entry 4" in page.content and b"ill" in page.content
    assert b"Tournament started" in page.content


def test_only_a_director_reads_the_audit_trail(member_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)

    assert member_client.get(reverse("tournament-audit", args=[tournament.pk])).status_code == 403


# ---- a fixed number of queries whatever the size ---------------------------------------------


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize(
    ("page", "format", "start"),
    [
        ("tournament-detail", "round_robin", False),
        ("tournament-detail", "swiss", True),
        ("tournament-rounds", "round_robin", True),
        ("tournament-rounds", "swiss", True),
        ("tournament-audit", "round_robin", True),
        ("tournament-entry-withdraw", "round_robin", True),
        ("tournament-list", "swiss", False),
    ],
)
def test_director_pages_take_the_same_queries_whatever_the_size(
    director_client, club, director, django_assert_max_num_queries, page, format, start
):
    counts = []
    for size in (4, 16):
        tournament = make_event(club, director, format, size, start=start, rounds=3)
        if start and format == "swiss":
            play_round(tournament, director)
            round_pair_next(tournament=tournament, by=director)
        for entry in tournament.entries.all()[: size // 2]:
            entry_check_in(entry=entry, by=director)
        if page == "tournament-entry-withdraw":
            url = reverse(page, args=[tournament.entries.get(seed=1).pk])
        elif page == "tournament-list":
            url = reverse(page)
        else:
            url = reverse(page, args=[tournament.pk])
        counts.append(_queries(director_client, url))
    assert counts[0] == counts[1], counts
    with django_assert_max_num_queries(12):
        director_client.get(url)


def test_check_in_answers_htmx_in_the_same_queries_whatever_the_size(
    director_client, club, director
):
    counts = []
    for size in (4, 16):
        tournament = make_event(club, director, "round_robin", size, start=False)
        entry = tournament.entries.get(seed=1)
        with CaptureQueriesContext(connection) as queries:
            assert check_in(director_client, entry, HTTP_HX_REQUEST="true").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_a_director_of_two_clubs_chooses_the_club(client, club, director):
    other = ClubFactory(name="Second Club")
    director_of(other, username=director.username)  # the same user directs both
    client.login(username=director.username, password=PASSWORD)

    page = client.get(reverse("tournament-list"))

    assert b"Second Club" in page.content and club.name.encode() in page.content


def test_pairing_a_round_robin_round_is_refused_on_the_form(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)

    response = pair_with(director_client, tournament)

    assert response.status_code == 409
    assert b"This format&#x27;s rounds are paired when it starts." in response.content


# ---- house rules on the create form ------------------------------------------------------


def test_a_director_sets_house_rules_on_the_create_form(director_client, club):
    page = director_client.get(reverse("tournament-list")).content.decode()
    assert "House rules" in page and "Declarer may call no trump" in page
    assert '<option value="low">lowest trump</option>' in page

    response = create(
        director_client,
        club=club.pk,
        rule_target="500",
        rule_no_trump="yes",
        rule_bird_rank="low",
        rule_counters_in_nest="no",
        rule_min_bid="",
    )

    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.options == {
        "ruleset_options": {
            "target": 500,
            "no_trump": True,
            "bird_rank": "low",
            "counters_in_nest": False,
        }
    }
    assert tournament.ruleset["target"] == 500 and tournament.ruleset["no_trump"] is True


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"rule_target": "0"}, "rule_target", "Must be more than 0."),
        ({"rule_bid_step": "0"}, "rule_min_bid", "Must be more than 0 and a multiple of"),
        ({"rule_min_bid": "500"}, "__all__", "Max bid: must be a multiple of 5"),
        ({"rule_bird_rank": "middle"}, "rule_bird_rank", "Choose one of the listed values."),
    ],
)
def test_refused_house_rules_are_sentences_and_nothing_is_created(
    director_client, club, fields, field, message
):
    response = create(director_client, club=club.pk, **fields)

    assert response.status_code == 400
    errors = form_errors(response, "create_form")
    assert any(e.startswith(message) for e in errors[field]), errors
    assert '<details class="house-rules" open>' in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_create_form_offers_the_readings_made_options(director_client, club):
    """the questionable readings are house rules (docs/engine.md, "Readings
    offered as options"), the rulebook's reading when left blank."""
    page = director_client.get(reverse("tournament-list")).content.decode()
    assert "Players tied past the target" in page
    assert '<option value="shared_win">share the win</option>' in page
    assert "Partners exchange seats every" in page

    response = create(
        director_client,
        club=club.pk,
        ruleset="beginner",
        rule_tie_at_target="shared_win",
        rule_table_talk_penalty="40",
    )

    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.ruleset["tie_at_target"] == "shared_win"
    assert tournament.ruleset["table_talk_penalty"] == 40


def test_the_create_form_sets_the_house_rule_renege_points(director_client, club):
    page = director_client.get(reverse("tournament-list")).content.decode()
    assert "A renege found later scores" in page and 'name="rule_renege_points"' in page

    response = create(director_client, club=club.pk, rule_renege_points="100")

    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.options == {"ruleset_options": {"renege_points": 100}}
    assert tournament.ruleset["renege_points"] == 100


def test_renege_points_of_0_are_refused_next_to_the_field(director_client, club):
    response = create(director_client, club=club.pk, rule_renege_points="0")

    assert response.status_code == 400
    errors = form_errors(response, "create_form")
    assert errors["rule_renege_points"] == ["Must be a whole number, 1 or more, or null."]
    assert not Tournament.objects.exists()


def test_a_shared_win_is_refused_for_a_partnership_game_on_the_form(director_client, club):
    response = create(director_client, club=club.pk, rule_tie_at_target="shared_win")

    assert response.status_code == 400
    assert "shared win is for games won by a player" in response.content.decode()
    assert not Tournament.objects.exists()


def audit_words(page) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", page.content.decode())).split())


def test_the_audit_trail_says_a_result_in_words(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    match = tournament.matches.filter(status="ready").order_by("table").first()
    match_result_enter(match=match, games=[[310, 150]], by=director)
    winner = match.entry_a.name

    page = director_client.get(reverse("tournament-audit", args=[tournament.pk]))

    text = audit_words(page)
    assert f"after: games 310–150 · winner {winner} · status Decided" in text
    assert "{'games'" not in text and "'winner'" not in text
    assert "seeding Entry 1, Entry 2, Entry 3, Entry 4" in text


def test_the_audit_trail_says_a_withdrawal_in_words(director_client, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    entry_withdraw(entry=tournament.entries.get(seed=4), by=director, reason="ill")

    text = audit_words(director_client.get(reverse("tournament-audit", args=[tournament.pk])))

    assert "before: entry Entry 4 · status Active" in text
    assert "after: status Withdrawn · forfeited" in text
    assert "{" not in text.split("Every change, latest first", 1)[1]


def test_the_create_form_sets_drawn_partners_and_the_playoff(director_client, club):
    """A county sheet's "sign up alone" and a beach house's "play off a tie to 500"
    are picked on the create form, as the API takes them."""
    response = create(
        director_client,
        club=club.pk,
        format="round_robin",
        partners="drawn",
        playoff_target="300",
        playoff_places="2",
    )

    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.options == {"partners": "drawn", "playoff_target": 300, "playoff_places": 2}
    assert tournament.partners_drawn


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"format": "individual", "partners": "drawn"}, "partners", "This option is for"),
        ({"playoff_target": "333"}, "playoff_target", "in fives"),
        ({"playoff_places": "0"}, "playoff_places", "Ensure this value is greater than"),
    ],
)
def test_a_refused_partner_or_playoff_option_is_a_sentence_next_to_it(
    director_client, club, fields, field, message
):
    response = create(director_client, club=club.pk, **fields)

    assert response.status_code == 400
    assert message in " ".join(form_errors(response, "create_form")[field])
    assert not Tournament.objects.exists()
