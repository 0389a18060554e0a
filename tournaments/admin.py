"""Tournaments in the admin. Rounds, matches, their games and the audit trail are
results: the admin never deletes them, so a tournament that has started (has rounds)
cannot be deleted here either; one still taking entries can."""

from django.contrib import admin

from tournaments.models import AuditEntry, Entry, Match, MatchGame, Round, Tournament


class NoDelete:
    """No delete button, no "delete selected" action, no deleting through a cascade."""

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class EntryInline(admin.TabularInline):
    model = Entry
    fields = ["name", "seed", "status", "checked_in"]
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "format", "status", "created_at"]
    list_filter = ["format", "status", "club"]
    search_fields = ["name"]
    inlines = [EntryInline]


class MatchGameInline(NoDelete, admin.TabularInline):
    model = MatchGame
    fields = ["number", "score_a", "score_b", "game"]
    raw_id_fields = ["game"]
    extra = 0


@admin.register(Match)
class MatchAdmin(NoDelete, admin.ModelAdmin):
    list_display = ["__str__", "tournament", "table", "entry_a", "entry_b", "status", "winner"]
    list_filter = ["status", "tournament"]
    raw_id_fields = ["round", "entry_a", "entry_b", "partner_a", "partner_b", "winner"]
    raw_id_fields += ["winner_to", "loser_to"]
    inlines = [MatchGameInline]


@admin.register(Round)
class RoundAdmin(NoDelete, admin.ModelAdmin):
    list_display = ["__str__", "status", "started_at"]


@admin.register(AuditEntry)
class AuditEntryAdmin(NoDelete, admin.ModelAdmin):
    list_display = ["when", "tournament", "what", "who", "match"]
    list_filter = ["what", "tournament"]
    readonly_fields = ["tournament", "match", "who", "when", "what", "before", "after", "reason"]
