"""Three Rookclub machines in processes: two gunicorn web nodes and one print worker,
each with its own local media folder, sharing PostgreSQL, Redis and an S3-compatible
server (moto's server mode). Nothing is mocked: the test talks HTTP to the nodes.

Runs only when DATABASE_URL is PostgreSQL and REDIS_URL is set (the nodes must share
them); otherwise skipped, or failed when ROOKCLUB_REQUIRE_MULTINODE=1 (CI).
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
PASSWORD = "multinode-" + secrets.token_urlsafe(12)


def _needs(reason: str) -> None:
    if os.environ.get("ROOKCLUB_REQUIRE_MULTINODE"):
        pytest.fail(f"the multi-node test must run here: {reason}")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# ---- an HTTP client that keeps its cookies (and its CSRF token) itself ------------------


class Browser:
    """One person's browser, talking to any node. Cookies are kept by hand: with
    DEBUG=0 they are marked Secure, and the nodes here speak plain HTTP.

    The CSRF cookie is chosen here (a 32-character secret, as Django's own), so no
    page has to be rendered to get one; Django rotates it at login and we follow."""

    def __init__(self) -> None:
        self.cookies = {"csrftoken": secrets.token_hex(16)}

    def request(
        self,
        port: int,
        method: str,
        path: str,
        *,
        form: dict | None = None,
        body: dict | None = None,
        timeout: float = 30,
    ) -> tuple[int, dict, bytes]:
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "X-CSRFToken": self.cookies["csrftoken"],
        }
        payload = None
        if form is not None:
            payload = urlencode({**form, "csrfmiddlewaretoken": self.cookies["csrftoken"]})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            payload = json.dumps(body)
            headers["Content-Type"] = "application/json"
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        try:
            connection.request(method, path, body=payload, headers=headers)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        for cookie in response.msg.get_all("Set-Cookie") or []:
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data

    def json(self, port: int, method: str, path: str, **kwargs) -> tuple[int, dict]:
        status, _, data = self.request(port, method, path, **kwargs)
        try:
            return status, json.loads(data) if data else {}
        except ValueError:
            return status, {"raw": data[:300].decode(errors="replace")}


# ---- the machines --------------------------------------------------------------------------


@dataclass
class Node:
    name: str
    process: subprocess.Popen
    media: Path
    log: Path
    port: int = 0

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """The machine dies: SIGKILL to its whole process group (master and workers)."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if not self.alive():
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill()

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""


@dataclass
class Cluster:
    database_url: str
    web1: Node
    web2: Node
    worker: Node
    seeded: dict
    bucket: str
    s3: object
    nodes: list[Node] = field(default_factory=list)


def _database_urls(base: str) -> tuple[str, str, str]:
    """(admin URL, the test's own throwaway database URL, its name) on base's server."""
    parts = urlsplit(base)
    name = f"{parts.path.lstrip('/') or 'rookclub'}_multinode_{os.getpid()}"
    admin = urlunsplit(parts._replace(path="/postgres"))
    return admin, urlunsplit(parts._replace(path=f"/{name}")), name


def _psql(admin_url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(
        admin_url.replace("postgres://", "postgresql://", 1), autocommit=True
    ) as connection:
        connection.execute(sql)


def _env(common: dict, media: Path) -> dict:
    dropped = ("DJANGO_ALLOW_ASYNC_UNSAFE", "MEDIA_ROOT", "DJANGO_SETTINGS_MODULE")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    return {**env, **common, "MEDIA_ROOT": str(media)}


def _start(name: str, command: list[str], env: dict, workdir: Path, port: int = 0) -> Node:
    media = workdir / f"{name}-media"
    media.mkdir()
    log = workdir / f"{name}.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=_env(env, media),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: killed as one machine
        )
    return Node(name, process, media, log, port)


def wait_ready(node: Node, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not node.alive():
            raise RuntimeError(f"{node.name} stopped at start:\n{node.tail()}")
        try:
            status, _, _ = Browser().request(node.port, "GET", "/readyz", timeout=3)
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{node.name} was not ready in {timeout:.0f} s:\n{node.tail()}")


@pytest.fixture(scope="module")
def cluster(s3_server) -> Iterator[Cluster]:
    base = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL", "")
    if not base.startswith(("postgres://", "postgresql://")) or not redis_url:
        _needs("needs DATABASE_URL on PostgreSQL and REDIS_URL (the nodes share them)")
    admin, database_url, name = _database_urls(base)
    _psql(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _psql(admin, f'CREATE DATABASE "{name}"')
    bucket = s3_server.make_bucket(f"rookclub-multinode-{uuid.uuid4().hex[:10]}")
    workdir = Path(tempfile.mkdtemp(prefix="rookclub-multinode-"))
    common = {
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        **s3_server.env(bucket),
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),  # the same on every node, as in production
        "ALLOWED_HOSTS": "127.0.0.1",
        "SITE_URL": "http://127.0.0.1/",
        "SECURE_SSL_REDIRECT": "0",
        "NUM_PROXIES": "0",
        "THROTTLE_ANON": "off",
        "THROTTLE_USER": "off",
        "LOG_LEVEL": "WARNING",
        # Batches on a queue of this test's own, so no other worker on this Redis takes them.
        "PRINT_QUEUE": f"print-multinode-{os.getpid()}",
        "GUNICORN_WORKERS": "2",
        "GUNICORN_ACCESS_LOG": "off",
    }
    nodes: list[Node] = []
    try:
        migrate = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--no-input", "-v0"],
            cwd=ROOT,
            env=_env(common, workdir),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert migrate.returncode == 0, migrate.stderr[-3000:]
        seeding = subprocess.run(
            [sys.executable, "-m", "tests.multinode.seed", PASSWORD],
            cwd=ROOT,
            env=_env(common, workdir),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert seeding.returncode == 0, seeding.stderr[-3000:]
        seeded = json.loads(seeding.stdout.strip().splitlines()[-1])
        worker = _start(
            "worker",
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "rookclub",
                "worker",
                "--loglevel",
                "INFO",
                "--queues",
                common["PRINT_QUEUE"],
                "--concurrency",
                "1",
                "--prefetch-multiplier",
                "1",
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                f"mn-{os.getpid()}@%h",
            ],
            common,
            workdir,
        )
        nodes.append(worker)
        for web in ("web1", "web2"):
            port = free_port()
            nodes.append(
                _start(
                    web,
                    [
                        sys.executable,
                        "-m",
                        "gunicorn",
                        "rookclub.wsgi",
                        "-c",
                        str(ROOT / "deploy" / "gunicorn.conf.py"),
                        "--bind",
                        f"127.0.0.1:{port}",
                    ],
                    common,
                    workdir,
                    port,
                )
            )
        web1, web2 = nodes[1], nodes[2]
        wait_ready(web1)
        wait_ready(web2)
        yield Cluster(database_url, web1, web2, worker, seeded, bucket, s3_server, nodes)
    finally:
        for node in nodes:
            node.stop()
        _psql(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
