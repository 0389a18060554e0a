"""Tournaments as stored records: events, entries, rounds, matches and their games.
Pairings and brackets are computed by ``tournaments.formats``; these rows keep what
was decided."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from rookclub.clubs.models import Club, Player


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "Round robin"
        SWISS = "swiss", "Swiss"
        SINGLE_ELIMINATION = "single_elimination", "Single elimination"
        DOUBLE_ELIMINATION = "double_elimination", "Double elimination"
        INDIVIDUAL = "individual", "Individual (rotating partners)"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "Registration"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(max_length=120)
    ruleset_slug = models.CharField(max_length=40, default="tournament")
    #: ``Ruleset.to_dict()`` when the event was created: later rule changes never rescore it.
    ruleset = models.JSONField(default=dict)
    format = models.CharField(max_length=24, choices=Format.choices)
    #: What each entry pays to play (a partnership, or a player signing up alone), in
    #: the club's money; None: no fee is asked. Shown only: Rookclub takes no payments.
    entry_fee = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    #: Number of rounds (Swiss, individual, round robin cycles x rounds); None: the format decides.
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    #: A match is best of this many games (1: a single game).
    games_per_match = models.PositiveSmallIntegerField(default=1)
    #: tie_breakers, round_clock {hands, minutes}, third_place, reset, bye_points, ...
    options = models.JSONField(default=dict, blank=True)
    #: Seed order (entry ids) the bracket or schedule was built from, fixed at start.
    seeding = models.JSONField(default=list, blank=True)
    draw_seed = models.CharField(max_length=40, blank=True, default="")
    #: Events with drawn partners: {"pins": [[entry, entry], ...]} while registering;
    #: at the start also "pool" (the sign-ups drawn, in order) and "pairs" (drawn with
    #: ``draw_seed``), so the draw can be re-run and shown.
    partner_draw = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_elimination(self) -> bool:
        return self.format in (self.Format.SINGLE_ELIMINATION, self.Format.DOUBLE_ELIMINATION)

    @property
    def is_individual(self) -> bool:
        return self.format == self.Format.INDIVIDUAL

    @property
    def partners_drawn(self) -> bool:
        """Players sign up alone; partners are drawn when the event starts."""
        return (self.options or {}).get("partners") == "drawn"


class Entry(models.Model):
    """A partnership (fixed partners) or, in an individual event, one player."""

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        WITHDRAWN = "withdrawn", "Withdrawn"
        #: A sign-up whose player joined the entry of the partner drawn for them.
        PAIRED = "paired", "Paired"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(max_length=160)
    players = models.ManyToManyField(Player, through="EntryPlayer", related_name="entries")
    seed = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    checked_in = models.BooleanField(default=False)
    late = models.BooleanField(default=False)
    #: [{"at", "what", "by"}]: registration, check-in, seed changes, withdrawal.
    history = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "seed"],
                condition=Q(seed__isnull=False),
                name="one_entry_per_seed",
            ),
        ]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return self.name

    @property
    def active(self) -> bool:
        return self.status == self.Status.ACTIVE


class EntryPlayer(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    #: Copied from the entry so the database can refuse a player in two entries of one event.
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["entry", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="player_once_per_tournament"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.entry}"


class Round(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    started_at = models.DateTimeField(null=True, blank=True)
    #: Flags for the whole round, e.g. "repaired" after a director re-paired it.
    flags = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Match(models.Model):
    """One pairing: a game or best of N between two entries, or a bye (``entry_b`` empty).
    In an individual event ``entry_a`` + ``partner_a`` play ``entry_b`` + ``partner_b``.
    Elimination matches keep their bracket id (``W1-1``, ``GF``) and where winner and
    loser go."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for entries"
        READY = "ready", "Ready"
        DECIDED = "decided", "Decided"
        BYE = "bye", "Bye"
        WALKOVER = "walkover", "Walkover"
        NOT_NEEDED = "not_needed", "Not needed"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="matches")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    entry_a = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    entry_b = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    partner_a = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    partner_b = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    bye = models.BooleanField(default=False)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.READY)
    winner = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # Elimination brackets.
    bracket_key = models.CharField(max_length=12, blank=True, default="")
    section = models.CharField(max_length=16, blank=True, default="")
    bracket_round = models.PositiveSmallIntegerField(null=True, blank=True)
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    winner_to = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    winner_to_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    loser_to = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    loser_to_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Director overrides and generator notes: swapped, pinned, forced_bye, repaired,
    #: rematch, forfeit.
    flags = models.JSONField(default=list, blank=True)
    #: A playoff game for a tied place: it orders the tied entries, and counts for
    #: nothing else in the standings.
    playoff = models.ForeignKey(
        "Playoff", null=True, blank=True, on_delete=models.CASCADE, related_name="matches"
    )

    class Meta:
        ordering = ["round__number", "table", "id"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "entry_a"], name="entry_a_once_per_round"),
            models.UniqueConstraint(fields=["round", "entry_b"], name="entry_b_once_per_round"),
            models.UniqueConstraint(
                fields=["round", "table"], condition=Q(table__isnull=False), name="one_table"
            ),
            models.UniqueConstraint(
                fields=["tournament", "bracket_key"],
                condition=~Q(bracket_key=""),
                name="one_bracket_key",
            ),
            models.CheckConstraint(
                condition=Q(entry_a__isnull=True) | ~Q(entry_a=F("entry_b")),
                name="not_against_itself",
            ),
        ]

    def __str__(self) -> str:
        return f"Match {self.bracket_key or self.pk} ({self.round})"


class Playoff(models.Model):
    """Entries still tied for ``place`` after every tie-breaker, played off
    (``tournaments.formats.playoffs``): its matches order them in the standings."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="playoffs")
    #: The place the entries shared (1: first).
    place = models.PositiveSmallIntegerField()
    #: The tied entry ids in the standings' order (the playoff bracket's seeds).
    entries = models.JSONField(default=list)
    #: Shuffles the deck of the card draw that gives one of three a bye.
    draw_seed = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "place"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "place"], name="one_playoff_per_place"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} playoff for place {self.place}"


class MatchGame(models.Model):
    """One game of a match: typed in by the director, or played at the table
    (``game`` set; its final totals become the score when it finishes)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    score_a = models.IntegerField(null=True, blank=True)
    score_b = models.IntegerField(null=True, blank=True)
    game = models.OneToOneField(
        "scoring.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="match_game",
    )

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_match_game_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.match} game {self.number}"

    @property
    def scored(self) -> bool:
        return self.score_a is not None and self.score_b is not None


class AuditEntry(models.Model):
    """Every change a director makes: who, when, what, and the values before and after."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit"
    )
    who = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    when = models.DateTimeField(auto_now_add=True)
    what = models.CharField(max_length=40)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["tournament", "when", "id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.what} at {self.when:%Y-%m-%d %H:%M}"
