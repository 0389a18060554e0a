"""What the engine says: a ``Message`` is a ``str`` in the cited form the API returns
(``"bid 72 is not a multiple of 5 (docs/rules.md §2)"``), with ``text`` (without the
citation) and ``rule`` (``"§2"`` or ``None``). ``cite`` makes one; ``plain`` knows every
form of citation the engine ever wrote."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any, NoReturn

_SOURCE = "docs/rules.md"
#: Reasons stored by older versions cite "RULES.md": its §1 to §6 are docs/rules.md's, and
#: its §7 is cited only by the trick bonuses, now §3.
_OLD_SECTIONS = {"§7": "§3"}
#: A rule as ``cite`` takes it: "§2", "§2, §6", "§5 and §6".
_RULE = re.compile(r"§\d+(?:(?:, | and )§\d+)*")
_RULES_SEEN: set[str] = set()  # rules already checked against _RULE
_new = str.__new__

# A citation as found in text: "docs/rules.md §2", "… §2, §6", "… §5 and §6", or "RULES.md …".
_CITE = r"(?:docs/rules|RULES)\.md(?:\s*§\s*\d+(?:\s*(?:,|and)\s*§?\s*\d+)*)?"
_SECTIONS = re.compile(r"(docs/rules|RULES)\.md\s*(§\s*\d+(?:\s*(?:,|and)\s*§?\s*\d+)*)")
_CITATIONS = (
    (re.compile(rf"\s*\(\s*{_CITE}\s*\)"), ""),  # "… 5 (docs/rules.md §2)" -> "… 5"
    (re.compile(rf"\s*[,;]\s*{_CITE}(?=\s*\))"), ""),  # "(east_west, docs/rules.md §3)"
    (re.compile(rf"\(\s*{_CITE}\s*[,;:]\s*"), "("),  # "(RULES.md §3: east_west)"
    (re.compile(rf"\s*{_CITE}"), ""),  # anywhere else
)


def _cites(text: str) -> bool:
    """Whether ``text`` names the rulebook (a citation belongs in ``rule=``)."""
    return "rules.md" in text or "RULES.md" in text


class Message(str):
    """An engine message: ``str(message)`` is the cited form; ``.text`` and ``.rule``
    are its parts.  Immutable; equal to (and hashed as) its cited string.  Build one
    with ``cite``."""

    # A message that cites nothing and whose text is its string (most problems) stores
    # nothing more; the others keep both in the instance dict, written once when made
    # (here, or in ``cite``, which skips this method for speed).
    rule: str | None = None

    def __new__(cls, cited: str, text: str, rule: str | None) -> Message:
        message = super().__new__(cls, cited)
        if rule is not None or text != cited:
            attrs = message.__dict__
            attrs["text"] = text
            attrs["rule"] = rule
        return message

    @cached_property
    def text(self) -> str:
        return str(self)

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"a Message is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a Message is immutable (cannot delete {name!r})")

    def __reduce__(self) -> tuple[Any, ...]:  # pickle and copy keep text and rule
        return (Message, (str(self), self.text, self.rule))


def cite(
    text: str,
    rule: str | None = None,
    *,
    aside: str | None = None,
    quote: Message | None = None,
) -> Message:
    """A message saying ``text``, citing docs/rules.md ``rule`` (e.g. ``"§2"``) if given.

    ``quote``: another message this one repeats at its end. ``aside``: a note in parentheses
    the citation joins: ``cite("scores 95", "§3", aside="east_west")`` is
    ``"scores 95 (east_west, docs/rules.md §3)"``."""
    if not isinstance(text, str) or not text:
        raise ValueError("a message needs some text")
    if _cites(text) or (aside is not None and _cites(aside)):
        raise ValueError(f"cite the rule with rule=, not in the text: {text!r}")
    if rule is None and aside is None and quote is None:
        return _new(Message, text)  # the common case, kept quick: text is the string
    if rule is not None and rule not in _RULES_SEEN:
        if not _RULE.fullmatch(rule):
            raise ValueError(f"a rule is written like '§2' or '§5 and §6', not {rule!r}")
        _RULES_SEEN.add(rule)
    if quote is None:
        shown = cited = text
    else:
        shown, cited = text + quote.text, text + quote
    if aside is not None:
        shown += f" ({aside})"
        cited += f" ({aside}, {_SOURCE} {rule})" if rule is not None else f" ({aside})"
    elif rule is not None:
        cited += f" ({_SOURCE} {rule})"
    message = _new(Message, cited)
    attrs = message.__dict__
    attrs["text"] = shown
    attrs["rule"] = rule
    return message


def plain(message: str) -> str:
    """What a player reads: a ``Message``'s ``.text``; any other string without its
    citations, in every form the engine has written them (older "RULES.md §2" ones too)."""
    if isinstance(message, Message):
        return message.text
    text = str(message)
    for pattern, replacement in _CITATIONS:
        text = pattern.sub(replacement, text)
    return text


def as_message(message: str) -> Message:
    """``message`` as a ``Message`` with the same string value: a ``Message`` as it
    is; any other string (e.g. read back from JSON) with ``text`` from ``plain`` and
    ``rule`` from its first citation (an older "RULES.md" section read as the section of
    docs/rules.md that now holds that rule)."""
    if isinstance(message, Message):
        return message
    text = str(message)
    found = _SECTIONS.search(text)
    rule = None
    if found:
        rule = re.sub(r"\s+", " ", found.group(2))
        if found.group(1) == "RULES":
            rule = _OLD_SECTIONS.get(rule, rule)
    return Message(text, plain(text), rule)
