from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project package as an app: site-wide pages, the demo command and ops tasks.

    It owns no models; the club domain is :mod:`rookclub.clubs` (app label ``rookclub``).
    """

    name = "rookclub"
    label = "site"
    verbose_name = "Rookclub site"
