from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "rookclub.printing"
    label = "printing"
    verbose_name = "Printing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from rookclub.printing import site  # noqa: F401 - site registers its check
