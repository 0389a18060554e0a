"""Rookclub: the Django project package and the club domain (clubs, players, club nights)."""

# Importing the Celery app here makes @shared_task use it in every process.
from rookclub.celery import app as celery_app

__all__ = ["celery_app"]
