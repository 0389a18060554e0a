"""A club night's models join its games here (play/models.py), keeping their tables
(``rookclub_*``): only Django's idea of the models changes, the database does not."""

import django.db.models.deletion
import play.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rookclub", "0012_night_fields_move_to_play"),
        ("scoring", "0010_seats_for_five_and_six"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Night",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("date", models.DateField()),
                        (
                            "status",
                            models.CharField(
                                choices=[("open", "Open"), ("closed", "Closed")],
                                default="open",
                                max_length=8,
                            ),
                        ),
                        (
                            "seating_method",
                            models.CharField(
                                choices=[
                                    ("random", "Random draw of partners and tables"),
                                    ("fixed", "Fixed partnerships"),
                                    (
                                        "progressive",
                                        "Individual progressive (partners change every 4 hands)",
                                    ),
                                ],
                                default="random",
                                max_length=12,
                            ),
                        ),
                        ("ruleset_slug", models.CharField(default="tournament", max_length=40)),
                        ("ruleset_options", models.JSONField(blank=True, default=dict)),
                        ("tables_of_five_or_six", models.BooleanField(default=False)),
                        (
                            "game_for_five",
                            models.CharField(blank=True, default="five-player", max_length=40),
                        ),
                        (
                            "game_for_six",
                            models.CharField(blank=True, default="six-player", max_length=40),
                        ),
                        ("opened_at", models.DateTimeField(auto_now_add=True)),
                        ("closed_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "door_key",
                            models.CharField(
                                blank=True,
                                default=play.models.new_door_key,
                                max_length=64,
                                null=True,
                                unique=True,
                            ),
                        ),
                        ("door_new_players", models.BooleanField(default=False)),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="sessions",
                                to="rookclub.club",
                            ),
                        ),
                        (
                            "opened_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "rookclub_clubsession",
                        "ordering": ["-date", "-id"],
                    },
                ),
                migrations.AlterField(
                    model_name="game",
                    name="session",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="games",
                        to="scoring.night",
                    ),
                ),
                migrations.AlterField(
                    model_name="tablelink",
                    name="session",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="table_links",
                        to="scoring.night",
                    ),
                ),
                migrations.CreateModel(
                    name="NightEvent",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "action",
                            models.CharField(
                                choices=[("closed", "Closed"), ("reopened", "Reopened")],
                                max_length=16,
                            ),
                        ),
                        ("at", models.DateTimeField(auto_now_add=True)),
                        ("reason", models.TextField(blank=True, default="")),
                        ("details", models.JSONField(blank=True, default=dict)),
                        (
                            "by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="events",
                                to="scoring.night",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "rookclub_sessionevent",
                        "ordering": ["session", "at", "id"],
                    },
                ),
                migrations.CreateModel(
                    name="NightRound",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("number", models.PositiveIntegerField()),
                        ("room_round", models.PositiveIntegerField(default=1)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rounds",
                                to="scoring.night",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "rookclub_sessionround",
                        "ordering": ["session", "number"],
                    },
                ),
                migrations.CreateModel(
                    name="SitOut",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "partner",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="rookclub.player",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="sit_outs",
                                to="rookclub.player",
                            ),
                        ),
                        (
                            "round",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="sit_outs",
                                to="scoring.nightround",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "rookclub_sitout",
                        "ordering": ["round", "player__name"],
                    },
                ),
                migrations.CreateModel(
                    name="TableSeating",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("table", models.PositiveIntegerField()),
                        (
                            "east",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="rookclub.player",
                            ),
                        ),
                        (
                            "fifth",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="rookclub.player",
                            ),
                        ),
                        (
                            "north",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="rookclub.player",
                            ),
                        ),
                        (
                            "round",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="tables",
                                to="scoring.nightround",
                            ),
                        ),
                        (
                            "sixth",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="rookclub.player",
                            ),
                        ),
                        (
                            "south",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="rookclub.player",
                            ),
                        ),
                        (
                            "west",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="rookclub.player",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "rookclub_tableseating",
                        "ordering": ["round", "table"],
                    },
                ),
                migrations.AlterField(
                    model_name="game",
                    name="table_seating",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="games",
                        to="scoring.tableseating",
                    ),
                ),
                migrations.CreateModel(
                    name="CheckIn",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("checked_in_at", models.DateTimeField(auto_now_add=True)),
                        ("left_at", models.DateTimeField(blank=True, null=True)),
                        ("by_door", models.BooleanField(default=False)),
                        ("phone", models.CharField(blank=True, default="", max_length=64)),
                        ("phone_at", models.DateTimeField(blank=True, null=True)),
                        ("phone_free", models.BooleanField(default=False)),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="check_ins",
                                to="rookclub.player",
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="check_ins",
                                to="scoring.night",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "rookclub_checkin",
                        "ordering": ["player__name"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("session", "player"), name="one_check_in_per_night"
                            )
                        ],
                    },
                ),
                migrations.AddConstraint(
                    model_name="nightround",
                    constraint=models.UniqueConstraint(
                        fields=("session", "number"), name="round_number_unique"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="sitout",
                    constraint=models.UniqueConstraint(
                        fields=("round", "player"), name="one_sit_out_per_round"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tableseating",
                    constraint=models.UniqueConstraint(
                        fields=("round", "table"), name="table_number_unique"
                    ),
                ),
            ],
        ),
    ]
