"""Season standings against a hand-written SQL aggregate over the same rows.

Run from the repository root: ``.venv/bin/python bench/season_standings.py``
(``--quick``: 1,000 and 5,000 hands only; ``--json PATH``: append one JSON line per
measure). It builds a throwaway test database (SQLite by default, or
``DATABASE_URL``'s server) holding one club's history, grown with bulk writes to
1,000, 20,000 and 100,000 hands: weekly nights of 24 of 60 players
at six tables, mostly partnership games, some played with individual scoring, some
void, some left unfinished, every hand with its per-player ``HandResult`` rows.

At each size it times, interleaved, the season standings (``season_standings`` and
the API's serializer, all seasons) and the floor: the same numbers computed by raw
SQL through ``connection.cursor()`` (players with games, unfinished games and nights;
points and wins from ``HandResult``; hands declared and made; partnerships per side),
checks that both give identical numbers, and prints the ratio. Goal:
<= 2x at 100,000 hands, with the same fixed number of queries.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

FOUR = ("north", "east", "south", "west")
SIDE = {"north": "north_south", "south": "north_south", "east": "east_west", "west": "east_west"}
PLAYERS, AT_A_NIGHT, GAMES_A_NIGHT = 60, 24, 12


class History:
    """One club's nights, grown with bulk writes (no engine: random but consistent rows)."""

    def __init__(self, rng: random.Random) -> None:
        from play.services import ruleset_or_invalid
        from rookclub.clubs.models import Club, Player

        self.rng = rng
        self.club = Club.objects.create(name="Bench club", slug="bench-season-standings")
        self.players = Player.objects.bulk_create(
            Player(club=self.club, name=f"Player {i:02d}") for i in range(PLAYERS)
        )
        self.rulesets = {
            slug: ruleset_or_invalid(slug, None).to_dict()
            for slug in ("tournament", "tournament-individual")
        }
        self.hands = 0
        self.nights = 0
        self.hand_id = 0  # hands get their ids here: a fresh database, written only by us

    def grow(self, hands: int) -> None:
        from django.db import transaction

        with transaction.atomic():
            while self.hands < hands:
                self.night()

    def night(self) -> None:
        from play.models import Game, GameSeat, Hand, HandResult, Night

        rng = self.rng
        date = datetime.date(2015, 1, 1) + datetime.timedelta(weeks=self.nights)
        self.nights += 1
        night = Night.objects.create(club=self.club, date=date)
        here = rng.sample(self.players, AT_A_NIGHT)
        games, plans = [], []
        for number in range(GAMES_A_NIGHT):
            table = here[(number % 6) * 4 : (number % 6) * 4 + 4]
            rng.shuffle(table)
            individual = rng.random() < 0.15
            slug = "tournament-individual" if individual else "tournament"
            hands = rng.randint(6, 14)
            unfinished = rng.random() < 0.1
            seats = dict(zip(FOUR, [p.pk for p in table], strict=True))
            plan = self.play(seats, hands, individual, unfinished)
            games.append(
                Game(
                    club=self.club,
                    night=night,
                    ruleset_slug=slug,
                    ruleset=self.rulesets[slug],
                    scored_by_player=individual,
                    status=plan["status"],
                    winner=plan["winner"],
                    winners=plan["winners"],
                    totals=plan["totals"],
                    player_totals=plan["player_totals"],
                    voided_at=datetime.datetime.now(datetime.UTC) if rng.random() < 0.03 else None,
                )
            )
            plans.append((seats, plan))
        games = Game.objects.bulk_create(games)
        seat_rows, hand_rows, result_rows = [], [], []
        for game, (seats, plan) in zip(games, plans, strict=True):
            seat_rows += [{"game_id": game.pk, "seat": s, "player_id": p} for s, p in seats.items()]
            for h in plan["hands"]:
                self.hand_id += 1
                hand_rows.append(
                    {"id": self.hand_id, "game_id": game.pk, "record": {}, **h["hand"]}
                )
                result_rows += [
                    {"hand_id": self.hand_id, "game_id": game.pk, **row} for row in h["results"]
                ]
        insert(GameSeat, seat_rows)
        insert(Hand, hand_rows)
        insert(HandResult, result_rows)
        self.hands += len(hand_rows)

    def play(self, seats: dict, hands: int, individual: bool, unfinished: bool) -> dict:
        rng = self.rng
        totals = {"north_south": 0, "east_west": 0}
        player_totals = dict.fromkeys(seats.values(), 0)
        out = []
        for number in range(1, hands + 1):
            bidder = rng.choice(FOUR)
            made = rng.random() < 0.7
            void = rng.random() < 0.02
            points = {s: rng.randrange(-120, 200, 5) for s in FOUR}
            if not individual:
                ns, ew = rng.randrange(-120, 200, 5), rng.randrange(-120, 200, 5)
                points = {s: ns if SIDE[s] == "north_south" else ew for s in FOUR}
                totals["north_south"] += ns
                totals["east_west"] += ew
            for s, pid in seats.items():
                player_totals[pid] += points[s]
            out.append(
                {
                    "hand": {
                        "number": number,
                        "dealer": FOUR[number % 4],
                        "bidder": None if void else bidder,
                        "declarer_id": None if void else seats[bidder],
                        "bid": None if void else 100,
                        "made": None if void else made,
                        "void": void,
                        "score_ns": points["north"],
                        "score_ew": points["east"],
                        "total_ns": totals["north_south"],
                        "total_ew": totals["east_west"],
                        "seats": seats,
                    },
                    "results": [
                        {
                            "player_id": pid,
                            "seat": s,
                            "points": points[s],
                            "total": player_totals[pid],
                            "won": False,
                        }
                        for s, pid in seats.items()
                    ],
                }
            )
        status, winner, winners = "in_progress", None, []
        if not unfinished:
            status = "finished"
            if individual:
                winners = [max(player_totals, key=player_totals.get)]
            else:
                winner = max(totals, key=totals.get)
                winners = [seats[s] for s in FOUR if SIDE[s] == winner]
            for row in out[-1]["results"]:
                row["won"] = row["player_id"] in winners
        return {
            "hands": out,
            "status": status,
            "winner": winner,
            "winners": winners,
            "totals": totals,
            "player_totals": {str(k): v for k, v in player_totals.items()},
        }


