"""``HandResult.won``: the winners' rows of the hand that won each game, so standings
count games won with one aggregate; finished games recorded before it get it from
their stored ``winners``. ``Game.scored_by_player``: read once from each game's ruleset
snapshot, so standings pick partnership games without reading JSON."""

from django.db import migrations, models
from django.db.models import Max

BATCH = 500


def _scores_players(rules):
    """``Game.scores_players`` (the property), restated: the migration imports no app code."""
    rules = rules or {}
    return (
        rules.get("partnership", "fixed") != "fixed"
        or rules.get("partner_rotation") == "individual"
    )


def backfill(apps, schema_editor):
    Game = apps.get_model("scoring", "Game")
    HandResult = apps.get_model("scoring", "HandResult")
    alone = [
        pk
        for pk, rules in Game.objects.values_list("pk", "ruleset").iterator(chunk_size=BATCH)
        if _scores_players(rules)
    ]
    for start in range(0, len(alone), BATCH):
        Game.objects.filter(pk__in=alone[start : start + BATCH]).update(scored_by_player=True)
    finished = (
        Game.objects.filter(status="finished")
        .annotate(last=Max("hands__number"))
        .values_list("pk", "winners", "last")
        .order_by("pk")
    )
    for pk, winners, last in finished.iterator(chunk_size=BATCH):
        if winners and last is not None:
            HandResult.objects.filter(
                game_id=pk, hand__number=last, player_id__in=list(winners)
            ).update(won=True)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0008_player_ratings"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="scored_by_player",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="handresult",
            name="won",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=True),
    ]
