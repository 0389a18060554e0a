from django.contrib import admin

from tournaments.models import AuditEntry, Entry, Match, MatchGame, Round, Tournament


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


class MatchGameInline(admin.TabularInline):
    model = MatchGame
    fields = ["number", "score_a", "score_b", "game"]
    raw_id_fields = ["game"]
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "tournament", "table", "entry_a", "entry_b", "status", "winner"]
    list_filter = ["status", "tournament"]
    raw_id_fields = ["round", "entry_a", "entry_b", "partner_a", "partner_b", "winner"]
    raw_id_fields += ["winner_to", "loser_to"]
    inlines = [MatchGameInline]


admin.site.register(Round)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["when", "tournament", "what", "who", "match"]
    list_filter = ["what", "tournament"]
    readonly_fields = ["tournament", "match", "who", "when", "what", "before", "after", "reason"]
