"""What every app shares and that knows nothing of clubs, games or tournaments:
domain errors, roles and the SYSTEM actor, page and form helpers, rate strings."""
