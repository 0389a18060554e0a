"""The club domain: clubs, players, memberships and club nights (open, check in, close).

Depends on :mod:`rookclub.core` only. Games, hands, seating and standings build on
it from :mod:`scoring`.
"""
