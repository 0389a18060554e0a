"""A club night and its games as stored records: who came, how they were seated,
the games and their hands, with a cache of what the engine computed, so pages and
standings read without replaying. The night's tables keep their ``rookclub_*`` names
from when the clubs app held them."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from rookclub.clubs.models import Club, Player
from rookclub.core import keys
from scoring.engine import SEATS

#: The games for two and three (docs/rules.md §9) sit at numbered seats; the game for two
#: also deals a dummy, which is a seat (it is dealt and plays) though nobody holds it.
SMALL_TABLE_SEATS = ("seat1", "seat2", "seat3", "dummy")
#: The games for five and six (docs/rules.md §11, §12) sit at seat1 … seat6.
LARGE_TABLE_SEATS = ("seat4", "seat5", "seat6")
SEAT_CHOICES = [(s, s.title()) for s in SEATS] + [
    (s, s.replace("seat", "Seat ").title()) for s in (*SMALL_TABLE_SEATS, *LARGE_TABLE_SEATS)
]


def new_door_key() -> str:
    """A night's door link secret: 33 characters without look-alikes (192 random bits,
    as a table link's; :mod:`rookclub.core.keys`). Older keys keep working."""
    return keys.readable_key()


class Night(models.Model):
    """A club night: who came, how they were seated, and the games they played."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CLOSED = "closed", "Closed"

    class Seating(models.TextChoices):
        RANDOM = "random", "Random draw of partners and tables"
        FIXED = "fixed", "Fixed partnerships"
        PROGRESSIVE = "progressive", "Individual progressive (partners change every 4 hands)"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="nights")
    date = models.DateField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    seating_method = models.CharField(
        max_length=12, choices=Seating.choices, default=Seating.RANDOM
    )
    #: The ruleset every game of the night starts from (a preset slug plus house options).
    ruleset_slug = models.CharField(max_length=40, default="tournament")
    ruleset_options = models.JSONField(default=dict, blank=True)
    #: Seat the players who would sit out at tables of five or six instead, playing these
    #: games ("" for no tables of six).
    tables_of_five_or_six = models.BooleanField(default=False)
    game_for_five = models.CharField(max_length=40, default="five-player", blank=True)
    game_for_six = models.CharField(max_length=40, default="six-player", blank=True)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    #: The door link's key (``/n/<key>/``, :mod:`play.door_checkin`); made on first use
    #: for nights opened before door links.
    door_key = models.CharField(
        max_length=64, unique=True, null=True, blank=True, default=new_door_key
    )
    #: Whether the door link offers "I'm new here" (a name adds a player to the club).
    door_new_players = models.BooleanField(default=False)

    class Meta:
        db_table = "rookclub_clubsession"
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return f"{self.club} — {self.date:%Y-%m-%d}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class CheckIn(models.Model):
    night = models.ForeignKey(
        Night, db_column="session_id", on_delete=models.CASCADE, related_name="check_ins"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="check_ins")
    checked_in_at = models.DateTimeField(auto_now_add=True)
    #: Set when the player went home: kept in the night's history, out of later rounds.
    left_at = models.DateTimeField(null=True, blank=True)
    #: Checked in by the player's own phone through the night's door link.
    by_door = models.BooleanField(default=False)
    #: The digest of the secret of the phone that claimed this player at the door ("" when
    #: none holds them): only that phone is shown the player's table link.
    phone = models.CharField(max_length=64, blank=True, default="")
    #: When ``phone`` claimed the player (shown to the director).
    phone_at = models.DateTimeField(null=True, blank=True)
    #: Released (by the director, their phone's "Not me", a new door link): the next
    #: phone to tap the name claims them. Until then a desk check-in is no phone's.
    phone_free = models.BooleanField(default=False)

    class Meta:
        db_table = "rookclub_checkin"
        ordering = ["player__name"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="one_check_in_per_night"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.night}"


class NightRound(models.Model):
    """One seating of the night: the whole room (the first round, "Next round", each
    progressive segment), or one table reseated when its game ended and players were
    waiting to come in. A table's current seating is its latest."""

    night = models.ForeignKey(
        Night, db_column="session_id", on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveIntegerField()
    #: The round of the room, as pages and prints call it: a whole-room seating starts
    #: the next one; a table reseated when its game ended stays in the room's round.
    room_round = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "rookclub_sessionround"
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="round_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.night}, round {self.number}"


class TableSeating(models.Model):
    """Who sits where at one table in one round. Partners sit opposite."""

    round = models.ForeignKey(NightRound, on_delete=models.CASCADE, related_name="tables")
    table = models.PositiveIntegerField()
    north = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    east = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    #: A table of five or six (a night with ``tables_of_five_or_six``): its game sits at
    #: seat1 … seat6, north … west being seat1 … seat4.
    fifth = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    sixth = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        db_table = "rookclub_tableseating"
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="table_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round}, table {self.table}"

    def seats(self) -> dict[str, Player]:
        four = [self.north, self.east, self.south, self.west]
        if self.fifth_id is None:
            return dict(zip(("north", "east", "south", "west"), four, strict=True))
        more = [self.fifth] + ([self.sixth] if self.sixth_id is not None else [])
        return {f"seat{i}": p for i, p in enumerate(four + more, start=1)}

    def player_ids(self) -> tuple[int, ...]:
        ids = (self.north_id, self.east_id, self.south_id, self.west_id)
        return ids + tuple(i for i in (self.fifth_id, self.sixth_id) if i is not None)


class SitOut(models.Model):
    """A player who starts sitting out at this round (odd numbers); sit-outs rotate
    fairly. Waiting on through a later table's reseat is not a new sit-out."""

    round = models.ForeignKey(NightRound, on_delete=models.CASCADE, related_name="sit_outs")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="sit_outs")
    #: On a fixed-partnership night, the partner who sits out with them.
    partner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        db_table = "rookclub_sitout"
        ordering = ["round", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_sit_out_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.player} sits out {self.round}"


