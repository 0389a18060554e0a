"""Errors the engine raises: each a person can cause carries ``.errors`` (field -> every
message, each a ``Message``) and a short ``.code`` to rely on instead of the wording."""

from __future__ import annotations

from collections.abc import Mapping

from .messages import Message, as_message, cite


class _Problems(ValueError):
    code = "invalid"

    def __init__(self, errors: Mapping[str, list[str]], code: str | None = None) -> None:
        self.errors: dict[str, list[Message]] = {
            k: [as_message(m) for m in v] for k, v in errors.items()
        }
        if code is not None:
            self.code = code
        super().__init__(self.summary())

    def summary(self) -> str:
        return "; ".join(f"{field}: {msg}" for field, msgs in self.errors.items() for msg in msgs)


class RulesetError(_Problems):
    """An unknown preset or option, or a parameter set that cannot be played."""

    code = "ruleset_invalid"


class HandRefused(_Problems):
    """A recorded hand that cannot be scored. Codes: ``hand_malformed`` (shape or types),
    ``not_in_game`` (a seat or side the ruleset lacks), ``hand_impossible`` (breaks the
    rules), ``card_hand_illegal`` (not a legal deal or play)."""

    code = "hand_impossible"


class AuctionError(_Problems):
    """A bid or pass that the auction rules (docs/rules.md §2) do not allow."""

    code = "auction_invalid"

    @property
    def messages(self) -> list[Message]:
        return [m for msgs in self.errors.values() for m in msgs]


class GameOver(Exception):
    """A hand was offered to a game that is already finished."""

    code = "game_over"


class GameError(_Problems):
    """A game that cannot start (seats, dealer) or a game document that does not replay."""

    code = "game_invalid"


class Problems:
    """Collects messages per field, then raises them all at once."""

    __slots__ = ("errors",)

    def __init__(self) -> None:
        self.errors: dict[str, list[Message]] = {}

    def add(self, field: str, message: str, rule: str | None = None) -> None:
        """Add ``message`` (a ``Message`` as it is, or text citing ``rule``) to ``field``."""
        if not isinstance(message, Message):
            message = cite(message, rule)
        elif rule is not None and rule != message.rule:
            raise ValueError(f"{message!r} already cites {message.rule!r}")
        self.errors.setdefault(field, []).append(message)

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_if_any(self, exc: type[_Problems] = HandRefused, code: str | None = None) -> None:
        if self.errors:
            raise exc(self.errors, code)
