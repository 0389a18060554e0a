"""Seating through a club night: sit-outs rotate fairly at every new round
and every table's next game, late arrivals join, check-ins can be undone, players go
home. The fairness rule, as a director says it: nobody sits out twice before everyone
present has sat out once."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from play import seating
from play.checkins import night_check_in, night_check_in_undo, night_leave
from play.models import CheckIn, Game, SitOut, TableSeating
from play.night_rounds import night_next_round
from play.night_seating import current_table, night_seat
from play.table_games import table_next_game
from rookclub.core.errors import Conflict
from tests.factories import players_of
from tests.play.conftest import play_out
from tests.play.test_nights import open_night

# ---- the pure rules ------------------------------------------------------------------


def _even(spells: Counter, present: list) -> bool:
    """Nobody has sat out twice while someone present has not sat out yet (and so on)."""
    counts = [spells[p] for p in present]
    return max(counts) - min(counts) <= 1


@settings(max_examples=150, deadline=None)
@given(size=st.integers(5, 41), rounds=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_whole_rounds_rotate_sit_outs_fairly(size, rounds, seed):
    rng = random.Random(seed)
    players = [(p,) for p in range(size)]
    spells: Counter = Counter()
    waiting: list = []
    for _ in range(rounds):
        out = seating.round_sit_outs(players, size % 4, spells, rng, waiting=waiting)
        assert len(out) == size % 4
        spells.update(out)
        assert _even(spells, players)
        if size % 4 * 2 <= size:  # last round's sit-outs all come in when they can
            assert not set(out) & set(waiting)
        waiting = out


@settings(max_examples=150, deadline=None)
@given(size=st.integers(5, 23), events=st.integers(1, 30), seed=st.integers(0, 10**6))
def test_a_table_at_a_time_rotates_sit_outs_fairly(size, events, seed):
    """Tables finish one at a time; each time, the waiting come in as fairness allows."""
    rng = random.Random(seed)
    everyone = list(range(size))
    tables = [everyone[i : i + 4] for i in range(0, size - size % 4, 4)]
    waiting = everyone[len(tables) * 4 :]
    spells = Counter({(p,): 1 for p in waiting})
    for _ in range(events):
        t = rng.randrange(len(tables))
        fewest = min(spells[(p,)] for p in everyone)
        out = seating.table_sit_outs(
            [(p,) for p in tables[t]], [(p,) for p in waiting], len(waiting), spells, fewest, rng
        )
        starting = [u for u in out if u[0] in tables[t]]
        assert all(spells[u] <= fewest for u in starting), "a second sit-out came too early"
        spells.update(starting)
        assert _even(spells, [(p,) for p in everyone])
        pool = tables[t] + waiting
        out_ids = {u[0] for u in out}
        tables[t] = [p for p in pool if p not in out_ids]
        waiting = [p for p in pool if p in out_ids]
        assert len(tables[t]) == 4
        assert sorted([p for t in tables for p in t] + waiting) == everyone


def test_arrange_avoids_repeating_partners_when_it_can():
    rng = random.Random(1)
    first = seating.arrange(range(8), rng)
    partnered = Counter(pair for table in first for pair in seating.pairs_of(table)[0])
    second = seating.arrange(range(8), rng, partnered=partnered)
    again = [pair for table in second for pair in seating.pairs_of(table)[0] if partnered[pair]]
    assert again == []


# ---- a night, through the services ----------------------------------------------------

pytestmark = pytest.mark.django_db


def _finish(game: Game) -> None:
    """End a game without its hands: seating only asks whether it is over."""
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)


def _assert_fair_so_far(night) -> None:
    here = list(CheckIn.objects.filter(night=night).values_list("player_id", flat=True))
    spells: Counter = Counter()
    for round_ in night.rounds.order_by("number").prefetch_related("sit_outs"):
        spells.update(s.player_id for s in round_.sit_outs.all())
        assert _even(spells, here), f"unfair after round {round_.number}: {spells}"


@pytest.mark.parametrize(
    ("method", "size"),
    [("random", n) for n in (5, 6, 7, 9, 10, 11, 14)] + [("fixed", n) for n in (6, 10, 14)],
)
def test_a_long_night_never_sits_anyone_out_twice_too_soon(club, director, size, method):
    night = open_night(club, director, size)
    if method == "fixed":
        players = list(night.check_ins.order_by("player_id").values_list("player", flat=True))
        from rookclub.clubs.models import Player

        by_id = Player.objects.in_bulk(players)
        pairs = [(by_id[a], by_id[b]) for a, b in zip(players[::2], players[1::2], strict=True)]
        night_seat(night=night, by=director, method="fixed", partnerships=pairs, seed=5)
    else:
        night_seat(night=night, by=director, seed=5)
    rng = random.Random(size)
    for step in range(14):
        tables = list(
            TableSeating.objects.filter(round__night=night).values_list("table", flat=True)
        )
        number = rng.choice(sorted(set(tables)))
        table = current_table(night, number)
        _finish(Game.objects.filter(table_seating=table).latest("id"))
        if step % 5 == 4:  # now and then the whole room moves on
            for n in set(tables):
                for g in Game.objects.filter(table_seating=current_table(night, n)):
                    _finish(g)
            night_next_round(night=night, by=director, seed=step)
        else:
            table_next_game(table=table, by=director, seed=step)
        _assert_fair_so_far(night)
    spells = Counter(SitOut.objects.filter(round__night=night).values_list("player", flat=True))
    assert spells, "nobody ever sat out on a night that cannot seat everyone"
    if method == "fixed":  # partners stay together all night
        for t in TableSeating.objects.filter(round__night=night):
            first = TableSeating.objects.filter(round__night=night).order_by("round__number")
            assert {frozenset((t.north_id, t.south_id)), frozenset((t.east_id, t.west_id))} <= {
                frozenset((f.north_id, f.south_id)) for f in first
            } | {frozenset((f.east_id, f.west_id)) for f in first} | _resting_pairs(night)


def _resting_pairs(night) -> set:
    return {
        frozenset((s.player_id, s.partner_id))
        for s in SitOut.objects.filter(round__night=night, partner__isnull=False)
    }


def test_the_waiting_come_in_when_a_table_finishes(club, director, scorer):
    night = open_night(club, director, 10)
    first = night_seat(night=night, by=director, seed=2)
    waiting = set(first.sit_outs.values_list("player", flat=True))
    table = first.tables.get(table=1)
    play_out(Game.objects.get(table_seating=table), scorer)

    new = table_next_game(table=table, by=director, seed=1)

    assert {p.pk for p in new.came_in} == waiting
    assert len(new.went_out) == 2
    seated = new.game.table_seating
    assert seated.table == 1 and seated.round.number == 2
    assert waiting <= {seated.north_id, seated.east_id, seated.south_id, seated.west_id}
    # Those going out start their sit-out now; the table's other three play on with them.
    assert set(seated.round.sit_outs.values_list("player", flat=True)) == {
        p.pk for p in new.went_out
    }
    # Table 2 plays on, untouched, and is still a current table.
    assert current_table(night, 2) == first.tables.get(table=2)


def test_a_late_arrival_joins_at_the_next_game_with_a_seat(club, director, scorer):
    night = open_night(club, director, 8)
    first = night_seat(night=night, by=director, seed=2)
    (late,) = players_of(club, 1)
    night_check_in(night=night, players=[late], by=director)
    table = first.tables.get(table=1)
    play_out(Game.objects.get(table_seating=table), scorer)

    new = table_next_game(table=table, by=director, seed=3)

    assert late in new.came_in
    assert len(new.went_out) == 1


def test_with_nobody_waiting_the_same_four_play_on(club, director, scorer):
    night = open_night(club, director, 8)
    table = night_seat(night=night, by=director, seed=2).tables.get(table=1)
    play_out(Game.objects.get(table_seating=table), scorer)

    new = table_next_game(table=table, by=director)

    assert new.game.table_seating == table
    assert new.came_in == new.went_out == []


def test_a_check_in_is_undone_before_the_player_has_played(club, director):
    night = open_night(club, director, 5)
    night_seat(night=night, by=director, seed=4)
    out = SitOut.objects.get(round__night=night).player
    seated = TableSeating.objects.get(round__night=night).north

    night_check_in_undo(night=night, player=out, by=director)
    with pytest.raises(Conflict) as refused:
        night_check_in_undo(night=night, player=seated, by=director)

    assert not CheckIn.objects.filter(night=night, player=out).exists()
    assert not SitOut.objects.filter(round__night=night, player=out).exists()
    assert refused.value.code == "has_played"
    assert "gone home" in str(refused.value)


def test_a_player_who_goes_home_is_kept_but_not_seated_again(club, director, scorer):
    night = open_night(club, director, 9)
    first = night_seat(night=night, by=director, seed=4)
    table = first.tables.get(table=1)
    leaver = table.north
    night_leave(night=night, player=leaver, by=director)
    for t in first.tables.all():
        play_out(Game.objects.get(table_seating=t), scorer)

    second = night_next_round(night=night, by=director, seed=1)

    seated = {
        pid for t in second.tables.all() for pid in (t.north_id, t.east_id, t.south_id, t.west_id)
    }
    assert leaver.pk not in seated
    assert not second.sit_outs.filter(player=leaver).exists()
    assert len(seated) == 8  # the other eight all play: nobody need sit out now
    assert CheckIn.objects.get(night=night, player=leaver).left_at is not None
    # Checking them in again brings them back.
    night_check_in(night=night, players=[leaver], by=director)
    assert CheckIn.objects.get(night=night, player=leaver).left_at is None


def test_a_table_short_of_a_player_with_nobody_waiting_is_refused(club, director, scorer):
    night = open_night(club, director, 8)
    table = night_seat(night=night, by=director, seed=2).tables.get(table=1)
    night_leave(night=night, player=table.east, by=director)
    play_out(Game.objects.get(table_seating=table), scorer)

    from rookclub.core.errors import Invalid

    with pytest.raises(Invalid) as refused:
        table_next_game(table=table, by=director)
    assert "needs four players" in str(refused.value)


# ---- the API and the page --------------------------------------------------------------


def test_the_api_undoes_a_check_in_sends_a_player_home_and_starts_a_tables_next_game(
    club, director, scorer
):
    api = APIClient()
    api.force_authenticate(director)
    night = open_night(club, director, 10)
    first = night_seat(night=night, by=director, seed=2)
    out = list(first.sit_outs.values_list("player", flat=True))
    table = first.tables.get(table=2)
    play_out(Game.objects.get(table_seating=table), scorer)

    overview = api.get(f"/api/v1/sessions/{night.pk}/").json()
    started = api.post(f"/api/v1/sessions/{night.pk}/tables/2/new-game/", {}, format="json")
    gone = api.post(f"/api/v1/sessions/{night.pk}/leave/", {"player": out[0]}, format="json")
    bad = api.post(f"/api/v1/sessions/{night.pk}/undo-check-in/", {"player": "x"}, format="json")
    missing = api.post(f"/api/v1/sessions/{night.pk}/tables/9/new-game/", {}, format="json")

    assert sorted(overview["waiting"]) == sorted(out)
    assert [t["table"] for t in overview["tables"]] == [1, 2]
    assert started.status_code == 201, started.content
    assert sorted(started.json()["came_in"]) == sorted(out)
    assert gone.status_code == 200 and out[0] in gone.json()["gone"]
    assert bad.status_code == 400 and "player" in bad.json()
    assert missing.status_code == 404


def test_the_night_page_offers_undo_and_gone_home(club, director, client):
    night = open_night(club, director, 5)
    night_seat(night=night, by=director, seed=4)
    out = SitOut.objects.get(round__night=night).player
    client.force_login(director)

    page = client.get(f"/sessions/{night.pk}/").content.decode()
    response = client.post(f"/sessions/{night.pk}/undo-check-in/", {"player": out.pk}, follow=True)

    assert 'form="undo-check-in"' in page and 'form="gone-home"' in page
    assert "Next round: reseat everyone" in page
    assert f"{out.name}&#x27;s check-in is undone." in response.content.decode()
    assert not CheckIn.objects.filter(night=night, player=out).exists()
