"""URLs of the club pages (included at the site root by rookclub/urls.py)."""

from django.urls import path

from rookclub.clubs import views

urlpatterns = [
    path("clubs/<slug:slug>/", views.club_detail, name="club-detail"),
]
