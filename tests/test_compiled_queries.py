"""Queries built once per process (rookclub/core/compiled.py, issue #26): the game's
lock and the hand's INSERT answer as the ORM's own would."""

import pytest
from django.db.models.signals import post_save, pre_save

from rookclub.core.compiled import CompiledGet, CompiledInsert, CompiledUpdate
from scoring.models import Game, Hand, HandResult
from scoring.permissions import game_for_recording
from tests.factories import ClubFactory, game_for, scorer_of

pytestmark = pytest.mark.django_db


def test_a_hand_its_results_and_its_game_have_no_save_receivers_the_compiled_would_skip():
    for model in (Hand, HandResult, Game):
        for signal in (pre_save, post_save):
            assert not signal.has_listeners(model), f"{signal} has a receiver for {model}"


def test_the_locked_game_is_the_orms_game_with_its_club_and_the_role():
    club = ClubFactory()
    scorer = scorer_of(club)
    game = game_for(club)
    from django.db import transaction

    with transaction.atomic():
        locked = game_for_recording(game.pk, scorer)
    orm = Game.objects.select_related("club").get(pk=game.pk)
    for field in Game._meta.concrete_fields:
        assert getattr(locked, field.attname) == getattr(orm, field.attname), field.name
    assert locked.club == orm.club and locked.club.name == orm.club.name
    assert locked.recorder_role == "scorer"
    with pytest.raises(Game.DoesNotExist), transaction.atomic():
        game_for_recording(game.pk + 1000, scorer)


def test_a_compiled_get_swaps_only_its_marks():
    get = CompiledGet(lambda pk: Game.objects.filter(pk=pk).order_by()[:2], [-99_001])
    club = ClubFactory()
    one, two = game_for(club), game_for(club)
    assert get.get(one.pk).pk == one.pk
    assert get.get(two.pk).pk == two.pk


@pytest.mark.parametrize("pk", [2**63, -(2**63) - 1, 3459683800349762917917706420224])
def test_an_id_past_the_columns_range_is_no_row_as_the_orm_says(pk):
    # The API fuzz found a hand posted to such a game id answered 500 on SQLite
    # (OverflowError from its driver); the ORM's own lookup answers no row.
    get = CompiledGet(lambda pk: Game.objects.filter(pk=pk).order_by()[:2], [-99_001])
    assert not Game.objects.filter(pk=pk).exists()
    with pytest.raises(Game.DoesNotExist):
        get.get(pk)
    # The hand post's answer (404): tests/api/test_refusals.py.


def test_a_compiled_insert_stores_what_save_would():
    club = ClubFactory()
    game = game_for(club)
    first = Hand(game=game, number=1, record={"a": 1}, score={}, dealer="north", seats={})
    CompiledInsert(Hand).save_new(first)
    assert first.pk is not None and not first._state.adding
    stored = Hand.objects.get(pk=first.pk)
    assert stored.record == {"a": 1} and stored.entered_at is not None


def test_a_hands_results_inserted_at_once_are_what_bulk_create_stores():
    club = ClubFactory()
    game = game_for(club)
    hand = Hand(game=game, number=1, record={}, score={}, dealer="north", seats={})
    CompiledInsert(Hand).save_new(hand)
    seated = game.seats.values_list("seat", "player_id")
    rows = [
        HandResult(
            hand=hand, game=game, player_id=pid, seat=seat, points=10 * i, total=10 * i, won=i == 2
        )
        for i, (seat, pid) in enumerate(seated)
    ]

    CompiledInsert(HandResult).save_many(rows)

    assert all(r.pk is not None and not r._state.adding for r in rows)
    stored = {r.pk: (r.player_id, r.seat, r.points, r.total, r.won)
              for r in HandResult.objects.filter(hand=hand)}  # fmt: skip
    assert stored == {r.pk: (r.player_id, r.seat, r.points, r.total, r.won) for r in rows}


def test_a_compiled_update_writes_only_the_named_columns_as_save_would():
    from django.db import DatabaseError
    from django.utils import timezone

    club = ClubFactory()
    game, other = game_for(club), game_for(club)
    game.totals = {"north_south": 120, "east_west": -80}
    game.next_dealer = "south"
    game.finished_at = timezone.now()
    game.status = Game.Status.FINISHED  # changed here, not named: not written

    CompiledUpdate(Game).save(game, ["totals", "next_dealer", "finished_at"])

    stored = Game.objects.get(pk=game.pk)
    assert stored.totals == {"north_south": 120, "east_west": -80}
    assert (stored.next_dealer, stored.finished_at) == ("south", game.finished_at)
    assert stored.status == Game.Status.IN_PROGRESS
    assert Game.objects.get(pk=other.pk).totals == other.totals
    gone = Game(pk=other.pk + 1000, totals={})
    with pytest.raises(DatabaseError):
        CompiledUpdate(Game).save(gone, ["totals"])


def test_a_compiled_list_answers_the_querysets_rows_with_their_annotations():
    from django.db.models import Exists, OuterRef

    from rookclub.core.compiled import CompiledList
    from scoring.models import HandCorrection

    def hands(game_id):
        corrected = Exists(HandCorrection.objects.filter(hand=OuterRef("pk")))
        return Hand.objects.filter(game_id=game_id).order_by("-number").annotate(fixed=corrected)

    listed = CompiledList(hands, [-99_002])
    club = ClubFactory()
    game, other = game_for(club), game_for(club)
    for number in (1, 2, 3):
        CompiledInsert(Hand).save_new(
            Hand(game=game, number=number, record={"n": number}, score={}, dealer="north", seats={})
        )
    got = listed.all(game.pk)
    assert [(h.pk, h.number, h.record, h.fixed) for h in got] == [
        (h.pk, h.number, h.record, h.fixed) for h in hands(game.pk)
    ]
    assert [h.number for h in got] == [3, 2, 1] and got[0].fixed is False
    assert listed.all(other.pk) == []
    assert listed.all(2**70) == []  # past the 64-bit columns: no row, as the ORM says
