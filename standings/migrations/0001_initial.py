"""Players' ratings join standings from play (scoring 0012), keeping their tables
(``scoring_playerrating``, ``scoring_ratingchange``): only Django's idea of the models
changes, the database does not."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("rookclub", "0013_night_models_move_to_play"),
        ("scoring", "0011_nights_join_games"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="PlayerRating",
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
                        ("mu", models.FloatField()),
                        ("sigma", models.FloatField()),
                        ("games", models.PositiveIntegerField(default=0)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="ratings",
                                to="rookclub.club",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="ratings",
                                to="rookclub.player",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scoring_playerrating",
                        "ordering": ["club", "player"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("club", "player"), name="one_rating_per_club_player"
                            )
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="RatingChange",
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
                        ("finished_at", models.DateTimeField()),
                        ("mu", models.FloatField()),
                        ("sigma", models.FloatField()),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rating_changes",
                                to="rookclub.club",
                            ),
                        ),
                        (
                            "game",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rating_changes",
                                to="scoring.game",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rating_changes",
                                to="rookclub.player",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "scoring_ratingchange",
                        "ordering": ["finished_at", "game", "player"],
                        "indexes": [
                            models.Index(
                                fields=["club", "finished_at", "game"],
                                name="rating_change_club_order",
                            ),
                            models.Index(
                                fields=["player", "finished_at", "game"],
                                name="rating_change_history",
                            ),
                        ],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("game", "player"), name="one_rating_change_per_game"
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
