"""Property-based fuzzing of the whole REST API with Schemathesis, over its OpenAPI schema.

Schemathesis reads ``/api/schema/`` and generates requests for every operation:
bodies, query and path parameters that fit the schema (positive) and that break
it (negative). They go through the WSGI application, as a director of a club with
a night of games, hands and table links and a running tournament, so that ids in
paths often name real rows. Every answer must be no server error and must match
the schema: a documented status code, content type and body; and a request that
breaks the schema must be refused (``negative_data_rejection``: a 4xx, never taken).
Schema-valid requests must be taken: tests/api/test_positive_data.py, which names
the body's ids as the world's rows and lets a 400 pass only for a rule it names.

``ROOKCLUB_FUZZ_REQUESTS`` sets how many requests are sent: 500 by default (``make
test``: about eight of each operation's cases, a third of the test's time), 1,500 in
CI's PostgreSQL stage (.ci/run), the least CI accepts. ``ROOKCLUB_FUZZ_SEED`` picks
another reproducible run.
"""

from __future__ import annotations

import math
import os
from collections import Counter

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from rookclub.wsgi import application

REQUESTS = int(os.environ.get("ROOKCLUB_FUZZ_REQUESTS", "500"))
SEED = int(os.environ.get("ROOKCLUB_FUZZ_SEED", "20261123"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
#: A PDF is rendered in the request (about half a second): fewer tries there.
SLOW = ("/api/v1/print/",)


def _path_values(world, path: str) -> dict[str, object]:
    """Path parameters naming the world's own rows, for ``path``'s placeholders."""
    values = world.path_values(path)
    return {name: value for name, value in values.items() if "{" + name + "}" in path}


@pytest.fixture
def keep_test_connection():
    """Calling the WSGI application directly sends request_started, whose
    ``close_old_connections`` would close the test's connection mid-transaction on
    PostgreSQL (Django's test client unhooks it the same way)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _runner(label, strategy, examples, token, sent, failures):
    """A Hypothesis test sending ``examples`` cases of ``strategy`` and checking each."""

    @seed(SEED)
    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case) -> None:
        sent[label] += 1
        try:
            # Identity: the WSGI transport does not undo gzip as an HTTP client does.
            headers = {"Authorization": f"Token {token}", "Accept-Encoding": "identity"}
            case.call_and_validate(headers=headers, checks=CHECKS)
        except (Exception, BaseExceptionGroup) as failure:
            failures[label] = f"{label}: {str(failure)[:3000]}"
            raise

    return run


@pytest.mark.django_db
def test_the_api_answers_every_generated_request_as_its_schema_says(
    fuzz_world, settings, keep_test_connection
):
    world = fuzz_world
    settings.SITE_URL = "https://rook.example.org/"  # table cards print their QR codes
    token = Token.objects.create(user=world.director).key
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 40, "the schema lost its operations"
    sent: Counter[str] = Counter()
    failures: dict[str, str] = {}  # the last (shrunk) failure of each operation
    fast = [op for op in operations if not op.path.startswith(SLOW)]
    each = math.ceil(REQUESTS * 1.15 / max(len(fast), 1))

    for operation in operations:
        label = f"{operation.method.upper()} {operation.path}"
        strategies = [
            operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
            operation.as_strategy(generation_mode=GenerationMode.NEGATIVE),
        ]
        own = _path_values(world, operation.path)
        if own:
            # The world's rows in the path: a negative case then reaches the query and
            # the body's checks instead of being refused as an unknown id (a 404).
            strategies += [
                operation.as_strategy(GenerationMode.POSITIVE, path_parameters=own),
                operation.as_strategy(GenerationMode.NEGATIVE, path_parameters=own),
            ]
        examples = 6 if operation.path.startswith(SLOW) else each

        run = _runner(label, st.one_of(strategies), examples, token, sent, failures)
        try:
            run()
        except (Exception, BaseExceptionGroup) as error:
            failures.setdefault(label, f"{label}: {type(error).__name__}: {error}"[:3000])

    total = sum(sent.values())
    print(f"{total} requests over {len(operations)} operations; {len(failures)} disagree")
    assert not failures, f"{len(failures)} failing operations:\n" + "\n\n".join(failures.values())
    assert total >= REQUESTS, f"only {total} requests sent: {sent}"
