"""The fixture world of the permission matrix: one club ("Maple Street") with a director,
a scorer, a member, a night in play, a running tournament and a print job; a second
club ("Oak Lane") with its own director; and a logged-in user in no club.

Everything of Maple Street carries the word ``Maple`` in its names (players,
entries, the event), so an answer that shows any of it to someone outside the club
is caught by looking for that word (:data:`MARKER`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rest_framework.test import APIClient

from play.hands import hand_record
from play.models import Game, TableLink
from play.table_links import links_for
from rookclub.clubs import members
from rookclub.clubs.models import Membership
from rookclub.printing.services import print_job_start
from tests.factories import ClubFactory, UserFactory, hand_in, member_of, players_of
from tournaments import services as events
from tournaments.entries import entry_add
from tournaments.models import Match
from tournaments.rounds import tournament_start

MARKER = "Maple"
ACTORS = ("anonymous", "outsider", "member", "scorer", "other_director", "director")
#: Rank of each actor in Maple Street (None: not in the club).
RANK = {
    "anonymous": None,
    "outsider": None,
    "other_director": None,
    "member": 1,
    "scorer": 2,
    "director": 3,
}


@dataclass
class World:
    users: dict[str, Any] = field(default_factory=dict)
    ids: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.ids[name]
        except KeyError:
            raise AttributeError(name) from None


def build_world() -> World:
    world = World()
    maple = ClubFactory(name="Maple Street", slug="maple-street")
    oak = ClubFactory(name="Oak Lane", slug="oak-lane")
    users = world.users
    users["director"] = member_of(maple, Membership.Role.DIRECTOR, username="dana")
    users["scorer"] = member_of(maple, Membership.Role.SCORER, username="sam")
    users["member"] = member_of(maple, Membership.Role.MEMBER, username="mo")
    users["other_director"] = member_of(oak, Membership.Role.DIRECTOR, username="olive")
    users["outsider"] = UserFactory(username="otto")
    lee = member_of(maple, Membership.Role.MEMBER, username="lee")  # whose role is changed
    director = users["director"]

    players = players_of(maple, 12)
    for number, player in enumerate(players, start=1):
        player.name = f"{MARKER} Player {number}"
        player.save(update_fields=["name"])
    players_of(oak, 4)

    api = APIClient()
    api.force_authenticate(director)
    night = api.post("/api/v1/sessions/", {"club": maple.pk, "date": "2026-03-05"}).json()
    api.post(f"/api/v1/sessions/{night['id']}/check-in/", {"players": [p.pk for p in players[:8]]})
    api.post(f"/api/v1/sessions/{night['id']}/seat/", {"seed": 7})
    game = Game.objects.filter(night_id=night["id"]).order_by("pk").first()
    hand = hand_record(
        game=game,
        entered_by=users["scorer"],
        number=1,
        data=hand_in(),
    )
    night_link = links_for(club=maple, kind=TableLink.Kind.NIGHT, night=game.night, numbers=[1])[1]

    event = events.tournament_create(
        club=maple,
        name=f"{MARKER} Open",
        format="single_elimination",
        by=director,
        options={"start_games": False},  # the table page itself, not its game
    )
    for number in range(4):
        pair = players[number * 2 : number * 2 + 2]
        entry_add(tournament=event, players=pair, name=f"{MARKER} Pair {number + 1}", by=director)
    event = tournament_start(tournament=event, by=director, draw_seed="m")
    rnd = event.round_set.order_by("number").first()
    match = rnd.matches.filter(status=Match.Status.READY).order_by("table").first()
    round_link = links_for(
        club=maple, kind=TableLink.Kind.TOURNAMENT, scope=rnd.pk, numbers=[match.table]
    )[match.table]
    invitation = members.invite_create(club=maple, role="member", by=director)
    job = print_job_start(
        kind="round-sheets", params={"round": game.table_seating.round_id}, by=director
    )

    world.ids.update(
        club=maple.pk,
        slug=maple.slug,
        other_club=oak.pk,
        lee=lee.pk,
        player=players[0].pk,
        free_player=players[11].pk,
        free_player_2=players[10].pk,
        night=night["id"],
        night_round=game.table_seating.round_id,
        table_seating=game.table_seating.pk,
        game=game.pk,
        hand=hand.pk,
        night_key=night_link.key,
        door_key=game.night.door_key,
        tournament=event.pk,
        round=rnd.pk,
        match=match.pk,
        match_table=match.table,
        entry=match.entry_a_id,
        token=invitation.token,
        job=job.pk,
        round_key=round_link.key,
        players=[p.pk for p in players],
        # A player sitting at the night link's table (their "my night" page).
        table_player=game.table_seating.round.tables.get(table=1).north_id,
    )
    return world