def insert(model, rows: list[dict]) -> None:
    """Rows by ``executemany``: the model's defaults filled in, JSON adapted by its field
    (100,000 hands' 400,000 result rows without building a model instance each)."""
    from django.db import models

    fields = [f for f in model._meta.concrete_fields if f.column != "id" or "id" in rows[0]]
    now = datetime.datetime.now(datetime.UTC)
    prepared = []
    for f in fields:
        default = now if getattr(f, "auto_now_add", False) else f.get_default()
        json_field = isinstance(f, models.JSONField)
        prepared.append((f.attname, default, json_field, f))
    values = [
        [
            f.get_db_prep_save(row.get(name, default), connection)
            if is_json
            else row.get(name, default)
            for name, default, is_json, f in prepared
        ]
        for row in rows
    ]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {model._meta.db_table} ({columns}) VALUES ({marks})", values
        )


# ---- the floor: the same numbers by hand-written SQL ---------------------------------------


def _json_text(column: str, key: str) -> str:
    if connection.vendor == "postgresql":
        return f"({column} ->> '{key}')"
    return f"json_extract({column}, '$.{key}')"


def floor(club_id: int) -> dict:
    games = "g.club_id = %s AND g.session_id IS NOT NULL AND g.voided_at IS NULL"
    fixed = "NOT g.scored_by_player"
    undone = "CASE WHEN g.status = 'finished' THEN 0 ELSE 1 END"
    won = "CASE WHEN hr.won THEN 1 ELSE 0 END"
    made = "CASE WHEN h.made THEN 1 ELSE 0 END"
    players, pairs = {}, {}
    with connection.cursor() as cursor:
        cursor.execute(
            f"""SELECT p.id, p.name, COUNT(*), SUM({undone}), COUNT(DISTINCT g.session_id),
                   (SELECT COUNT(*) FROM scoring_game g WHERE {games}),
                   (SELECT SUM({undone}) FROM scoring_game g WHERE {games})
            FROM scoring_gameseat gs JOIN scoring_game g ON g.id = gs.game_id
            JOIN rookclub_player p ON p.id = gs.player_id
            WHERE {games} GROUP BY p.id, p.name""",
            [club_id] * 3,
        )
        totals = (0, 0)
        for pid, name, count, unfinished, nights, all_games, all_unfinished in cursor.fetchall():
            players[pid] = [name, count, 0, unfinished, 0, 0, 0, nights]
            totals = (all_games, all_unfinished)
        cursor.execute(
            f"""SELECT 1, hr.player_id, SUM(hr.points), SUM({won})
            FROM scoring_handresult hr JOIN scoring_game g ON g.id = hr.game_id
            WHERE {games} GROUP BY hr.player_id
            UNION ALL
            SELECT 2, h.declarer_id, COUNT(*), SUM({made})
            FROM scoring_hand h JOIN scoring_game g ON g.id = h.game_id
            WHERE {games} AND h.declarer_id IS NOT NULL AND h.made IS NOT NULL
            GROUP BY h.declarer_id""",
            [club_id] * 2,
        )
        for kind, pid, a, b in cursor.fetchall():
            row = players[pid]
            if kind == 1:
                row[4], row[2] = int(a), int(b)
            else:
                row[5], row[6] = int(a), int(b)
        parts, params = [], []
        for side, (a, b) in (("north_south", ("north", "south")), ("east_west", ("east", "west"))):
            points = f"CAST({_json_text('g.totals', side)} AS integer)"
            parts.append(
                f"""SELECT 1, sa.player_id, sb.player_id, COUNT(*),
                       SUM(CASE WHEN g.winner = '{side}' THEN 1 ELSE 0 END), SUM({undone}),
                       SUM(COALESCE({points}, 0))
                FROM scoring_game g
                JOIN scoring_gameseat sa ON sa.game_id = g.id AND sa.seat = '{a}'
                JOIN scoring_gameseat sb ON sb.game_id = g.id AND sb.seat = '{b}'
                WHERE {games} AND {fixed} GROUP BY sa.player_id, sb.player_id"""
            )
            parts.append(
                f"""SELECT 2, sa.player_id, sb.player_id, COUNT(*), SUM({made}), 0, 0
                FROM scoring_hand h JOIN scoring_game g ON g.id = h.game_id
                JOIN scoring_gameseat sa ON sa.game_id = g.id AND sa.seat = '{a}'
                JOIN scoring_gameseat sb ON sb.game_id = g.id AND sb.seat = '{b}'
                WHERE {games} AND {fixed} AND h.declarer_id IS NOT NULL
                  AND h.made IS NOT NULL AND h.bidder IN ('{a}', '{b}')
                GROUP BY sa.player_id, sb.player_id"""
            )
            params += [club_id, club_id]
        cursor.execute(" UNION ALL ".join(parts), params)
        for kind, a, b, x1, x2, x3, x4 in cursor.fetchall():
            row = pairs.setdefault(frozenset((a, b)), [0] * 6)
            if kind == 1:
                row[0] += x1
                row[1] += int(x2)
                row[2] += int(x3)
                row[3] += int(x4)
            else:
                row[4] += x1
                row[5] += int(x2)
    return {
        "games": totals,
        "players": {
            pid: (n, g, w, u, p, d, m, d - m, nights)
            for pid, (n, g, w, u, p, d, m, nights) in players.items()
        },
        "pairs": {k: (g, w, u, p, d, m, d - m) for k, (g, w, u, p, d, m) in pairs.items()},
    }


