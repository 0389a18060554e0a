"""``HandResult.won``: the winners' rows of the hand that won each game, so standings
count games won with one aggregate. Finished games recorded before it get it from
their stored ``winners``."""

from django.db import migrations, models
from django.db.models import Max

BATCH = 500


def backfill(apps, schema_editor):
    Game = apps.get_model("scoring", "Game")
    HandResult = apps.get_model("scoring", "HandResult")
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
        ("scoring", "0006_seats_for_small_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="handresult",
            name="won",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=True),
    ]
