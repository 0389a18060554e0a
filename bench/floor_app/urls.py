from django.urls import path

from floor_app.views import Children, healthz, live

urlpatterns = [
    path("parents/<int:pk>/children/", Children.as_view()),
    path("healthz", healthz),
    path("live/", live),
]
