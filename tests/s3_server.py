"""A real S3-compatible server for tests: moto's server mode, in a process of its own.

Never a mocked boto: Rookclub's storage, the signed URLs and the multi-node test talk
HTTP to this server exactly as they would to object storage in production.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import boto3

# The server binds port 0 and says which port it got: no race for a free port.
_SERVE = (
    "import sys, time\n"
    "from moto.server import ThreadedMotoServer\n"
    "server = ThreadedMotoServer(ip_address='127.0.0.1', port=0, verbose=False)\n"
    "server.start()\n"
    "print(server.get_host_and_port()[1], flush=True)\n"
    "sys.stdin.read()\n"  # until the test closes our stdin (or dies)
)


@dataclass(frozen=True)
class S3Server:
    endpoint_url: str
    access_key: str = "rookclub-test-key"
    secret_key: str = "rookclub-test-secret"
    region: str = "us-east-1"

    def client(self):
        return boto3.session.Session().client(
            "s3",
            endpoint_url=self.endpoint_url,
            region_name=self.region,
            aws_access_key_id=self.access_key,
            aws_secret_access_key=self.secret_key,
        )

    def make_bucket(self, name: str) -> str:
        self.client().create_bucket(Bucket=name)
        return name

    def env(self, bucket: str) -> dict[str, str]:
        """The environment a Rookclub process needs to keep its media in ``bucket``."""
        return {
            "AWS_STORAGE_BUCKET_NAME": bucket,
            "AWS_S3_ENDPOINT_URL": self.endpoint_url,
            "AWS_ACCESS_KEY_ID": self.access_key,
            "AWS_SECRET_ACCESS_KEY": self.secret_key,
            "AWS_S3_REGION_NAME": self.region,
        }

    def storage_options(self, bucket: str, expire: int = 60) -> dict:
        """``STORAGES["default"]`` for a test process, as the settings build it."""
        return {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": bucket,
                "endpoint_url": self.endpoint_url,
                "access_key": self.access_key,
                "secret_key": self.secret_key,
                "region_name": self.region,
                "default_acl": None,
                "querystring_auth": True,
                "querystring_expire": expire,
                "file_overwrite": False,
                "signature_version": "s3v4",
            },
        }


@contextmanager
def moto_server() -> Iterator[S3Server]:
    process = subprocess.Popen(
        [sys.executable, "-c", _SERVE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        port = process.stdout.readline().strip()
        if not port.isdigit():
            raise RuntimeError("moto's S3 server did not start")
        server = S3Server(f"http://127.0.0.1:{port}")
        deadline = time.monotonic() + 20
        while True:
            try:
                server.client().list_buckets()
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield server
    finally:
        process.stdin.close()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
