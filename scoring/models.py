"""Games and hands as stored records. The rules live in ``scoring.engine``;
these rows keep what was entered and a cache of what the engine computed, so
pages and standings read without replaying."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from rookclub.clubs.models import Club, ClubSession, Player, TableSeating
from scoring.engine import SEATS

#: The games for two and three (docs/rules.md §9) sit at numbered seats; the game for two
#: also deals a dummy, which is a seat (it is dealt and plays) though nobody holds it.
SMALL_TABLE_SEATS = ("seat1", "seat2", "seat3", "dummy")
#: The games for five and six (docs/rules.md §11, §12) sit at seat1 … seat6.
LARGE_TABLE_SEATS = ("seat4", "seat5", "seat6")
SEAT_CHOICES = [(s, s.title()) for s in SEATS] + [
    (s, s.replace("seat", "Seat ").title()) for s in (*SMALL_TABLE_SEATS, *LARGE_TABLE_SEATS)
]


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="games")
    session = models.ForeignKey(
        ClubSession, null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    table_seating = models.ForeignKey(
        TableSeating, null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    ruleset_slug = models.CharField(max_length=40)
    #: ``Ruleset.to_dict()`` taken when the game started: later rule changes never rescore it.
    ruleset = models.JSONField()
    first_dealer = models.CharField(max_length=8, choices=SEAT_CHOICES, default="north")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    winner = models.CharField(max_length=20, null=True, blank=True)  # noqa: DJ001 - null: no winner yet
    #: The winning players' ids (every game: a partnership's two, or the one player
    #: of a game scored by player); empty until the game is won.
    winners = models.JSONField(default=list, blank=True)
    #: Won by a player, not a fixed partnership (``Ruleset.scores_players``), set when
    #: the game starts: standings pick the partnership games without reading JSON.
    scored_by_player = models.BooleanField(default=False)
    # Caches of the engine's state after the last hand (rebuilt on every write).
    totals = models.JSONField(default=dict)
    player_totals = models.JSONField(default=dict)
    next_dealer = models.CharField(max_length=8, choices=SEAT_CHOICES, default="north")
    #: The rest of the engine's state after the last hand (``scoring.game_state``): the
    #: hand count, the scored hands, the next hand's seats and the starting seats, so
    #: the next hand is scored without replaying the game. Empty: rebuilt on first use.
    state = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: A game is never deleted: a director voids it (``scoring.services.game_void``).
    #: It keeps its hands and history, takes no more hands and counts in no standings.
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    void_reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.ruleset_slug})"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def scores_players(self) -> bool:
        """Won by a player, not a fixed partnership (Beginner, individual scoring): read
        from the ruleset snapshot as ``Ruleset.scores_players`` decides it, without
        building the ruleset (standings read many games)."""
        rules = self.ruleset or {}
        sides = rules.get("sides")
        return (
            rules.get("partnership", "fixed") != "fixed"
            or rules.get("partner_rotation") == "individual"
            # partnerships of three (Dixie for six): no pair of the compass to stand for it
            or (isinstance(sides, dict) and set(sides) != {"north_south", "east_west"})
        )

    @property
    def is_void(self) -> bool:
        return self.voided_at is not None


class GameSeat(models.Model):
    """Who sat where when the game started (seats may rotate during the game)."""

    # PROTECT, like every link to a game, its hands and their history: scoring
    # history is never deleted by a cascade (a game is voided instead).
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="seats")
    seat = models.CharField(max_length=8, choices=SEAT_CHOICES)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="game_seats")

    class Meta:
        ordering = ["game", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.seat}"


#: The characters of a new table key: letters and digits without the look-alikes I, l,
#: 1, O and 0 (a key printed under the QR code is sometimes typed). Keys made before
#: (``secrets.token_urlsafe``) keep working: a key is looked up as it is.
KEY_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
KEY_LENGTH = 33  # 33 x log2(57) = 192.5 random bits, as many as the old keys'


def new_link_key() -> str:
    """A table link's secret: 33 characters of :data:`KEY_ALPHABET` (192 random bits)."""
    return "".join(secrets.choice(KEY_ALPHABET) for _ in range(KEY_LENGTH))


