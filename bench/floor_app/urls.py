from django.urls import path

from floor_app.views import Children, healthz

urlpatterns = [
    path("parents/<int:pk>/children/", Children.as_view()),
    path("healthz", healthz),
]
