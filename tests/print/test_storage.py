"""Where a batch PDF is kept and how it is handed out: local disk streamed
through the app, or S3-compatible object storage (moto's real server, tests/s3_server.py)
handed out as a short-lived signed URL, and only ever to those allowed to see it."""

import datetime
import hashlib
import hmac
import urllib.request
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlsplit

import pytest
from django.urls import reverse

from rookclub.printing.models import PrintJob
from rookclub.printing.services import print_job_start
from tests.factories import ClubFactory, director_of
from tests.print.conftest import page_count

pytestmark = pytest.mark.django_db


@pytest.fixture
def batch(eager_on_commit, first_round, director):
    """A done batch of the round's four score sheets, rendered in this process."""

    def make() -> PrintJob:
        with eager_on_commit(execute=True):
            job = print_job_start(
                kind="round-sheets", params={"round": first_round.pk}, by=director
            )
        job.refresh_from_db()
        assert job.state == PrintJob.State.DONE, job.error
        return job

    return make


def download(client, job):
    return client.get(reverse("print-job-download", args=[job.pk]))


def test_on_local_disk_the_pdf_is_streamed_through_the_app(client, director, batch, media_root):
    job = batch()
    client.force_login(director)

    response = download(client, job)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Cache-Control"] == "private, no-store"
    assert page_count(b"".join(response.streaming_content)) == 4
    assert (Path(media_root) / job.result.name).is_file()
    assert job.result.name.split("/")[-2] == str(job.pk), "each job's PDF under its own id"


def test_on_object_storage_the_pdf_is_a_redirect_to_a_signed_url(
    client, director, batch, s3_storage, s3_server, settings, tmp_path
):
    settings.MEDIA_ROOT = str(tmp_path)
    job = batch()
    client.force_login(director)

    response = download(client, job)

    assert response.status_code == 302
    assert response["Cache-Control"] == "private, no-store"
    url = response["Location"]
    assert url.startswith(f"{s3_server.endpoint_url}/{s3_storage}/")
    query = dict(parse_qsl(urlsplit(url).query))
    assert query["X-Amz-Expires"] == "60"
    assert query["response-content-type"] == "application/pdf"
    with urllib.request.urlopen(url, timeout=10) as answer:
        pdf = answer.read()
    assert page_count(pdf) == job.pages == 4
    # Stored in the bucket, not on this machine's disk.
    head = s3_server.client().head_object(Bucket=s3_storage, Key=job.result.name)
    assert head["ContentLength"] == len(pdf)
    assert not any(tmp_path.iterdir())


def test_two_jobs_of_the_same_name_never_share_an_object(client, director, batch, s3_storage):
    first = batch()
    PrintJob.objects.filter(pk=first.pk).update(fingerprint="older")  # not the cache now
    second = batch()

    assert first.pk != second.pk
    assert first.result.name != second.result.name
    assert first.result.name.rsplit("/", 1)[-1] == second.result.name.rsplit("/", 1)[-1]
    assert first.result.storage.exists(first.result.name)


def test_another_clubs_director_gets_404_and_no_signed_url(client, batch, s3_storage):
    job = batch()
    outsider = director_of(ClubFactory(name="Oak Lane", slug="oak-lane"), username="olga")
    client.force_login(outsider)

    response = download(client, job)

    assert response.status_code == 404
    assert "Location" not in response
    assert "X-Amz-Signature" not in response.content.decode()


def test_anonymous_is_sent_to_log_in_not_to_the_pdf(client, batch, s3_storage):
    job = batch()

    response = download(client, job)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_api_result_url_with_a_token_redirects_to_the_signed_url(
    director, batch, s3_storage, s3_server
):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    job = batch()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director).key}")

    result_url = api.get(f"/api/v1/print-jobs/{job.pk}/").json()["result_url"]
    response = api.get(result_url)

    assert response.status_code == 302
    assert response["Location"].startswith(s3_server.endpoint_url)


# ---- the signed URL, checked as S3 checks it (AWS Signature Version 4, query form) ----------
# moto's server does not check query signatures, so the test does, by the published
# algorithm: a signature covers the method, the bucket and key, every parameter and the
# time; S3 refuses it once X-Amz-Date + X-Amz-Expires has passed.


def _sign(key: bytes, text: str) -> bytes:
    return hmac.new(key, text.encode(), hashlib.sha256).digest()


def s3_accepts(url: str, secret: str, now: datetime.datetime) -> bool:
    parts = urlsplit(url)
    params = parse_qsl(parts.query, keep_blank_values=True)
    given = dict(params).get("X-Amz-Signature", "")
    signed = sorted((k, v) for k, v in params if k != "X-Amz-Signature")
    canonical_query = "&".join(
        f"{quote(k, safe='-_.~')}={quote(v, safe='-_.~')}" for k, v in signed
    )
    canonical = "\n".join(
        [
            "GET",
            quote(parts.path, safe="/-_.~%"),
            canonical_query,
            f"host:{parts.netloc}",
            "",
            "host",
            "UNSIGNED-PAYLOAD",
        ]
    )
    fields = dict(signed)
    date, region, service = fields["X-Amz-Credential"].split("/")[1:4]
    scope = f"{date}/{region}/{service}/aws4_request"
    to_sign = "\n".join(
        [
            "AWS4-HMAC-SHA256",
            fields["X-Amz-Date"],
            scope,
            hashlib.sha256(canonical.encode()).hexdigest(),
        ]
    )
    key = _sign(f"AWS4{secret}".encode(), date)
    for part in (region, service, "aws4_request"):
        key = _sign(key, part)
    signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
    signed_at = datetime.datetime.strptime(fields["X-Amz-Date"], "%Y%m%dT%H%M%SZ").replace(
        tzinfo=datetime.UTC
    )
    fresh = now <= signed_at + datetime.timedelta(seconds=int(fields["X-Amz-Expires"]))
    return hmac.compare_digest(signature, given) and fresh


def test_the_signed_url_expires_after_a_minute_and_opens_no_other_key(
    client, director, batch, s3_storage, s3_server
):
    job = batch()
    client.force_login(director)
    url = download(client, job)["Location"]
    now = datetime.datetime.now(datetime.UTC)
    other = url.replace(f"/{job.pk}/", f"/{job.pk + 1}/")

    assert s3_accepts(url, s3_server.secret_key, now)
    assert not s3_accepts(url, s3_server.secret_key, now + datetime.timedelta(seconds=61))
    assert other != url
    assert not s3_accepts(other, s3_server.secret_key, now), "the key is part of the signature"
    assert not s3_accepts(url, "another-secret", now)
