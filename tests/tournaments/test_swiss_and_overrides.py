"""Swiss rounds paired on demand, withdrawals, late entries and director overrides."""

from itertools import combinations

from tests.factories import hand_in, players_of
from tests.tournaments.conftest import make_event, play_round
from tournaments.entries import entry_add, entry_withdraw
from tournaments.models import Entry, Match
from tournaments.rounds import round_pair_next


def pair(api, tournament, **body):
    return api.post(f"/api/v1/tournaments/{tournament.pk}/rounds/", body, format="json")


def test_swiss_rounds_are_paired_one_at_a_time_without_rematches(api, club, director):
    tournament = make_event(club, director, "swiss", 8, rounds=3)
    met = set()
    for number in (1, 2, 3):
        if number > 1:
            response = pair(api, tournament)
            assert response.status_code == 201, response.json()
            assert response.json()["number"] == number
        for match in Match.objects.filter(round__number=number, round__tournament=tournament):
            key = frozenset((match.entry_a_id, match.entry_b_id))
            assert key not in met
            met.add(key)
        play_round(tournament, director)

    tournament.refresh_from_db()
    assert tournament.status == "finished"
    rows = api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    assert rows[0]["wins"] == 3
    assert list(rows[0]["tie_breakers"])[:2] == ["wins", "buchholz"]
    assert "sonneborn_berger" in rows[0]


def test_a_round_cannot_be_paired_before_the_last_one_is_finished(api, club, director):
    tournament = make_event(club, director, "swiss", 6, rounds=3)

    response = pair(api, tournament)

    assert response.status_code == 409
    assert response.json()["code"] == "round_unfinished"


def test_round_robin_rounds_are_not_paired_on_demand(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)

    assert pair(api, tournament).status_code == 409


def test_an_odd_swiss_field_gives_byes_to_different_entries(club, director):
    tournament = make_event(club, director, "swiss", 5, rounds=4)
    for _ in range(3):
        play_round(tournament, director)
        round_pair_next(tournament=tournament, by=director)

    byes = list(tournament.matches.filter(bye=True).values_list("entry_a", flat=True))

    assert len(byes) == 4
    assert len(set(byes)) == 4


def test_a_pin_and_a_forced_bye_are_flagged_on_the_pairings(api, club, director):
    tournament = make_event(club, director, "swiss", 5, rounds=3)
    play_round(tournament, director)
    one, two, three, _four, _five = tournament.entries.order_by("seed")

    response = pair(api, tournament, pins=[[one.pk, two.pk]], forced_bye=three.pk)

    assert response.status_code == 201, response.json()
    matches = response.json()["matches"]
    pinned = next(m for m in matches if {e["id"] for e in m["entries"]} == {one.pk, two.pk})
    assert "pinned" in pinned["flags"]
    bye = next(m for m in matches if m["bye"])
    assert bye["entries"][0]["id"] == three.pk
    assert "forced_bye" in bye["flags"]


def test_swapping_two_entries_is_flagged_and_audited(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)
    first, second = rnd.matches.order_by("table")

    response = api.post(
        f"/api/v1/rounds/{rnd.pk}/override/",
        {"action": "swap", "a": first.entry_a_id, "b": second.entry_a_id},
        format="json",
    )

    assert response.status_code == 200, response.json()
    assert all("swapped" in m["flags"] for m in response.json()["matches"])
    assert tournament.audit.filter(what="round_swap").exists()


