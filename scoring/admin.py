from django.contrib import admin

from scoring.models import Game, GameSeat, Hand, HandCorrection, Irregularity


class GameSeatInline(admin.TabularInline):
    model = GameSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "club", "session", "ruleset_slug", "status", "winner", "created_at"]
    list_filter = ["club", "status", "ruleset_slug"]
    raw_id_fields = ["session", "table_seating"]
    readonly_fields = ["ruleset", "totals", "player_totals"]
    inlines = [GameSeatInline]


class IrregularityInline(admin.TabularInline):
    model = Irregularity
    extra = 0


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    """Read-only: a hand changes only through a director's correction (with history)."""

    list_display = ["game", "number", "bidder", "bid", "made", "score_ns", "score_ew",
                    "confirmed_by"]  # fmt: skip
    list_select_related = ["game", "confirmed_by"]
    inlines = [IrregularityInline]

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(HandCorrection)
class HandCorrectionAdmin(admin.ModelAdmin):
    list_display = ["hand", "corrected_by", "corrected_at", "reason"]
    readonly_fields = ["hand", "before", "after", "reason", "corrected_by", "corrected_at"]