class TableLink(models.Model):
    """A table's secret link (its QR code): whoever holds it records and confirms the
    hands of the game now at that table, without an account (``scoring.table_links``).

    ``kind`` says who answers for it: ``night`` (a club night's table ``number``,
    across new games and progressive rounds; ``session`` set) or ``tournament`` (a
    tournament round's table; ``scope`` is the round's id, owned by the tournaments
    app, which registers the resolver: scoring never imports it). A director replaces
    a link (``replaced_at`` set): the old key then answers 404.
    """

    class Kind(models.TextChoices):
        NIGHT = "night", "Club night table"
        TOURNAMENT = "tournament", "Tournament round table"

    key = models.CharField(max_length=64, unique=True, default=new_link_key)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="table_links")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    session = models.ForeignKey(
        ClubSession, null=True, blank=True, on_delete=models.CASCADE, related_name="table_links"
    )
    #: The owner's id for kinds other than ``night`` (a tournament round's id).
    scope = models.PositiveBigIntegerField(null=True, blank=True)
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["kind", "session", "scope", "number", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "number"],
                condition=Q(replaced_at__isnull=True, kind="night"),
                name="one_live_link_per_night_table",
            ),
            models.UniqueConstraint(
                fields=["kind", "scope", "number"],
                condition=Q(replaced_at__isnull=True) & ~Q(kind="night"),
                name="one_live_link_per_round_table",
            ),
            models.CheckConstraint(
                condition=Q(kind="night", session__isnull=False)
                | (~Q(kind="night") & Q(scope__isnull=False)),
                name="table_link_has_owner",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.number} link"

    @property
    def live(self) -> bool:
        return self.replaced_at is None


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveIntegerField()
    #: The hand as entered: the REST body, ``HandRecord.to_dict()``.
    record = models.JSONField()
    #: What the engine computed: ``{"sides", "made", "reasons", "void"}``.
    score = models.JSONField(default=dict)
    dealer = models.CharField(max_length=8, choices=SEAT_CHOICES)
    bidder = models.CharField(  # noqa: DJ001 - null: a redeal has no bidder
        max_length=8, choices=SEAT_CHOICES, null=True, blank=True
    )
    declarer = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="declared_hands"
    )
    bid = models.IntegerField(null=True, blank=True)
    trump = models.CharField(max_length=12, blank=True, default="")
    made = models.BooleanField(null=True, blank=True)
    void = models.BooleanField(default=False)
    score_ns = models.IntegerField(default=0)
    score_ew = models.IntegerField(default=0)
    total_ns = models.IntegerField(default=0)
    total_ew = models.IntegerField(default=0)
    #: seat -> player id for this hand (seats rotate every four hands).
    seats = models.JSONField(default=dict)
    #: The hand as played card by card (``CardHand.to_dict()``), when it was entered
    #: that way; ``record`` is then what the engine derived from it.
    card_hand = models.JSONField(null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: Entered through a table link (no user): the link, and the side it was entered
    #: for ("north_south" or "east_west"); that side cannot confirm it.
    entered_via = models.ForeignKey(
        TableLink, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_side = models.CharField(max_length=12, blank=True, default="")
    entered_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: Confirmed through a table link: the link and the side that confirmed.
    confirmed_via = models.ForeignKey(
        TableLink, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_side = models.CharField(max_length=12, blank=True, default="")
    confirmed_at = models.DateTimeField(null=True, blank=True)

    #: Not stored: set by ``hand_record`` when a post was a retry of this very hand.
    replayed = False
    #: Not stored: set by ``hand_record`` on a hand it has just stored
    #: (``scoring.services.Recorded``: the game's state after it, its irregularities).
    recorded = None

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            # The last line of defence against a doubled post: one hand per number.
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number"),
        ]

    def __str__(self) -> str:
        return f"Game {self.game_id}, hand {self.number}"

    @property
    def confirmed(self) -> bool:
        """By a user, through a table link, or by SYSTEM: every confirmation sets the time."""
        return self.confirmed_at is not None


class HandResult(models.Model):
    """What one player scored in one hand, and their running total after it.

    Written in the hand's transaction (and rewritten when a correction replays the
    game), one row per player of every hand, partnership games included: a player's
    points over any set of games are then a plain SUM in the database.
    """

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="results")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hand_results")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="hand_results")
    seat = models.CharField(max_length=8, choices=SEAT_CHOICES)
    points = models.IntegerField()
    total = models.IntegerField()
    #: Set on the rows of the hand that won the game, for its winners: a player's games
    #: won are then a plain COUNT in the database (standings), like their points.
    won = models.BooleanField(default=False)

    class Meta:
        ordering = ["hand", "id"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "player"], name="one_result_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.hand}: {self.points}"


class HandCorrection(models.Model):
    """A director's change to a hand after it was recorded: who, when, why, before/after."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="corrections")
    before = models.JSONField()
    after = models.JSONField()
    reason = models.TextField()
    corrected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    corrected_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "corrected_at", "id"]

    def __str__(self) -> str:
        return f"Correction of {self.hand}"


class Irregularity(models.Model):
    class Kind(models.TextChoices):
        TABLE_TALK = "table_talk", "Table talk"
        IMPROPER_DISCARD = "improper_discard", "Improper discard"
        RENEGE = "renege", "Renege"
        MISDEAL = "misdeal", "Misdeal"
        REDEAL = "redeal", "Redeal"

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="irregularities")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    seat = models.CharField(  # noqa: DJ001 - null: a redeal is nobody's fault
        max_length=8, choices=SEAT_CHOICES, null=True, blank=True
    )
    details = models.JSONField(default=dict, blank=True)
    #: Points the offending side lost for it (0 when the hand is only void or redealt).
    points = models.IntegerField(default=0)

    class Meta:
        ordering = ["hand", "id"]
        verbose_name_plural = "irregularities"

    def __str__(self) -> str:
        return f"{self.get_kind_display()} in {self.hand}"


class PlayerRating(models.Model):
    """A player's current rating in a club (``scoring/ratings.py``): OpenSkill's skill
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
