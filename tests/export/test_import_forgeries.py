"""An edited export cannot forge results, even with its plain checksum recomputed: the
import's consistency checks refuse what the file cannot have come from, and only a
file this installation signed is said to be untouched."""

import json

import pytest
from django.core.management import CommandError, call_command
from django.core.serializers.json import DjangoJSONEncoder

from rookclub.clubs.export import checksum, club_export
from rookclub.clubs.models import Club
from tests.export.club_data import build_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def document():
    club = build_club(nights=1)
    return json.loads(json.dumps(club_export(club=club).document(), cls=DjangoJSONEncoder))


def import_file(tmp_path, document, capsys) -> str:
    path = tmp_path / "club.json"
    path.write_text(json.dumps(document))
    call_command("import_club", str(path), "--slug", "copy")
    return capsys.readouterr().out


def recomputed(document) -> dict:
    """The file as a forger leaves it: the plain checksum matches the edited tables."""
    document["checksum"] = checksum(document["tables"])
    return document


def refused(tmp_path, document) -> str:
    with pytest.raises(CommandError) as caught:
        call_command_file(tmp_path, document)
    assert not Club.objects.filter(slug="copy").exists()
    return str(caught.value)


def call_command_file(tmp_path, document) -> None:
    path = tmp_path / "club.json"
    path.write_text(json.dumps(document))
    call_command("import_club", str(path), "--slug", "copy")


def test_a_file_exported_here_is_imported_as_untouched(tmp_path, document, capsys):
    out = import_file(tmp_path, document, capsys)

    assert "exported by this Rookclub and is untouched" in out


def test_a_file_without_this_installations_signature_says_it_was_checked_by_replay(
    tmp_path, document, capsys
):
    document["signature"] = "hmac-sha256:" + "0" * 64  # signed by another installation

    out = import_file(tmp_path, document, capsys)

    assert "checked by replaying every hand" in out


def test_a_match_declared_decided_that_nobody_played_or_entered_is_refused(tmp_path, document):
    tables = document["tables"]
    typed = next(g for g in tables["match_games"] if g["game"] is None)
    match = next(m for m in tables["matches"] if m["id"] == typed["match"])
    match["winner"] = match["entry_b"]
    typed["score_a"], typed["score_b"] = 0, 500
    tables["audit_entries"] = [a for a in tables["audit_entries"] if a["match"] != match["id"]]

    message = refused(tmp_path, recomputed(document))

    assert f"match {match['id']}: game 1's score [0, 500] was neither played" in message


def test_a_typed_result_changed_from_what_the_director_entered_is_refused(tmp_path, document):
    tables = document["tables"]
    typed = next(g for g in tables["match_games"] if g["game"] is None)
    typed["score_a"], typed["score_b"] = typed["score_b"], typed["score_a"]

    message = refused(tmp_path, recomputed(document))

    assert f"match {typed['match']}: game {typed['number']}'s score" in message


def test_a_player_swapped_into_a_game_at_another_table_of_the_round_is_refused(tmp_path, document):
    tables = document["tables"]
    seating = {t["id"]: t for t in tables["night_tables"]}
    game = next(g for g in tables["games"] if g["table_seating"])
    table = seating[game["table_seating"]]
    other = next(
        t for t in tables["night_tables"] if t["round"] == table["round"] and t["id"] != table["id"]
    )
    out, into = table["north"], other["north"]
    swap(tables, game["id"], out, into)

    message = refused(tmp_path, recomputed(document))

    assert f"player {into} plays it but is not seated at its table" in message


def swap(tables, game_id, out, into) -> None:
    """Every row of one game that names player ``out`` names ``into`` instead."""
    for seat in tables["game_seats"]:
        if seat["game"] == game_id and seat["player"] == out:
            seat["player"] = into
    hands = {h["id"] for h in tables["hands"] if h["game"] == game_id}
    for hand in tables["hands"]:
        if hand["id"] in hands:
            hand["seats"] = {s: into if p == out else p for s, p in hand["seats"].items()}
            if hand["declarer"] == out:
                hand["declarer"] = into
    for result in tables["hand_results"]:
        if result["hand"] in hands and result["player"] == out:
            result["player"] = into
    for game in tables["games"]:
        if game["id"] == game_id:
            totals = game["player_totals"]
            if str(out) in totals:
                totals[str(into)] = totals.pop(str(out))
            game["winners"] = [into if p == out else p for p in game["winners"]]
