"""Forms for the club pages."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.utils import timezone

from rookclub.core.limits import validate_name

SEATING_LABELS = {
    "random": "Random draw of partners and tables",
    "fixed": "Fixed partnerships",
    "progressive": "Individual progressive (partners change every four hands)",
}


#: The games a night's tables of five and of six may play (slug, name), filled by the
#: scoring app from its rulesets (``scoring.apps``): clubs does not import scoring.
BIG_TABLE_GAMES: dict[int, list[tuple[str, str]]] = {5: [], 6: []}


def _games_for(players: int) -> Callable[[], list[tuple[str, str]]]:
    return lambda: [("", "none"), *BIG_TABLE_GAMES[players]]


class SessionOpenForm(forms.Form):
    date = forms.DateField(
        label="Date", widget=forms.DateInput(attrs={"type": "date"}), initial=timezone.localdate
    )
    seating_method = forms.ChoiceField(
        label="Seating",
        choices=list(SEATING_LABELS.items()),
        initial="random",
        widget=forms.RadioSelect,
    )
    tables_of_five_or_six = forms.BooleanField(
        label="Tables of five or six instead of sit-outs",
        required=False,
        help_text="random or progressive seating",
    )
    game_for_five = forms.ChoiceField(
        label="Tables of five play", choices=_games_for(5), initial="five-player", required=False
    )
    game_for_six = forms.ChoiceField(
        label="Tables of six play", choices=_games_for(6), initial="six-player", required=False
    )


ROLE_CHOICES = [("member", "Member"), ("scorer", "Scorer"), ("director", "Director")]


class SignUpForm(forms.Form):
    """What a person gives to sign up; the service checks it (Django's password rules)."""

    username = forms.CharField(
        label="Username",
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    name = forms.CharField(
        label="Your name (optional)", required=False, max_length=150, validators=[validate_name]
    )
    email = forms.CharField(
        label="Email (optional, to reset a forgotten password)",
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password = forms.CharField(
        label="Password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )


class MemberCreateForm(SignUpForm):
    """A director makes an account for someone without email."""

    name = forms.CharField(
        label="Name (optional)", required=False, max_length=150, validators=[validate_name]
    )
    email = forms.CharField(label="Email (optional)", required=False, widget=forms.EmailInput())
    role = forms.ChoiceField(label="Role", choices=ROLE_CHOICES, initial="member")


class InviteForm(forms.Form):
    role = forms.ChoiceField(label="Role", choices=ROLE_CHOICES, initial="member")


class ClubCreateForm(forms.Form):
    name = forms.CharField(label="Club name", max_length=120, validators=[validate_name])
