"""Forms for the club pages."""

from __future__ import annotations

from django import forms

from rookclub.core.limits import validate_name

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
