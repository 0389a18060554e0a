"""Rookclub scoring: the pure-Python Rook rules engine lives in ``scoring.engine``."""