def rookclub(club) -> tuple[dict, object]:
    from standings.api.views import standings_out
    from standings.standings import season_standings

    standings = season_standings(club=club)
    return standings_out(standings), standings


def numbers(standings) -> dict:
    """The selector's standings in the floor's shape (keyed by player ids)."""
    return {
        "games": (standings.games, standings.unfinished),
        "players": {
            r.players[0].pk: (
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
            for r in standings.players
        },
        "pairs": {
            frozenset(p.pk for p in r.players): (
                r.games,
                r.won,
                r.unfinished,
                r.points,
                r.hands_declared,
                r.made,
                r.sets,
            )
            for r in standings.partnerships
        },
    }


def measure(history: History, repeats: int) -> dict:
    club = history.club
    connection.queries_log.clear()  # a full log would hide the count
    with CaptureQueriesContext(connection) as queries:
        _, standings = rookclub(club)
    expected = floor(club.pk)
    got = numbers(standings)
    assert got == expected, "the standings and the SQL floor disagree"
    ours, theirs = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        rookclub(club)
        ours.append(time.perf_counter() - started)
        started = time.perf_counter()
        floor(club.pk)
        theirs.append(time.perf_counter() - started)
    return {
        "hands": history.hands,
        "games": standings.games,
        "queries": len(queries),
        "rookclub": statistics.median(ours),
        "floor": statistics.median(theirs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", metavar="PATH", help="append one JSON line per measure")
    parser.add_argument("--quick", action="store_true", help="small sizes, a few seconds")
    args = parser.parse_args()
    sizes = (1_000, 5_000) if args.quick else (1_000, 20_000, 100_000)
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    results = []
    try:
        history = History(random.Random(17))
        print(f"season standings vs a hand-written SQL aggregate ({connection.vendor})")
        for size in sizes:
            started = time.perf_counter()
            history.grow(size)
            built = time.perf_counter() - started
            result = measure(history, repeats=5 if size >= 100_000 else 9)
            ratio = result["rookclub"] / result["floor"]
            results.append((result, ratio))
            print(
                f"{result['hands']:>7,} hands, {result['games']:,} games (built in {built:.1f} s): "
                f"rookclub {result['rookclub'] * 1000:.1f} ms, floor "
                f"{result['floor'] * 1000:.1f} ms, ratio {ratio:.2f}x, "
                f"{result['queries']} queries; identical numbers"
            )
        last, ratio = results[-1]
        ok = ratio <= 2
        print(f"goal <= 2x at {last['hands']:,} hands: {'met' if ok else 'NOT met'}")
        if args.json:
            with open(args.json, "a") as out:
                for result, r in results:
                    out.write(
                        json.dumps(
                            {
                                "bench": "season_standings",
                                "measure": f"season standings, {result['hands']:,} hands "
                                f"({connection.vendor})",
                                "rookclub": f"{result['rookclub'] * 1000:.1f} ms",
                                "floor": f"{result['floor'] * 1000:.1f} ms",
                                "ratio": round(r, 2),
                                "goal": "<= 2x",
                                "ok": r <= 2,
                            }
                        )
                        + "\n"
                    )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
