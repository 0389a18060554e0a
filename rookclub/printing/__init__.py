"""Printing: score sheets, table cards, standings and brackets as PDFs.

Documents are plain dataclasses (``documents.py``) built from selectors
(``builders.py``) and rendered by WeasyPrint from ``templates/print/``
(``render.py``). Single sheets render per request; batches go through a
``PrintJob`` and a Celery task, cached by a fingerprint of the data shown.
"""
