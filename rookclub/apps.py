from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project package as an app: site-wide pages, the demo command and ops tasks."""

    name = "rookclub"
    label = "site"
    verbose_name = "Rookclub site"
