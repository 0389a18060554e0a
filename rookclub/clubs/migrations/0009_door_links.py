import django.db.models
from django.db import migrations

import play.models


class Migration(migrations.Migration):
    dependencies = [
        ("rookclub", "0008_tables_of_five_or_six"),
    ]

    operations = [
        # Added without a default first: the nights already there keep no key (one is
        # made the first time their door link is asked for), so no two share one.
        migrations.AddField(
            model_name="clubsession",
            name="door_key",
            field=django.db.models.CharField(blank=True, max_length=64, null=True, unique=True),
        ),
        migrations.AlterField(
            model_name="clubsession",
            name="door_key",
            field=django.db.models.CharField(
                blank=True,
                default=play.models.new_door_key,
                max_length=64,
                null=True,
                unique=True,
            ),
        ),
        migrations.AddField(
            model_name="clubsession",
            name="door_new_players",
            field=django.db.models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="checkin",
            name="by_door",
            field=django.db.models.BooleanField(default=False),
        ),
    ]
