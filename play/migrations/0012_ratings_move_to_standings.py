"""Players' ratings leave play for standings (standings 0001): only Django's idea of the
models changes; their tables stay as they are."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0011_nights_join_games"),
        ("standings", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name="PlayerRating",
                ),
                migrations.DeleteModel(
                    name="RatingChange",
                ),
            ],
        ),
    ]
