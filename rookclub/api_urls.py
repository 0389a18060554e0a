"""Every /api/v1/ route. Apps register their viewsets on the one router here."""

from rest_framework.routers import DefaultRouter

router = DefaultRouter()

urlpatterns = router.urls
