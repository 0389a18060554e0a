"""The one adapter from a service's refusal (a DomainError) to a Django form
(:func:`add_domain_errors`): each message beside the field it names, and a rules
``Message`` shows its text only; its rule reference stays in the API's answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from rookclub.core.errors import DomainError


def label(labels: Mapping[str, str], name: str) -> str:
    """A choice's label, or the name made readable ("table_talk" -> "Table talk")."""
    return labels.get(name, name.replace("_", " ").capitalize())


def player_text(message: Any) -> str:
    """What a player reads of a message: its ``.text`` when it has one."""
    return str(getattr(message, "text", message))


def sentence(text: str) -> str:
    """A service's message as a sentence: capital first letter, full stop at the end."""
    text = " ".join(str(text).split())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else f"{text}."


def _field_for(form: forms.Form, key: str, message: str, rename: Mapping[str, str | None]):
    """(form field or None for above the form, text) for one of the error's messages; see
    ``add_domain_errors`` for ``rename``, ``field_for_error`` and ``place_error``."""
    place = getattr(form, "place_error", None)
    placed = place(key, message) if place is not None else None
    if placed is not None:  # the form knows this message's own box and words
        return placed
    field = rename.get(key, key)
    text = message
    if key == "options":
        option, colon, rest = message.partition(":")
        field = rename.get(option.strip()) if colon else None
        text = rest.strip() if field else message
    hook = getattr(form, "field_for_error", None)
    if field is not None and hook is not None:
        field = hook(field)
    return (field if field in form.fields else None), text


def add_domain_errors(
    form: forms.Form,
    error: DomainError,
    rename: Mapping[str, str | None] | None = None,
    *,
    as_sentences: bool = False,
) -> None:
    """Show a service's refusal on ``form``: field messages by their fields, the rest above
    (``as_sentences``: the refusal's message above too, every message a sentence)."""
    rename = rename or {}
    shape = sentence if as_sentences else (lambda text: text)
    shown: set[str] = set()
    if as_sentences or not error.errors:
        summary = shape(player_text(error.message))
        form.add_error(None, summary)
        shown.add(summary)
    for key, messages in error.errors.items():
        for message in messages:
            field, text = _field_for(form, key, player_text(message), rename)
            text = shape(text)
            if field is None and text in shown:
                continue
            shown.add(text)
            form.add_error(field, text)
