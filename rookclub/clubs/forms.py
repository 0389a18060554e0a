"""Forms for the club pages."""

from __future__ import annotations

from django import forms
from django.utils import timezone

SEATING_LABELS = {
    "random": "Random draw of partners and tables",
    "fixed": "Fixed partnerships",
    "progressive": "Individual progressive (partners change every four hands)",
}


class SessionOpenForm(forms.Form):
    date = forms.DateField(
        label="Date", widget=forms.DateInput(attrs={"type": "date"}), initial=timezone.localdate
    )
    seating_method = forms.ChoiceField(
        label="Seating", choices=list(SEATING_LABELS.items()), initial="random",
        widget=forms.RadioSelect,
    )  # fmt: skip
