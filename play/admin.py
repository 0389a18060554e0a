"""Club nights, games and hands in the admin. Games and hands are to look at, never to
delete: scoring history is kept (``on_delete=PROTECT``); a director voids a game from
its page or the API instead."""

from django.contrib import admin

from play.models import (
    CheckIn,
    Game,
    GameSeat,
    Hand,
    HandCorrection,
    Irregularity,
    Night,
    NightEvent,
    NightRound,
    TableSeating,
)


class NoDelete:
    """No delete button, no "delete selected" action."""

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class GameSeatInline(NoDelete, admin.TabularInline):
    model = GameSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Game)
class GameAdmin(NoDelete, admin.ModelAdmin):
    list_display = [
        "id",
        "club",
        "night",
        "ruleset_slug",
        "status",
        "winner",
        "voided_at",
        "created_at",
    ]
    list_filter = ["club", "status", "ruleset_slug"]
    raw_id_fields = ["night", "table_seating"]
    readonly_fields = [
        "ruleset",
        "totals",
        "player_totals",
        "voided_at",
        "voided_by",
        "void_reason",
    ]
    inlines = [GameSeatInline]


class IrregularityInline(NoDelete, admin.TabularInline):
    model = Irregularity
    extra = 0

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(NoDelete, admin.ModelAdmin):
    """Read-only: a hand changes only through a director's correction (with history)."""

    list_display = [
        "game",
        "number",
        "bidder",
        "bid",
        "made",
        "score_ns",
        "score_ew",
        "confirmed_by",
    ]
    list_select_related = ["game", "confirmed_by"]
    inlines = [IrregularityInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(HandCorrection)
class HandCorrectionAdmin(NoDelete, admin.ModelAdmin):
    """A hand's history: read only."""

    list_display = ["hand", "corrected_by", "corrected_at", "reason"]
    readonly_fields = ["hand", "before", "after", "reason", "corrected_by", "corrected_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class CheckInInline(admin.TabularInline):
    model = CheckIn
    extra = 0
    raw_id_fields = ["player"]


class NightEventInline(admin.TabularInline):
    """Closing and reopening, as the director did them: read only."""

    model = NightEvent
    extra = 0
    can_delete = False
    readonly_fields = ["action", "by", "at", "reason", "details"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Night)
class NightAdmin(admin.ModelAdmin):
    list_display = ["club", "date", "status", "seating_method"]
    list_filter = ["club", "status", "seating_method"]
    date_hierarchy = "date"
    inlines = [CheckInInline, NightEventInline]


class TableSeatingInline(admin.TabularInline):
    model = TableSeating
    extra = 0
    raw_id_fields = ["north", "east", "south", "west"]


@admin.register(NightRound)
class NightRoundAdmin(admin.ModelAdmin):
    list_display = ["night", "number"]
    inlines = [TableSeatingInline]
