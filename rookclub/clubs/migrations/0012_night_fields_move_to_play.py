"""A club night's models leave the clubs app for play (scoring 0011): only Django's idea
of the models changes; their tables stay as they are."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("rookclub", "0011_room_round"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="clubsession",
                    name="club",
                ),
                migrations.RemoveField(
                    model_name="clubsession",
                    name="opened_by",
                ),
                migrations.RemoveField(
                    model_name="sessionround",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="sessionevent",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="sessionevent",
                    name="by",
                ),
                migrations.RemoveField(
                    model_name="sitout",
                    name="round",
                ),
                migrations.RemoveField(
                    model_name="tableseating",
                    name="round",
                ),
                migrations.RemoveField(
                    model_name="sitout",
                    name="partner",
                ),
                migrations.RemoveField(
                    model_name="sitout",
                    name="player",
                ),
                migrations.RemoveField(
                    model_name="tableseating",
                    name="east",
                ),
                migrations.RemoveField(
                    model_name="tableseating",
                    name="fifth",
                ),
                migrations.RemoveField(
                    model_name="tableseating",
                    name="north",
                ),
                migrations.RemoveField(
                    model_name="tableseating",
                    name="sixth",
                ),
                migrations.RemoveField(
                    model_name="tableseating",
                    name="south",
                ),
                migrations.RemoveField(
                    model_name="tableseating",
                    name="west",
                ),
                migrations.DeleteModel(
                    name="CheckIn",
                ),
            ],
        ),
    ]
