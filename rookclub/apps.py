from django.apps import AppConfig


class RookclubConfig(AppConfig):
    name = "rookclub"
    verbose_name = "Rook clubs"
