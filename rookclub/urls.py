from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from rookclub import views
from rookclub.core.throttles import PasswordResetThrottle, limit_posts

# Swagger UI needs its inline <style> and data: images: the only page with a wider policy.
api_docs = csp_update({"style-src": [UNSAFE_INLINE], "img-src": ["data:"]})(
    SpectacularSwaggerSplitView.as_view(url_name="api-schema")
)

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("manifest.webmanifest", views.web_manifest, name="web-manifest"),
    # Browsers ask for /favicon.ico on pages that name no icon (a PDF, a JSON answer).
    path("favicon.ico", views.favicon, name="favicon"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Password reset by email (EMAIL_URL); templates in templates/registration/.
    path(
        "accounts/password-reset/",
        limit_posts(PasswordResetThrottle)(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path(
        "accounts/password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password-reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password-reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs, name="api-docs"),
    path("api/v1/", include(("rookclub.api_urls", "api"))),
    path("tournaments/", include("tournaments.urls")),
    path("print/", include("rookclub.printing.urls")),
    path("", include("rookclub.clubs.urls")),
    path("", include("play.urls")),
    path("", include("standings.urls")),
]

# Refusals and faults outside DRF's views: JSON under /api/, and a database that is
# down answers 503 (rookclub/core/faults.py).
handler400 = "rookclub.core.faults.bad_request"
handler404 = "rookclub.core.faults.page_not_found"
handler500 = "rookclub.core.faults.server_error"
