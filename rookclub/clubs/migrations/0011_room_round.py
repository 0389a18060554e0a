from django.db import migrations, models
from django.db.models import F


def room_round_is_number(apps, schema_editor):
    # Seatings made before the room's round was kept: each stays called by its number.
    SessionRound = apps.get_model("rookclub", "SessionRound")
    SessionRound.objects.update(room_round=F("number"))


class Migration(migrations.Migration):
    dependencies = [
        ("rookclub", "0010_door_phones"),
    ]

    operations = [
        migrations.AddField(
            model_name="sessionround",
            name="room_round",
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.RunPython(room_round_is_number, migrations.RunPython.noop),
    ]
