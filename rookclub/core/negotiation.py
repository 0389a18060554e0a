"""``?format=`` on the API: an empty or unknown one is a 400 ``unknown_format`` naming the
formats there are (DRF: a bare 404)."""

from __future__ import annotations

from typing import Any

from rest_framework.negotiation import DefaultContentNegotiation

from rookclub.core.errors import Invalid

#: The code of the refusal, in the body beside the field's message.
UNKNOWN_FORMAT = "unknown_format"


class UnknownFormat(Invalid):
    code = UNKNOWN_FORMAT
    code_in_body = True


def unknown_format(value: str, known: list[str]) -> UnknownFormat:
    message = f"Unknown format {value[:20]!r}: ask for {' or '.join(known)}."
    return UnknownFormat(message, errors={"format": [message]})


class FormatNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, with an empty or unknown ``?format=`` refused (400)."""

    def select_renderer(self, request: Any, renderers: list[Any], format_suffix: Any = None):
        name = self.settings.URL_FORMAT_OVERRIDE
        if format_suffix is None and name and name in request.query_params:
            value = request.query_params[name]
            known = list(dict.fromkeys(r.format for r in renderers))
            if value not in known:
                raise unknown_format(value, known)
        return super().select_renderer(request, renderers, format_suffix)
