"""Per-player results and winners for the games recorded before they were stored.

Every stored game is replayed from its hands, as the score sheet replays it, and
each hand gets one ``HandResult`` row per player (points and running total); the
game gets ``winners`` (player ids). Individual games (Beginner, Tournament Rook with
individual scoring) had lost these: only side scores were kept. Partnership games
get their rows too, so a player's points are one SUM over ``HandResult`` everywhere.
"""

from django.db import migrations

BATCH = 200


def _rules(data):
    """The game's ruleset snapshot (``play.rulesets.rules_of``, restated here so the
    migration does not import the app's models): jsonb may reorder ``sides``, whose
    order decides which partners exchange seats first, so it is put back in seat order."""
    from scoring.engine import Ruleset

    data = dict(data)
    sides, seats = data.get("sides"), data.get("seats")
    if isinstance(sides, dict) and isinstance(seats, list):

        def first_seat(item):
            members = [seats.index(s) for s in item[1] if s in seats]
            return min(members, default=len(seats))

        data["sides"] = dict(sorted(sides.items(), key=first_seat))
    return Ruleset.from_dict(data)


def _replayed(rules, seats, game, hands):
    """(seat, player, points, total) per hand, and the winners, from the engine's replay."""
    from scoring.engine import HandRecord, replay

    records = [HandRecord.from_dict(h.record, rules) for h in hands]
    state = replay(rules, seats, game.first_dealer, records)
    lines = [
        [(seat, pid, played.score.seats[seat], played.player_totals[pid])
         for seat, pid in played.seats.items()]
        for played in state.hands
    ]
    return lines, list(state.winners)


def _as_stored(rules, seats, game, hands):
    """The same from what each hand stored (its side scores and seating), for a game the
    engine of today no longer replays as it was scored: what the sheet showed is kept."""
    side_of, totals, lines = rules.fixed_side_of, dict.fromkeys(seats.values(), 0), []
    for hand in hands:
        sides = (hand.score or {}).get("sides", {})
        line = []
        for seat, pid in (hand.seats or seats).items():
            points = int(sides.get(side_of.get(seat, seat), 0))
            totals[pid] = totals.get(pid, 0) + points
            line.append((seat, pid, points, totals[pid]))
        lines.append(line)
    winners = []
    if game.status == "finished" and game.winner:
        winners = [pid for seat, pid in seats.items() if side_of.get(seat) == game.winner]
    elif game.status == "finished" and totals:
        top = max(totals.values())
        winners = [pid for pid, total in totals.items() if total == top][:1]
    return lines, winners


def backfill(apps, schema_editor):
    from scoring.engine.errors import GameError, GameOver, HandRefused

    Game = apps.get_model("scoring", "Game")
    GameSeat = apps.get_model("scoring", "GameSeat")
    Hand = apps.get_model("scoring", "Hand")
    HandResult = apps.get_model("scoring", "HandResult")
    for game in Game.objects.order_by("pk").iterator(chunk_size=BATCH):
        rules = _rules(game.ruleset)
        seats = {s.seat: s.player_id for s in GameSeat.objects.filter(game=game)}
        hands = list(Hand.objects.filter(game=game).order_by("number"))
        try:
            lines, winners = _replayed(rules, seats, game, hands)
        except (GameError, GameOver, HandRefused):
            lines, winners = _as_stored(rules, seats, game, hands)
        rows = [
            HandResult(
                hand_id=hand.pk, game_id=game.pk, player_id=pid, seat=seat,
                points=points, total=total,
            )
            for hand, line in zip(hands, lines, strict=True)
            for seat, pid, points, total in line
        ]
        HandResult.objects.bulk_create(rows, batch_size=BATCH)
        game.winners = winners
        game.save(update_fields=["winners"])


def forget(apps, schema_editor):
    apps.get_model("scoring", "HandResult").objects.all().delete()
    apps.get_model("scoring", "Game").objects.update(winners=[])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0003_hand_results")]

    operations = [migrations.RunPython(backfill, forget)]
