"""The "Download CSV" link of a night's page: the same people who see the page get its
file (these pages are public, as their tables are)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from play import csv_exports
from play.models import Night
from rookclub.core.csv_out import csv_response


def night_hands_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Every hand of every game of the night, one row each."""
    night = get_object_or_404(Night.objects.select_related("club"), pk=pk)
    return csv_response(csv_exports.night_hands_table(night=night))
