from django.contrib import admin

from rookclub.clubs.models import (
    CheckIn,
    Club,
    ClubSession,
    Membership,
    Player,
    SessionEvent,
    SessionRound,
    TableSeating,
)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "created_at"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "user", "active"]
    list_filter = ["club", "active"]
    search_fields = ["name"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["club", "role"]


class CheckInInline(admin.TabularInline):
    model = CheckIn
    extra = 0
    raw_id_fields = ["player"]


class SessionEventInline(admin.TabularInline):
    """Closing and reopening, as the director did them: read only."""

    model = SessionEvent
    extra = 0
    can_delete = False
    readonly_fields = ["action", "by", "at", "reason", "details"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ClubSession)
class ClubSessionAdmin(admin.ModelAdmin):
    list_display = ["club", "date", "status", "seating_method"]
    list_filter = ["club", "status", "seating_method"]
    date_hierarchy = "date"
    inlines = [CheckInInline, SessionEventInline]


class TableSeatingInline(admin.TabularInline):
    model = TableSeating
    extra = 0
    raw_id_fields = ["north", "east", "south", "west"]


@admin.register(SessionRound)
class SessionRoundAdmin(admin.ModelAdmin):
    list_display = ["session", "number"]
    inlines = [TableSeatingInline]
