"""Secret keys printed for people to scan or type: letters and digits without the
look-alikes 0/O, 1/l/I. Older ``token_urlsafe`` keys keep working: keys are looked up as
they are."""

from __future__ import annotations

import secrets

#: No 0, O, 1, l or I.
KEY_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
#: 33 x log2(57) = 192.5 random bits, as many as 24 bytes of ``token_urlsafe``.
KEY_LENGTH = 33


def readable_key() -> str:
    """A new secret key: :data:`KEY_LENGTH` characters of :data:`KEY_ALPHABET`."""
    return "".join(secrets.choice(KEY_ALPHABET) for _ in range(KEY_LENGTH))
