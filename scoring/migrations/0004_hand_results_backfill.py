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
    """The game's ruleset snapshot (``scoring.services.rules_of``, restated here so the
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


def backfill(apps, schema_editor):
    from scoring.engine import HandRecord, replay

    Game = apps.get_model("scoring", "Game")
    GameSeat = apps.get_model("scoring", "GameSeat")
    Hand = apps.get_model("scoring", "Hand")
    HandResult = apps.get_model("scoring", "HandResult")
    for game in Game.objects.order_by("pk").iterator(chunk_size=BATCH):
        rules = _rules(game.ruleset)
        seats = {s.seat: s.player_id for s in GameSeat.objects.filter(game=game)}
        hands = list(Hand.objects.filter(game=game).order_by("number"))
        records = [HandRecord.from_dict(h.record, rules) for h in hands]
        state = replay(rules, seats, game.first_dealer, records)
        rows = [
            HandResult(
                hand_id=hand.pk,
                game_id=game.pk,
                player_id=player,
                seat=seat,
                points=played.score.seats[seat],
                total=played.player_totals[player],
            )
            for hand, played in zip(hands, state.hands, strict=True)
            for seat, player in played.seats.items()
        ]
        HandResult.objects.bulk_create(rows, batch_size=BATCH)
        game.winners = list(state.winners)
        game.save(update_fields=["winners"])


def forget(apps, schema_editor):
    apps.get_model("scoring", "HandResult").objects.all().delete()
    apps.get_model("scoring", "Game").objects.update(winners=[])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0003_hand_results")]

    operations = [migrations.RunPython(backfill, forget)]
