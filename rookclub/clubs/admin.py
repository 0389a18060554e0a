from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from rookclub.clubs.models import (
    Club,
    Membership,
    Player,
    directorless_without,
    last_director_sentence,
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


class MembershipForm(forms.ModelForm):
    class Meta:
        model = Membership
        fields = ["user", "club", "role"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        before = self.instance
        leaves_directors = (
            before.pk
            and before.role == Membership.Role.DIRECTOR
            and (data.get("role") != Membership.Role.DIRECTOR or data.get("club") != before.club)
        )
        if leaves_directors and directorless_without([before.pk]):
            raise forms.ValidationError(last_director_sentence(before, "change the role of"))
        return data


def last_director_refusals(memberships: Any, to: str) -> list[str]:
    """Why deleting ``memberships`` (or their users) is refused: a sentence for each
    club that would be left without a director."""
    return [last_director_sentence(m, to) for m in directorless_without(m.pk for m in memberships)]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    """A club keeps a director: the last one cannot be demoted, moved or deleted here
    (as in the pages and the API, rookclub.clubs.members)."""

    form = MembershipForm
    list_display = ["user", "club", "role"]
    list_filter = ["club", "role"]

    def get_deleted_objects(self, objs, request):  # type: ignore[no-untyped-def]
        deleted, counts, perms, protected = super().get_deleted_objects(objs, request)
        return deleted, counts, perms, [*last_director_refusals(objs, "delete"), *protected]


class UserAdmin(DjangoUserAdmin):
    """Deleting a user who is a club's last director is refused with the reason (the
    database refuses it too: ``Membership.user``'s ``on_delete``)."""

    def get_deleted_objects(self, objs, request):  # type: ignore[no-untyped-def]
        deleted, counts, perms, protected = super().get_deleted_objects(objs, request)
        memberships = Membership.objects.filter(user__in=list(objs))
        # First the sentence, then the memberships the database protects.
        return deleted, counts, perms, [*last_director_refusals(memberships, "delete"), *protected]


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), UserAdmin)
