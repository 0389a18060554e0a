from django.contrib import admin

from rookclub.models import (
    CheckIn,
    Club,
    ClubSession,
    Membership,
    Player,
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


@admin.register(ClubSession)
class ClubSessionAdmin(admin.ModelAdmin):
    list_display = ["club", "date", "status", "seating_method"]
    list_filter = ["club", "status", "seating_method"]
    date_hierarchy = "date"
    inlines = [CheckInInline]


class TableSeatingInline(admin.TabularInline):
    model = TableSeating
    extra = 0
    raw_id_fields = ["north", "east", "south", "west"]


@admin.register(SessionRound)
class SessionRoundAdmin(admin.ModelAdmin):
    list_display = ["session", "number"]
    inlines = [TableSeatingInline]
