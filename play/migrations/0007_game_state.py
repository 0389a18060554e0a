"""``Game.state``: the engine's running state on the game's row (play.game_state), so a
hand is scored without replaying the game. Filled here for every stored game whose
hands the engine replays; any other is replayed when its next hand comes (as before)."""

from django.db import migrations, models
from django.utils import timezone

BATCH = 200


def _rules(data):
    """As ``play.rulesets.rules_of`` (restated: a migration imports no app models)."""
    from scoring.engine import Ruleset

    data = dict(data)
    sides, seats = data.get("sides"), data.get("seats")
    if isinstance(sides, dict) and isinstance(seats, list):

        def first_seat(item):
            members = [seats.index(s) for s in item[1] if s in seats]
            return min(members, default=len(seats))

        data["sides"] = dict(sorted(sides.items(), key=first_seat))
    return Ruleset.from_dict(data)


def fill(apps, schema_editor):
    from scoring.engine import HandRecord, replay, snapshot
    from scoring.engine.errors import GameError, GameOver, HandRefused, RulesetError

    Game = apps.get_model("scoring", "Game")
    GameSeat = apps.get_model("scoring", "GameSeat")
    Hand = apps.get_model("scoring", "Hand")
    for game in Game.objects.order_by("pk").iterator(chunk_size=BATCH):
        seats = {s.seat: s.player_id for s in GameSeat.objects.filter(game=game)}
        records = Hand.objects.filter(game=game).order_by("number").values_list("record", flat=True)
        try:
            rules = _rules(game.ruleset)
            parsed = [HandRecord.from_dict(r, rules) for r in records]
            state = replay(rules, seats, game.first_dealer, parsed)
        except (GameError, GameOver, HandRefused, RulesetError):
            continue  # left empty: replayed (and refused, as before) on its next hand
        game.state = {**snapshot(state), "start": dict(state.initial_seats)}
        fields = ["state"]
        if game.status != "finished":
            # Until now every hand replayed the game: its next hand goes on from the
            # replay's totals, not from columns an older engine may have cached.
            game.totals = dict(state.totals)
            game.player_totals = {str(p): t for p, t in state.player_totals.items()}
            game.next_dealer, game.status = state.dealer, state.status
            game.winner, game.winners = state.winner, list(state.winners)
            fields += ["totals", "player_totals", "next_dealer", "status", "winner", "winners"]
            if state.status == "finished":
                game.finished_at = timezone.now()
                fields.append("finished_at")
        game.save(update_fields=fields)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0006_seats_for_small_tables")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="state",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