class NightEvent(models.Model):
    """A director closing or reopening a club night: who, when, why. Closing and
    reopening change what may be recorded, so each is kept, never overwritten."""

    class Action(models.TextChoices):
        CLOSED = "closed", "Closed"
        REOPENED = "reopened", "Reopened"

    night = models.ForeignKey(
        Night, db_column="session_id", on_delete=models.CASCADE, related_name="events"
    )
    action = models.CharField(max_length=16, choices=Action.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True, default="")
    #: e.g. ``{"unfinished_games": [ids]}`` at close, ``{"closed_at": iso}`` at reopen.
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        db_table = "rookclub_sessionevent"
        ordering = ["night", "at", "id"]

    def __str__(self) -> str:
        return f"{self.night} {self.action} at {self.at:%Y-%m-%d %H:%M}"


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="games")
    night = models.ForeignKey(
        Night,
        db_column="session_id",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="games",
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
    #: The rest of the engine's state after the last hand (``play.game_state``), so the
    #: next hand is scored without replaying the game. Empty: rebuilt on first use.
    state = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: A game is never deleted: a director voids it (``play.voiding.game_void``).
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
        """Won by a player, not a fixed partnership: ``Ruleset.scores_players`` read from
        the snapshot without building the ruleset (standings read many games)."""
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


def new_link_key() -> str:
    """A table link's secret, printed under its QR code and sometimes typed: no
    look-alike characters (:mod:`rookclub.core.keys`). Older keys keep working."""
    return keys.readable_key()


class TableLink(models.Model):
    """A table's secret link (its QR code): whoever holds it records and confirms the
    hands of the game now at that table (``play.table_links``). ``kind`` says who
    answers for it: ``night`` (a club night's table ``number``) or ``tournament``
    (``scope`` is the round's id). A replaced link (``replaced_at``) answers 404.
    """

    class Kind(models.TextChoices):
        NIGHT = "night", "Club night table"
        TOURNAMENT = "tournament", "Tournament round table"

    key = models.CharField(max_length=64, unique=True, default=new_link_key)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="table_links")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    night = models.ForeignKey(
        Night,
        db_column="session_id",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="table_links",
    )
    #: The owner's id for kinds other than ``night`` (a tournament round's id).
    scope = models.PositiveBigIntegerField(null=True, blank=True)
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["kind", "night", "scope", "number", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "number"],
                condition=Q(replaced_at__isnull=True, kind="night"),
                name="one_live_link_per_night_table",
            ),
            models.UniqueConstraint(
                fields=["kind", "scope", "number"],
                condition=Q(replaced_at__isnull=True) & ~Q(kind="night"),
                name="one_live_link_per_round_table",
            ),
            models.CheckConstraint(
                condition=Q(kind="night", night__isnull=False)
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
    """What one player scored in one hand, and their running total after it: one row
    per player of every hand, partnership games included, so a player's points over
    any set of games are a plain SUM in the database."""

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
