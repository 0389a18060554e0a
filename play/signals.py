"""What scoring tells the apps built on it. Scoring imports none of them: they connect
receivers here from their ``AppConfig.ready()`` (tournaments: ``tournaments/receivers.py``).
"""

from django.dispatch import Signal

#: A hand of ``game`` was recorded or corrected and the game's totals and status are
#: stored. Sent with ``sender=Game`` and ``game=<the locked Game row>``.
#:
#: Sent *inside* the hand's transaction, with the game row locked, not on commit:
#: a tournament match result must never lag the hand that decided it, so the hand
#: and everything a receiver writes are committed together or not at all. A receiver
#: that raises therefore refuses the hand; keep receivers small and let them raise
#: only a DomainError a scorer can read.
game_scored = Signal()

#: A director is voiding ``game``: sent with ``sender=Game`` and ``game=<the locked
#: Game row, already marked void>`` inside the voiding's transaction, so a receiver
#: that raises a DomainError refuses it (tournaments: a match's game is put right by
#: correcting the match result, not by voiding it).
game_voided = Signal()

#: A hand of ``game``, which had finished, was corrected: whatever was worked out from
#: the finished game (a player's rating) must be worked out again. Sent with
#: ``sender=Game`` and ``game=<the locked Game row>`` inside the correction's
#: transaction, after ``game_scored``.
finished_game_corrected = Signal()
