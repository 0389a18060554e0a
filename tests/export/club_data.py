"""A club with a bit of everything, built through the services, and its standings in a
form that does not depend on ids (names instead), to compare two copies of it."""

from __future__ import annotations

import datetime
from typing import Any

from play.checkins import night_check_in, night_reopen
from play.confirmations import hand_confirm
from play.corrections import hand_correct
from play.hands import hand_record
from play.models import Game, Hand
from play.night_closing import night_close
from play.night_opening import night_open
from play.night_seating import night_seat
from play.score_sheets import game_sheet
from play.table_links import links_for
from rookclub.clubs.models import Club
from standings.standings import night_standings, season_standings
from tests.factories import ClubFactory, director_of, players_of, scorer_of
from tests.play.conftest import made_hand, play_out
from tournaments import services as events
from tournaments.entries import entry_add
from tournaments.match_games import match_game_start
from tournaments.models import Match, Tournament
from tournaments.results import match_result_enter
from tournaments.rounds import round_pair_next, tournament_start
from tournaments.selectors import tournament_standings


def _event(club, director, format, players, size, **kwargs) -> Tournament:
    tournament = events.tournament_create(
        club=club,
        name=f"Spring {format}",
        format=format,
        by=director,
        **{"options": {"start_games": False}, **kwargs},
    )
    for number in range(len(players) // size):
        entry_add(
            tournament=tournament,
            players=players[number * size : (number + 1) * size],
            name=f"{format} entry {number + 1}",
            seed=number + 1,
            by=director,
        )
    return tournament_start(tournament=tournament, by=director, draw_seed="export")


def _play_ready(tournament: Tournament, director) -> None:
    for match in tournament.matches.filter(status=Match.Status.READY).order_by("id"):
        a_wins = (match.entry_a.seed + match.pk) % 3 != 0  # a spread of winners
        match_result_enter(
            match=match,
            games=[[300, 145 + match.pk % 7 * 5] if a_wins else [150, 305]],
            by=director,
        )


def add_nights(club: Club, count: int) -> None:
    """``count`` more weekly nights of eight players at two tables: one game played out
    with a set, a confirmed and a corrected hand; the other left unfinished at close,
    the first night reopened for one more hand and closed again."""
    director = club.memberships.get(role="director").user
    scorer = club.memberships.get(role="scorer").user
    players = list(club.players.order_by("id")[:8])
    start = club.nights.filter(date__year=2025).count()
    for index in range(start, start + count):
        date = datetime.date(2025, 3, 6) + datetime.timedelta(days=7 * index)
        night = night_open(club=club, date=date, opened_by=director)
        night_check_in(night=night, players=players[:8], by=director)
        night_seat(night=night, by=director, seed=index + 1)
        links_for(club=club, kind="night", numbers=[1, 2], night=night)
        first, second = Game.objects.filter(night=night).order_by("id")
        hand_record(game=first, data=made_hand(bid=100, ns=60), entered_by=scorer)  # set
        hand_record(game=first, data=made_hand(bid=85, ns=90, bidder="south"), entered_by=scorer)
        hand = Hand.objects.get(game=first, number=2)
        hand_confirm(hand=hand, by=director)
        hand_correct(
            hand=hand,
            data=made_hand(bid=90, ns=95, bidder="south"),
            by=director,
            reason="the bid was 90",
        )
        play_out(first, scorer)
        penalty = {"penalties": [{"seat": "east", "kind": "table_talk"}]}
        hand_record(
            game=second, data=made_hand(bid=80, ns=40, bidder="east", **penalty), entered_by=scorer
        )
        hand_record(game=second, data=made_hand(bid=75, ns=75, bidder="west"), entered_by=scorer)
        night_close(night=night, by=director)  # the second game stays unfinished
        if index == 0:
            night_reopen(night=night, by=director, reason="one more hand")
            hand_record(
                game=second, data=made_hand(bid=95, ns=20, bidder="east"), entered_by=scorer
            )
            night_close(night=night, by=director)


def build_club(*, nights: int = 2, name: str = "Maple Street") -> Club:
    """Nights (random seating; one closed with a game unfinished and reopened), an
    individual-scoring night, corrected and confirmed hands, table links, a Swiss event
    with a game played at the table, and a single-elimination bracket."""
    club = ClubFactory(name=name, slug=name.lower().replace(" ", "-"))
    director = director_of(club, username=f"{club.slug}-dana", first_name="Dana")
    scorer = scorer_of(club, username=f"{club.slug}-sam")
    players = players_of(club, 16)
    add_nights(club, nights)
    # Individual scoring (docs/rules.md §6): partners change every four hands.
    solo = night_open(
        club=club,
        date=datetime.date(2024, 11, 7),
        opened_by=director,
        ruleset="tournament-individual",
    )
    night_check_in(night=solo, players=players[8:12], by=director)
    night_seat(night=solo, by=director, seed=7)
    game = Game.objects.get(night=solo)
    for number in range(6):
        bidder = ("north", "east", "south", "west")[number % 4]
        ns = (50, 85, 70, 100, 35, 65)[number]
        hand_record(game=game, data=made_hand(bid=80, ns=ns, bidder=bidder), entered_by=scorer)
    swiss = _event(club, director, "swiss", players[:8], 2, rounds=2, entry_fee="12.50")
    table_match = swiss.matches.filter(status=Match.Status.READY).order_by("table").first()
    table_game = match_game_start(match=table_match, by=director)
    links_for(club=club, kind="tournament", numbers=[1, 2], scope=table_match.round_id)
    play_out(table_game, scorer)
    _play_ready(swiss, director)
    round_pair_next(tournament=swiss, by=director)
    _play_ready(swiss, director)
    bracket = _event(club, director, "single_elimination", players[8:16], 2)
    for _ in range(2):
        _play_ready(bracket, director)
    return club


# ---- what must come out the same ----------------------------------------------------------


def _standings(table) -> list[tuple]:
    def rows(items):
        return [
            (
                r.name,
                r.games,
                r.won,
                r.unfinished,
                r.points,
                r.hands_declared,
                r.made,
                r.sets,
                r.night_count,
            )
            for r in items
        ]

    return [table.games, table.unfinished, rows(table.players), rows(table.partnerships)]


def _sheet(game: Game) -> dict[str, Any]:
    sheet = game_sheet(game=game)
    names = sheet.players
    rows = [
        (
            r.number,
            r.dealer,
            r.declarer,
            getattr(r.declarer_player, "name", None),
            r.bid,
            r.score,
            r.totals,
            r.made,
            r.void,
            r.confirmed,
            r.corrected,
            [(i.kind, i.seat, i.points) for i in r.irregularities],
            r.confirmed_by_name,
            {seat: names[pid].name for seat, pid in r.hand.seats.items()},
        )
        for r in sheet.rows
    ]
    return {
        "seats": {seat: p.name for seat, p in sheet.seats.items()},
        "rows": rows,
        "totals": sheet.totals,
        "player_totals": {names[pid].name: t for pid, t in sheet.player_totals.items()},
        "status": sheet.status,
        "winner": sheet.winner,
        "next": (sheet.dealer, sheet.next_number),
    }


def _audit(tournament: Tournament, names: dict[int, str]) -> list[Any]:
    """The audit trail's entries by name: who was added, the seeding, each winner."""
    out = []
    for item in tournament.audit.order_by("when", "id"):
        after = item.after or {}
        out.append(
            (
                item.what,
                getattr(item.who, "username", None),
                names.get(after.get("entry")),
                [names[e] for e in after.get("seeding", [])],
                names.get(after.get("winner")),
            )
        )
    return out


def _tournament(tournament: Tournament) -> list[Any]:
    names = {e.pk: e.name for e in tournament.entries.all()}
    return [[names[e] for e in tournament.seeding], _audit(tournament, names)] + [
        (
            r.rank,
            r.entry.name,
            r.played,
            r.wins,
            r.losses,
            r.draws,
            r.byes,
            r.match_points,
            r.points_for,
            r.points_against,
            r.spread,
            r.buchholz,
            r.sonneborn_berger,
            r.tie_breakers,
            r.decided_by,
            r.playoff_needed,
            sorted(names[e] for e in r.tied_with),
            r.place,
        )
        for r in tournament_standings(tournament=tournament)
    ]


def standings_of(club: Club) -> dict[str, Any]:
    """Every standing of the club, and every game's sheet, keyed by what a person sees."""
    return {
        "season": {
            year: _standings(season_standings(club=club, year=year)) for year in (2024, 2025, None)
        },
        "nights": {
            str(night.date): _standings(night_standings(night=night))
            for night in club.nights.order_by("date")
        },
        "tournaments": {t.name: _tournament(t) for t in club.tournaments.order_by("name")},
        "games": [_sheet(game) for game in club.games.order_by("id")],
    }
