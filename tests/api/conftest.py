"""A club with something in it, for fuzzing the API: a director, twelve players, a
club night seated at two tables with a few hands recorded, table links, a running
Swiss tournament, a print job and an invitation. Built through the services."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

import pytest
from rest_framework.test import APIClient

from play import checkins, night_opening, night_seating, table_links
from play.door_checkin import door_key
from play.hands import hand_record
from play.models import Game, Hand, Night
from rookclub.clubs import members
from rookclub.clubs.models import Club
from rookclub.printing.models import PrintJob
from tests.factories import ClubFactory, director_of, hand_in, players_of, scorer_of
from tournaments import services as events
from tournaments import table_links as round_links
from tournaments.entries import entry_add
from tournaments.models import Tournament
from tournaments.rounds import tournament_start


@dataclass
class FuzzWorld:
    club: Club
    director: Any
    night: Night
    game: Game
    hand: Hand
    tournament: Tournament
    ids: dict[str, Any] = field(default_factory=dict)

    def path_values(self, path: str) -> dict[str, Any]:
        """Values for a path's placeholders that name this world's rows."""
        segment = path.removeprefix("/api/v1/").split("/")[0]
        own_id = {
            "clubs": self.club.pk,
            "players": self.ids["player"],
            "sessions": self.night.pk,
            "games": self.game.pk,
            "hands": self.hand.pk,
            "tournaments": self.tournament.pk,
            "matches": self.ids["match"],
            "entries": self.ids["entry"],
            "rounds": self.ids["round"],
            "print-jobs": self.ids["job"],
            "rulesets": None,
        }.get(segment)
        values = {
            "club_id": self.club.pk,
            "user_id": self.ids["member"],
            "key": self.ids["key"],
            "token": self.ids["invite"],
            "slug": "tournament",
            "number": 1,
            "table": 1,
            "game": self.game.pk,
            "night": self.night.pk,
            "tournament": self.tournament.pk,
        }
        if segment == "print":
            values["slug"] = self.club.slug
            values["round"] = (
                self.ids["round"] if "tournament-rounds" in path else self.ids["night_round"]
            )
        if segment == "table":
            values["key"] = self.ids["key"]
        if segment == "door":  # the night's door key, so the door's operations find it
            values["key"] = self.ids["door"]
        if own_id is not None:
            values["id"] = own_id
        return values


@pytest.fixture
def fuzz_world(db) -> FuzzWorld:
    club = ClubFactory(name="Fuzz Street", slug="fuzz-street")
    director = director_of(club, username="fuzz-director")
    # The member whose role and player the members API changes: never the director,
    # or one PATCH would leave every later request a 404 (not a club of theirs).
    scorer = scorer_of(club, username="fuzz-scorer")
    players = players_of(club, 12)
    night = night_opening.night_open(club=club, date=datetime.date(2026, 3, 5), opened_by=director)
    checkins.night_check_in(night=night, players=players[:8], by=director)
    seated = night_seating.night_seat(night=night, by=director, seed=7)
    game = Game.objects.filter(night=night).order_by("id").first()
    hand = hand_record(game=game, data=hand_in(bid=80, ns=85), entered_by=director)
    hand_record(game=game, data=hand_in(bid=95, ns=75), entered_by=director)
    key = table_links.night_tables(night=night)[0].link.key

    tournament = events.tournament_create(
        club=club,
        name="Fuzz Open",
        format="swiss",
        rounds=3,
        by=director,
        options={"start_games": False},
    )
    pairs = [players[i : i + 2] for i in range(0, 8, 2)]
    entries = [
        entry_add(tournament=tournament, players=pair, seed=n + 1, by=director)
        for n, pair in enumerate(pairs)
    ]
    tournament = tournament_start(tournament=tournament, by=director, draw_seed="fuzz")
    rnd = tournament.round_set.order_by("number").first()
    round_links.round_tables(rnd=rnd)  # makes the round's table links
    match = rnd.matches.order_by("table").first()
    job = PrintJob.objects.create(
        kind="round-sheets",
        parameters={"round": seated.pk},
        fingerprint="fuzz",
        created_by=director,
    )
    invite = members.invite_create(club=club, by=director)
    return FuzzWorld(
        club=club,
        director=director,
        night=night,
        game=game,
        hand=hand,
        tournament=tournament,
        ids={
            "player": players[0].pk,
            "match": match.pk,
            "entry": entries[0].pk,
            "round": rnd.pk,
            "night_round": seated.pk,
            "job": job.pk,
            "key": key,
            "invite": invite.token,
            "member": scorer.pk,
            "door": door_key(night),
            "players": [p.pk for p in players],
            "entries": [e.pk for e in entries],
        },
    )


@pytest.fixture
def api(director):
    """The API as the club's director. Not raising the view's exception: a 500 must show
    as the answer a client gets."""
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(director)
    return client