def test_an_override_after_results_is_a_conflict(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    play_round(tournament, director)
    rnd = tournament.round_set.get(number=1)
    a, b = rnd.matches.values_list("entry_a", flat=True)

    response = api.post(
        f"/api/v1/rounds/{rnd.pk}/override/", {"action": "swap", "a": a, "b": b}, format="json"
    )

    assert response.status_code == 409


def test_a_withdrawn_entry_forfeits_its_remaining_round_robin_matches(api, club, director):
    tournament = make_event(club, director, "round_robin", 4)
    quitter = tournament.entries.get(seed=4)

    response = api.post(f"/api/v1/entries/{quitter.pk}/withdraw/", {"reason": "ill"})

    assert response.status_code == 200
    assert response.json()["status"] == "withdrawn"
    assert [h["what"] for h in response.json()["history"]] == ["registered", "withdrawn"]
    forfeits = Match.objects.filter(tournament=tournament, status="walkover")
    assert forfeits.count() == 3
    assert all(m.winner_id != quitter.pk for m in forfeits)
    assert api.post(f"/api/v1/entries/{quitter.pk}/withdraw/").status_code == 409


def test_a_withdrawn_entry_loses_its_bracket_matches_by_walkover(club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    quitter = tournament.entries.get(seed=4)

    entry_withdraw(entry=quitter, by=director)

    w11 = tournament.matches.get(bracket_key="W1-1")
    assert w11.status == "walkover"
    assert w11.winner.seed == 1
    assert tournament.matches.get(bracket_key="W2-1").entry_a_id == w11.winner_id


def test_a_withdrawn_swiss_entry_is_not_paired_again(club, director):
    tournament = make_event(club, director, "swiss", 6, rounds=3)
    play_round(tournament, director)
    quitter = tournament.entries.get(seed=6)
    entry_withdraw(entry=quitter, by=director)

    rnd = round_pair_next(tournament=tournament, by=director)

    paired = {e for m in rnd.matches.all() for e in (m.entry_a_id, m.entry_b_id)}
    assert quitter.pk not in paired


def test_a_late_swiss_entry_joins_the_next_round(club, director):
    tournament = make_event(club, director, "swiss", 4, rounds=3)
    play_round(tournament, director)
    late = entry_add(tournament=tournament, players=players_of(club, 2), by=director)

    rnd = round_pair_next(tournament=tournament, by=director)

    assert late.late
    assert rnd.matches.filter(entry_a=late).exists() or rnd.matches.filter(entry_b=late).exists()


def test_late_entries_are_refused_once_a_bracket_has_started(api, club, director):
    tournament = make_event(club, director, "single_elimination", 4)
    a, b = players_of(club, 2)

    response = api.post(f"/api/v1/tournaments/{tournament.pk}/entries/", {"players": [a.pk, b.pk]})

    assert response.status_code == 409
    assert Entry.objects.filter(tournament=tournament).count() == 4


def test_every_partner_in_an_individual_event_changes_each_round(club, director):
    tournament = make_event(club, director, "individual", 8)
    partners = set()
    for _ in range(tournament.rounds):
        rnd = tournament.round_set.order_by("-number").first()
        for match in rnd.matches.filter(bye=False):
            for pair_ in (
                (match.entry_a_id, match.partner_a_id),
                (match.entry_b_id, match.partner_b_id),
            ):
                assert frozenset(pair_) not in partners
                partners.add(frozenset(pair_))
        play_round(tournament, director)
        tournament.refresh_from_db()
        if tournament.status == "running":
            round_pair_next(tournament=tournament, by=director)

    assert len(partners) == len(list(combinations(range(8), 2)))


def test_an_override_after_a_hand_was_recorded_at_a_table_is_a_conflict(api, club, director):
    from tournaments.match_games import match_game_start

    tournament = make_event(club, director, "round_robin", 4)
    rnd = tournament.round_set.get(number=1)
    first, second = rnd.matches.order_by("table")
    game = match_game_start(match=first, by=director)
    hand = hand_in(ns=100, number=1)
    assert api.post(f"/api/v1/games/{game.pk}/hands/", hand, format="json").status_code == 201

    response = api.post(
        f"/api/v1/rounds/{rnd.pk}/override/",
        {"action": "swap", "a": first.entry_a_id, "b": second.entry_a_id},
        format="json",
    )

    assert response.status_code == 409
    assert response.json()["code"] == "round_has_games"
    assert first.games.get().game_id == game.pk, "the started game keeps its match"
