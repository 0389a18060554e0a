"""Players' ratings in a club: the current rating and the ledger of how it got there
(kept by :mod:`standings.ratings`). Derived data, rebuilt from the finished games."""

from django.db import models

from play.models import Game
from rookclub.clubs.models import Club, Player


class PlayerRating(models.Model):
    """A player's current rating in a club (``standings/ratings.py``): OpenSkill's skill
    estimate ``mu`` and its uncertainty ``sigma`` after ``games`` rated games.

    Derived data: rebuilt from the finished games at any time (``recompute_ratings``);
    the ledger of how it got here is :class:`RatingChange`."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "scoring_playerrating"  # made under play's label: the table kept its name
        ordering = ["club", "player"]
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="one_rating_per_club_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatingChange(models.Model):
    """A player's rating after one finished game: the rating-over-time chart, and the
    order games were rated in (``finished_at``, then ``game``), which a newly finished
    game must come after to be rated on top of the others instead of recomputing."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    finished_at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        db_table = "scoring_ratingchange"
        ordering = ["finished_at", "game", "player"]
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="one_rating_change_per_game"),
        ]
        indexes = [
            models.Index(fields=["club", "finished_at", "game"], name="rating_change_club_order"),
            models.Index(fields=["player", "finished_at", "game"], name="rating_change_history"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} after game {self.game_id}: {self.mu:.2f} ± {self.sigma:.2f}"
