"""Rookclub's rules of Rook: the pure-Python engine lives in ``scoring.engine``. A club
night and its games, which the engine scores, are the ``play`` app's."""
