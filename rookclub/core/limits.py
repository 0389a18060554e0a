"""Bounds on what a request may carry, and the text checks names and reasons share, kept
here so serializers, forms, services and the OpenAPI schema say the same numbers."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.core.exceptions import ValidationError

#: The largest id a primary key can hold (a BigAutoField): larger ids name nothing.
ID_MAX = 2**63 - 1
#: Scores, points and counts stored in an ``integer`` column stay well inside 2**31.
SCORE_MAX = 99_999
#: A club, player or tournament name (the model columns are 120; entries 160).
NAME_MAX = 120
#: Why a hand was corrected, a night reopened, an entry withdrawn.
REASON_MAX = 500
#: Keys in a ruleset's or a tournament's ``options`` object.
OPTIONS_MAX = 40
#: Players checked in at once, ids in one list.
PLAYERS_MAX = 400
#: A season's year.
YEAR_MIN, YEAR_MAX = 1900, 2999
#: Random seeds (seating draws): any 32-bit number.
SEED_MAX = 2**31 - 1

# No name holds controls (a tab or line break too), lone surrogates or non-characters:
# a printed sheet (XML) could not show them.
_NOT_IN_NAMES = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
# Reasons are written in a text area: a line break and a tab are fine there.
_NOT_IN_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
# What XML 1.0 cannot carry at all (tab, line feed and carriage return it can).
_NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

#: The same rules as patterns for the OpenAPI schema: a name holds no control
#: character and, once trimmed and cleared of invisible characters, something visible.
NAME_PATTERN = (
    "^[^\\x00-\\x1f\\x7f-\\x9f]*"
    "[^\\s\\x00-\\x1f\\x7f-\\x9f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\u061c\\ufeff]"
    "[^\\x00-\\x1f\\x7f-\\x9f]*$"
)
#: A name that may be left empty: no control character.
OPTIONAL_NAME_PATTERN = "^[^\\x00-\\x1f\\x7f-\\x9f]*$"
#: Free text (a reason): line breaks and tabs, no other control character.
TEXT_PATTERN = "^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\ufffe\\uffff]*$"
#: Any string in a request: JSON's parser refuses the NUL character.
NO_NUL_PATTERN = "^[^\\x00]*$"
#: Text a service trims (``str.strip()``, which also removes \x1c-\x1f and \x85) and then
#: needs something in.
SOMETHING_PATTERN = "^[^\\x00]*[^\\s\\x00\\x1c-\\x1f\\x85][^\\x00]*$"
#: A required reason (:data:`TEXT_PATTERN`'s characters) with something in it once trimmed.
REQUIRED_TEXT_PATTERN = (
    "^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\ufffe\\uffff]*"
    "[^\\s\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\ufffe\\uffff]"
    "[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\ufffe\\uffff]*$"
)

NAME_MESSAGE = "A name cannot hold control characters such as a tab or a line break."
TEXT_MESSAGE = "The text cannot hold control characters."


#: Invisible characters (zero-width, byte-order mark, bidi controls) that make two names
#: look alike or a name read backwards.
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u061c\ufeff]")


def normal_name(value: str) -> str:
    """A name as stored: NFC, without invisible or bidi-control characters, spaces collapsed."""
    text = unicodedata.normalize("NFC", _INVISIBLE.sub("", value))
    return re.sub(" +", " ", text).strip()


def name_key(value: str) -> str:
    """What two names are compared by to find the same player twice: Unicode NFKC
    (a full-width "Ｍａｐｌｅ" is "Maple"), case folded, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", normal_name(value)).casefold().split())


def validate_name(value: Any) -> None:
    """Django/DRF validator: a name is one line of printable text."""
    if isinstance(value, str) and _NOT_IN_NAMES.search(value):
        raise ValidationError(NAME_MESSAGE, code="control_characters")


def validate_text(value: Any) -> None:
    """Django/DRF validator: free text (a reason) may break lines, nothing else."""
    if isinstance(value, str) and _NOT_IN_TEXT.search(value):
        raise ValidationError(TEXT_MESSAGE, code="control_characters")


def name_problem(value: Any) -> str | None:
    """For services: the sentence refusing ``value`` as a name, or None."""
    if isinstance(value, str) and _NOT_IN_NAMES.search(value):
        return NAME_MESSAGE
    return None


def check_reason(value: Any, field: str = "reason") -> None:
    """For services: refuse a reason that is not text, too long, or holds control
    characters (a 400 naming ``field``)."""
    from rookclub.core.errors import Invalid

    problem = None
    if not isinstance(value, str):
        problem = "Give the reason as text."
    elif len(value.strip()) > REASON_MAX:
        problem = f"Say why in {REASON_MAX} characters or fewer."
    elif _NOT_IN_TEXT.search(value):
        problem = TEXT_MESSAGE
    if problem:
        raise Invalid(problem, errors={field: [problem]})


def xml_safe(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot hold (for names already stored)."""
    return _NOT_IN_XML.sub("", text)


def whole_number(value: Any, *, minimum: int, maximum: int) -> bool:
    """``value`` is an int (not a bool) from ``minimum`` to ``maximum``."""
    return isinstance(value, int) and not isinstance(value, bool) and minimum <= value <= maximum
