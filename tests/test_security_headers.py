"""Every answer carries the security headers, and the pages keep to the
Content-Security-Policy: no inline script, style or event handler in a template the
browser renders (the browser test tests/browser/test_content_security_policy.py
walks the main pages and sees no violation)."""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
# Rendered by WeasyPrint into PDFs, never shown by a browser.
PDF_ONLY = {
    "print/base.html",
    "print/bracket.html",
    "print/brackets.html",
    "print/_bracket_chart.html",
    "print/game_sheets.html",
    "print/score_sheets.html",
    "print/standings.html",
    "print/table_cards.html",
    "print/_sheet_head.html",
}
INLINE = {
    "inline script": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "inline style": re.compile(r"<style\b|\sstyle=", re.I),
    "event handler": re.compile(r"\son[a-z]+=", re.I),
    "javascript: URL": re.compile(r"javascript:", re.I),
    "hx-on": re.compile(r"hx-on", re.I),
}


def policy(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return {d.split()[0]: d.strip() for d in header.split(";") if d.strip()}


@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/api/v1/rulesets/", "/sw.js"])
def test_every_answer_has_the_security_headers(client, url):
    response = client.get(url)

    assert response.status_code == 200
    directives = policy(response)
    assert directives["default-src"] == "default-src 'self'"
    assert directives["script-src"] == "script-src 'self'"  # no nonce unless a page asks
    assert directives["style-src"] == "style-src 'self'"
    assert directives["object-src"] == "object-src 'none'"
    assert directives["frame-ancestors"] == "frame-ancestors 'none'"
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"


def test_the_opener_policy_is_sent_over_https_only(client):
    # Over plain http (a laptop at the hall) browsers ignore it and log an error.
    plain = client.get("/")
    secure = client.get("/", secure=True)

    assert "Cross-Origin-Opener-Policy" not in plain
    assert secure["Cross-Origin-Opener-Policy"] == "same-origin"


def test_the_api_docs_load_swagger_ui_from_this_site_only(client):
    response = client.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "https://" not in page
    assert '<script src="/static/drf_spectacular_sidecar/swagger-ui-dist/' in page
    assert policy(response)["script-src"] == "script-src 'self'"
    assert "https:" not in response["Content-Security-Policy"]
    # Swagger UI's own settings come from a script file, not an inline script.
    assert "<script>" not in response.content.decode()
    assert client.get("/api/docs/?script=").status_code == 200


def test_a_template_may_ask_for_a_nonce_for_an_inline_script(rf):
    from csp.middleware import CSPMiddleware
    from django.http import HttpResponse

    request = rf.get("/")
    middleware = CSPMiddleware(lambda r: HttpResponse(f"<script nonce='{r.csp_nonce}'>"))
    middleware.process_request(request)
    response = middleware.process_response(request, middleware.get_response(request))

    assert f"'nonce-{request.csp_nonce}'" in response["Content-Security-Policy"]


def test_no_page_template_has_inline_script_style_or_handlers():
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        name = path.relative_to(TEMPLATES).as_posix()
        if name in PDF_ONLY:
            continue
        source = path.read_text()
        for what, pattern in INLINE.items():
            if pattern.search(source):
                found.append(f"{name}: {what}")
    assert found == []


@pytest.mark.parametrize(
    ("referer", "back"),
    [
        ("http://testserver/clubs/maple/", "http://testserver/clubs/maple/"),
        ("https://elsewhere.example/", "/"),
        ("", "/"),
    ],
)
def test_the_print_error_page_goes_back_by_a_plain_link(rf, referer, back):
    from django.contrib.auth.models import AnonymousUser

    from rookclub.core.errors import Invalid
    from rookclub.printing.views import error_response

    request = rf.get("/print/x.pdf", HTTP_REFERER=referer)
    request.user = AnonymousUser()

    page = error_response(request, Invalid("Pick a round.")).content.decode()

    assert f'<a href="{back}">Go back</a>' in page
    assert "javascript:" not in page
