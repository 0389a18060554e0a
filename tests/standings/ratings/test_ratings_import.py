"""Ratings are not exported: ``import_club`` works them out again from the games, and
they come out the same as in the exported club."""

import json

import pytest
from django.core.management import call_command
from django.core.serializers.json import DjangoJSONEncoder

from rookclub.clubs.export import LEFT_OUT, club_export
from rookclub.clubs.models import Club
from standings.models import PlayerRating
from tests.factories import ClubFactory, game_for, players_of, scorer_of
from tests.play.conftest import play_out

pytestmark = pytest.mark.django_db


def test_an_imported_club_has_its_ratings_recomputed(tmp_path):
    club = ClubFactory(name="Pine Ridge", slug="pine-ridge")
    scorer = scorer_of(club, username="sky")
    players = players_of(club, 6)
    play_out(game_for(club, players[:4]), scorer)
    play_out(game_for(club, players[2:6]), scorer, side="east_west")
    document = club_export(club=club).document()
    assert "player_ratings" not in document["tables"]
    assert "standings.PlayerRating" in LEFT_OUT and "standings.RatingChange" in LEFT_OUT
    path = tmp_path / "club.json"
    path.write_text(json.dumps(document, cls=DjangoJSONEncoder))

    call_command("import_club", str(path), "--slug", "pine-ridge-2")

    copy = Club.objects.get(slug="pine-ridge-2")

    def by_name(c):
        rows = PlayerRating.objects.filter(club=c).select_related("player")
        return sorted((r.player.name, r.mu, r.sigma, r.games) for r in rows)

    assert by_name(copy) == by_name(club) and len(by_name(copy)) == 6
