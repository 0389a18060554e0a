"""Text answers are gzipped for a browser that asks, and only then; PDFs
are left as they are; a live page's 304 still works on the weak ETag gzip leaves."""

import gzip

import pytest
from django.http import HttpResponse, StreamingHttpResponse
from django.test import RequestFactory

from rookclub.core.compression import TextGZipMiddleware

pytestmark = pytest.mark.django_db


def test_a_big_page_is_gzipped_when_the_browser_accepts_it(as_director, night):
    url = f"/sessions/{night.pk}/"
    plain = as_director.get(url)
    zipped = as_director.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")

    assert plain.status_code == zipped.status_code == 200
    assert not plain.has_header("Content-Encoding")
    assert zipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped["Vary"]
    body = gzip.decompress(zipped.content)
    assert len(zipped.content) < len(body) / 3
    assert int(zipped["Content-Length"]) == len(zipped.content)
    # The same page (its CSRF tokens are masked afresh on every answer).
    assert body.count(b"<form") == plain.content.count(b"<form")
    assert b"Club night" in body
    # Security headers survive compression.
    assert zipped["Content-Security-Policy"] == plain["Content-Security-Policy"]


def test_no_gzip_when_the_browser_does_not_say_it_accepts_it(as_director, night):
    response = as_director.get(f"/sessions/{night.pk}/", HTTP_ACCEPT_ENCODING="identity")

    assert not response.has_header("Content-Encoding")
    assert response.content.lstrip().startswith(b"<!")


def test_the_live_fragment_answers_304_to_its_gzipped_weak_etag(as_director, night):
    url = f"/sessions/{night.pk}/?live=1"
    first = as_director.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert first["Content-Encoding"] == "gzip" and first["ETag"].startswith("W/")

    again = as_director.get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 304


@pytest.mark.parametrize("streaming", [False, True])
def test_pdfs_are_not_compressed_again(streaming):
    pdf = b"%PDF-1.7\n" + b"0" * 5000
    response = (
        StreamingHttpResponse(iter([pdf]), content_type="application/pdf")
        if streaming
        else HttpResponse(pdf, content_type="application/pdf")
    )
    request = RequestFactory().get("/print/x.pdf", HTTP_ACCEPT_ENCODING="gzip")

    out = TextGZipMiddleware(lambda r: response)(request)

    assert not out.has_header("Content-Encoding")
    assert (b"".join(out.streaming_content) if streaming else out.content) == pdf


def test_json_is_compressed():
    response = HttpResponse(b'{"rows": [' + b"1," * 2000 + b"1]}", content_type="application/json")
    request = RequestFactory().get("/api/x", HTTP_ACCEPT_ENCODING="gzip")

    out = TextGZipMiddleware(lambda r: response)(request)

    assert out["Content-Encoding"] == "gzip"
