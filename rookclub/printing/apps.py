from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "rookclub.printing"
    label = "printing"
    verbose_name = "Printing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.conf import settings

        from rookclub.printing import site, stamps  # noqa: F401 - site registers its check

        # Stamp text as whole runs: only on a tested WeasyPrint, and only when allowed.
        stamps.install_fast_path(getattr(settings, "PRINT_FAST_SVG_TEXT", True))
