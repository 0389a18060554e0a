"""The floor for bench/hand_entry.py: the least a hand POST can cost on the same server
and database. One model pair (Parent, Child), one DRF endpoint: a serializer, the
parent locked with ``select_for_update``, one INSERT. Token auth, as Rookclub's bench
clients post. Its own settings module: ``floor_app.settings`` (with bench/ on the path).
"""
