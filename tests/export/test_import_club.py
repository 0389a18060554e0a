"""manage.py import_club: all or nothing, new ids, and a sentence for every bad file."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.core.serializers.json import DjangoJSONEncoder

from play.hands import hand_record
from play.models import Game, Hand
from rookclub.clubs.export import club_export
from rookclub.clubs.models import Club, Player
from tests.factories import ClubFactory, director_of, game_for, scorer_of
from tests.play.conftest import made_hand

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def document():
    club = ClubFactory(name="Pine Ridge", slug="pine-ridge")
    director_of(club, username="pat")
    scorer = scorer_of(club, username="sky")
    game = game_for(club)
    for bid in (80, 85):
        hand_record(game=game, data=made_hand(bid=bid), entered_by=scorer)
    return json.loads(json.dumps(club_export(club=club).document(), cls=DjangoJSONEncoder))


def run(tmp_path, content, *args) -> str:
    path = tmp_path / "club.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    call_command("import_club", str(path), *args)
    return str(path)


def counts() -> tuple[int, ...]:
    return (
        Club.objects.count(),
        Player.objects.count(),
        Game.objects.count(),
        Hand.objects.count(),
        get_user_model().objects.count(),
    )


def refused(tmp_path, content, *args) -> str:
    before = counts()
    with pytest.raises(CommandError) as caught:
        run(tmp_path, content, *args)
    assert counts() == before  # nothing was written
    return str(caught.value)


def test_the_command_imports_a_club_under_a_new_slug(tmp_path, document, capsys):
    run(tmp_path, document, "--slug", "pine-ridge-2")

    copy = Club.objects.get(slug="pine-ridge-2")
    assert "Imported Pine Ridge (slug pine-ridge-2" in capsys.readouterr().out
    hands = Hand.objects.filter(game__club=copy).order_by("number")
    assert [h.bid for h in hands] == [80, 85]
    exported = {p["name"] for p in document["tables"]["players"]}
    assert {p.name for p in copy.players.all()} == exported
    assert copy.memberships.get(user__username="pat").role == "director"


def test_people_without_an_account_here_get_one_without_a_password(tmp_path, document):
    get_user_model().objects.filter(username="sky").delete()
    run(tmp_path, document, "--slug", "pine-ridge-2")
    sky = get_user_model().objects.get(username="sky")
    assert not sky.has_usable_password()
    assert Hand.objects.filter(game__club__slug="pine-ridge-2", entered_by=sky).count() == 2


def test_a_club_that_already_exists_is_refused(tmp_path, document):
    message = refused(tmp_path, document)
    assert "A club with the slug 'pine-ridge' already exists here; nothing was imported." in message


def test_a_file_that_is_not_json_is_refused(tmp_path):
    assert "is not JSON" in refused(tmp_path, "{not json")


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_club", str(tmp_path / "nowhere.json"))


def test_a_file_of_another_kind_is_refused(tmp_path, document):
    assert "This is not a Rookclub club export" in refused(tmp_path, {"tables": {}})
    document["version"] = 2
    assert "This export is version 2; this Rookclub reads version 1." in refused(
        tmp_path, document, "--slug", "x"
    )


def test_a_table_or_column_this_rookclub_does_not_know_is_refused(tmp_path, document):
    document["tables"]["dragons"] = []
    message = refused(tmp_path, document, "--slug", "x")
    assert "tables this Rookclub does not know: dragons" in message
    del document["tables"]["dragons"]
    document["tables"]["players"][0]["nickname"] = "Ace"
    row = document["tables"]["players"][0]["id"]
    message = refused(tmp_path, document, "--slug", "x")
    assert f"players, row {row}: this Rookclub has no column nickname." in message


def test_a_hand_of_a_game_not_in_the_file_is_refused_and_nothing_is_kept(tmp_path, document):
    hand = document["tables"]["hands"][-1]
    hand["game"] = 999999
    message = refused(tmp_path, document, "--slug", "x")
    assert f"hands, row {hand['id']}: game 999999 is not a row of games." in message
    assert not Club.objects.filter(slug="x").exists()


def test_a_value_of_the_wrong_kind_is_refused_with_its_column(tmp_path, document):
    game = document["tables"]["games"][0]
    game["created_at"] = "yesterday"
    message = refused(tmp_path, document, "--slug", "x")
    assert f"games, row {game['id']}: created_at:" in message


def test_the_command_exits_non_zero_with_a_sentence(tmp_path):
    path = tmp_path / "club.json"
    path.write_text(json.dumps({"format": "something-else"}))
    done = subprocess.run(
        [sys.executable, "manage.py", "import_club", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 1
    assert "This is not a Rookclub club export" in done.stderr


def test_a_file_from_before_won_was_exported_still_counts_the_games_won(tmp_path):
    from play.services import game_start
    from standings.standings import season_standings
    from tests.factories import NightFactory, players_of

    club = ClubFactory(name="Elm Hall", slug="elm-hall")
    director = director_of(club, username="eve")
    seats = dict(zip(("north", "east", "south", "west"), players_of(club, 4), strict=True))
    game = game_start(
        seats=seats,
        night=NightFactory(club=club),
        options={"fixed_hands": 2},
        created_by=director,
    )
    for number in (1, 2):
        hand_record(game=game, data=made_hand(), entered_by=director, number=number)
    game.refresh_from_db()
    assert game.is_finished and game.winners
    document = json.loads(json.dumps(club_export(club=club).document(), cls=DjangoJSONEncoder))
    for row in document["tables"]["hand_results"]:
        del row["won"]  # as a file written before the column existed

    run(tmp_path, document, "--slug", "elm-hall-2", "--accept-edited")

    copy = Club.objects.get(slug="elm-hall-2")
    won = {r.name: r.won for r in season_standings(club=copy).players}
    assert sorted(won.values()) == [0, 0, 1, 1]
    assert won == {r.name: r.won for r in season_standings(club=club).players}


# ---- an import cannot forge ---------------------------------------------------


def test_an_edited_result_is_refused_naming_the_first_hand_even_with_accept_edited(
    tmp_path, document
):
    hand = document["tables"]["hands"][0]
    forged = next(r for r in document["tables"]["hand_results"] if r["hand"] == hand["id"])
    forged["points"] = 999999

    for args in ((), ("--accept-edited",)):
        message = refused(tmp_path, document, "--slug", "x", *args)
        game = hand["game"]
        assert f"game {game}, hand {hand['number']}: the file's the players' points" in message


def test_an_edited_hand_score_is_refused(tmp_path, document):
    hand = document["tables"]["hands"][1]
    hand["score_ns"] += 100
    hand["total_ns"] += 100

    message = refused(tmp_path, document, "--slug", "x", "--accept-edited")

    assert f"hand {hand['number']}: the file's score_ns, total_ns disagree" in message


def test_an_edited_game_total_is_refused(tmp_path, document):
    game = document["tables"]["games"][0]
    game["totals"] = {"north_south": 500, "east_west": 0}

    message = refused(tmp_path, document, "--slug", "x", "--accept-edited")

    assert f"game {game['id']}: the file's totals disagree" in message


def test_a_file_changed_since_its_export_is_refused_unless_accepted_and_logged(
    tmp_path, document, caplog
):
    document["tables"]["players"][0]["name"] = "Renamed By Hand"

    message = refused(tmp_path, document, "--slug", "x")
    assert "changed after it was exported" in message and "--accept-edited" in message

    with caplog.at_level("WARNING", logger="rookclub.clubs.export_import"):
        run(tmp_path, document, "--slug", "x", "--accept-edited")
    assert Player.objects.filter(name="Renamed By Hand", club__slug="x").count() == 1
    assert any("accepted with --accept-edited" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("column", ["is_superuser", "is_staff", "password"])
def test_a_person_row_with_a_privilege_or_a_password_is_refused(tmp_path, document, column):
    document["tables"]["users"][0][column] = True if column != "password" else "pbkdf2$x"

    message = refused(tmp_path, document, "--slug", "x", "--accept-edited")

    assert f"an import never sets {column}" in message
    assert not get_user_model().objects.filter(is_superuser=True).exists()


def test_an_unknown_person_column_is_refused(tmp_path, document):
    document["tables"]["users"][0]["nickname"] = "Ace"

    message = refused(tmp_path, document, "--slug", "x", "--accept-edited")

    assert "has no column nickname" in message


def test_an_import_rebuilds_each_games_running_state(tmp_path, document):
    run(tmp_path, document, "--slug", "pine-ridge-2")

    copy = Game.objects.get(club__slug="pine-ridge-2")
    assert copy.state and copy.state["start"]
