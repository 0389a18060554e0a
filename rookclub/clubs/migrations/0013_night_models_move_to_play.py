"""A club night's models leave the clubs app for play (scoring 0011): only Django's idea
of the models changes; their tables stay as they are."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("rookclub", "0012_night_fields_move_to_play"),
        ("scoring", "0011_nights_join_games"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name="ClubSession",
                ),
                migrations.DeleteModel(
                    name="SessionEvent",
                ),
                migrations.DeleteModel(
                    name="SessionRound",
                ),
                migrations.DeleteModel(
                    name="SitOut",
                ),
                migrations.DeleteModel(
                    name="TableSeating",
                ),
            ],
        ),
    ]
