from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "rookclub.printing"
    label = "printing"
    verbose_name = "Printing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from rookclub.printing import (  # noqa: F401 - each registers itself
            site,  # its system check
            tasks,  # the batch task, with the queue that sends it
        )
