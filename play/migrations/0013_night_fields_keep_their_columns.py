"""The code calls a club night's foreign keys ``night``; the columns keep their name
(``session_id``), so this migration changes Django's state only."""

import django.db.models.deletion
from django.db import migrations, models


def _fk(**kw):
    return models.ForeignKey(db_column="session_id", to="scoring.night", **kw)


class Migration(migrations.Migration):
    dependencies = [
        ("rookclub", "0013_night_models_move_to_play"),
        ("scoring", "0012_ratings_move_to_standings"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField("checkin", "session", "night"),
                migrations.AlterField(
                    model_name="checkin",
                    name="night",
                    field=_fk(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="check_ins",
                    ),
                ),
                migrations.RenameField("nightround", "session", "night"),
                migrations.AlterField(
                    model_name="nightround",
                    name="night",
                    field=_fk(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rounds",
                    ),
                ),
                migrations.RenameField("nightevent", "session", "night"),
                migrations.AlterField(
                    model_name="nightevent",
                    name="night",
                    field=_fk(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="events",
                    ),
                ),
                migrations.RenameField("game", "session", "night"),
                migrations.AlterField(
                    model_name="game",
                    name="night",
                    field=_fk(
                        null=True,
                        blank=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="games",
                    ),
                ),
                migrations.RenameField("tablelink", "session", "night"),
                migrations.AlterField(
                    model_name="tablelink",
                    name="night",
                    field=_fk(
                        null=True,
                        blank=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="table_links",
                    ),
                ),
                migrations.AlterField(
                    model_name="night",
                    name="club",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="nights",
                        to="rookclub.club",
                    ),
                ),
                migrations.AlterModelOptions(
                    name="nightevent",
                    options={"ordering": ["night", "at", "id"]},
                ),
                migrations.AlterModelOptions(
                    name="nightround",
                    options={"ordering": ["night", "number"]},
                ),
                migrations.AlterModelOptions(
                    name="tablelink",
                    options={"ordering": ["kind", "night", "scope", "number", "id"]},
                ),
                migrations.RemoveConstraint(
                    model_name="checkin",
                    name="one_check_in_per_night",
                ),
                migrations.RemoveConstraint(
                    model_name="nightround",
                    name="round_number_unique",
                ),
                migrations.RemoveConstraint(
                    model_name="tablelink",
                    name="one_live_link_per_night_table",
                ),
                migrations.RemoveConstraint(
                    model_name="tablelink",
                    name="table_link_has_owner",
                ),
                migrations.AddConstraint(
                    model_name="checkin",
                    constraint=models.UniqueConstraint(
                        fields=("night", "player"), name="one_check_in_per_night"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="nightround",
                    constraint=models.UniqueConstraint(
                        fields=("night", "number"), name="round_number_unique"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tablelink",
                    constraint=models.UniqueConstraint(
                        condition=models.Q(("kind", "night"), ("replaced_at__isnull", True)),
                        fields=("night", "number"),
                        name="one_live_link_per_night_table",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="tablelink",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("kind", "night"), ("night__isnull", False)),
                            models.Q(
                                models.Q(("kind", "night"), _negated=True), ("scope__isnull", False)
                            ),
                            _connector="OR",
                        ),
                        name="table_link_has_owner",
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
