"""Printing: score sheets, table cards, standings and brackets as PDFs (documents.py,
builders.py, render.py); batches go through a ``PrintJob`` and a Celery task."""
