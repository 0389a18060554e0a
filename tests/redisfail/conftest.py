"""Rookclub while its Redis fails: a redis-server of the test's own, a
gunicorn web node under production settings and a Celery print worker, on a
PostgreSQL database of the test's own. The test stops (SIGKILL), freezes (SIGSTOP)
and brings back that Redis while it talks HTTP to the node.

Runs when DATABASE_URL is PostgreSQL and a ``redis-server`` binary is on the PATH;
otherwise skipped, or failed when ROOKCLUB_REQUIRE_REDIS_FAULTS=1 (CI's PostgreSQL +
Redis stage). ``ROOKCLUB_TEST_PORTS=8450-8499`` keeps its ports inside that range.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.multinode.conftest import Browser, Node, wait_ready

ROOT = Path(__file__).resolve().parent.parent.parent
PASSWORD = "redisfail-" + secrets.token_urlsafe(12)


def _needs(reason: str) -> None:
    if os.environ.get("ROOKCLUB_REQUIRE_REDIS_FAULTS"):
        pytest.fail(f"the Redis failure tests must run here: {reason}")
    pytest.skip(reason)


def _port_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A free port, inside ROOKCLUB_TEST_PORTS ("8450-8499") when that is set."""
    first, _, last = os.environ.get("ROOKCLUB_TEST_PORTS", "").partition("-")
    if first.isdigit() and last.isdigit():
        for port in range(int(first), int(last) + 1):
            if _port_free(port):
                return port
        raise RuntimeError(f"no free port in {first}-{last}")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Redis:
    """A redis-server of this test's own: killed, frozen and started again at will."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while not self.answers():
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """Down: SIGKILL, the port refuses connections."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)

    def freeze(self) -> None:
        """Frozen: the port accepts connections and never answers."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
            self.process.wait(timeout=10)


@dataclass
class Site:
    web: Node
    worker: Node
    redis: Redis
    database_url: str
    seeded: dict
    queue: str = ""  # the print worker's queue (a Redis list while batches wait)

    def sql(self, query: str, params: list | None = None) -> list[tuple]:
        """Rows from the site's own database (read as it is, not through a page)."""
        import psycopg

        url = self.database_url.replace("postgres://", "postgresql://", 1)
        with psycopg.connect(url, autocommit=True) as connection:
            cursor = connection.execute(query, params or [])
            return cursor.fetchall() if cursor.description else []


def _psql(admin_url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(
        admin_url.replace("postgres://", "postgresql://", 1), autocommit=True
    ) as connection:
        connection.execute(sql)


def _start(name: str, command: list[str], env: dict, workdir: Path, port: int = 0) -> Node:
    media = workdir / "media"
    media.mkdir(exist_ok=True)
    log = workdir / f"{name}.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**env, "MEDIA_ROOT": str(media)},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return Node(name, process, media, log, port)


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith(("postgres://", "postgresql://")):
        _needs("needs DATABASE_URL on PostgreSQL")
    if not shutil.which("redis-server"):
        _needs("needs a redis-server binary to start, stop and freeze")
    parts = urlsplit(base)
    name = f"{parts.path.lstrip('/') or 'rookclub'}_redisfail_{os.getpid()}"
    admin = urlunsplit(parts._replace(path="/postgres"))
    database_url = urlunsplit(parts._replace(path=f"/{name}"))
    _psql(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _psql(admin, f'CREATE DATABASE "{name}"')
    workdir = Path(tempfile.mkdtemp(prefix="rookclub-redisfail-"))
    redis = Redis(workdir)
    redis.start()
    dropped = ("DJANGO_ALLOW_ASYNC_UNSAFE", "MEDIA_ROOT", "DJANGO_SETTINGS_MODULE")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis.url,
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "SITE_URL": "http://127.0.0.1/",
            "SECURE_SSL_REDIRECT": "0",
            "LOG_LEVEL": "WARNING",
            "PRINT_QUEUE": f"print-redisfail-{os.getpid()}",
            # A batch the queue lost is sent again by the worker's sweep after half of
            # this (10 s), so a test of it does not wait the default 45 s.
            "PRINT_JOB_QUEUE_SECONDS": "20",
            "GUNICORN_WORKERS": "2",
            "GUNICORN_ACCESS_LOG": "off",
            "STATIC_ROOT": str(workdir / "static"),  # production storage: collected first
        }
    )
    nodes: list[Node] = []
    try:
        for step in (
            ["manage.py", "migrate", "--no-input", "-v0"],
            ["manage.py", "collectstatic", "--no-input", "-v0"],
            ["-m", "tests.multinode.seed", PASSWORD],
        ):
            done = subprocess.run(
                [sys.executable, *step],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert done.returncode == 0, done.stderr[-3000:]
        seeded = json.loads(done.stdout.strip().splitlines()[-1])
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
                env["PRINT_QUEUE"],
                "--concurrency",
                "1",
                "--prefetch-multiplier",
                "1",
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                f"rf-{os.getpid()}@%h",
            ],
            env,
            workdir,
        )
        nodes.append(worker)
        port = free_port()
        web = _start(
            "web",
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
            env,
            workdir,
            port,
        )
        nodes.append(web)
        wait_ready(web)
        yield Site(web, worker, redis, database_url, seeded, env["PRINT_QUEUE"])
    finally:
        for node in nodes:
            node.stop()
        redis.stop()
        _psql(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture
def redis_back(site: Site) -> Iterator[Redis]:
    """The test's Redis, running again after the test whatever it did to it."""
    yield site.redis
    if site.redis.process and site.redis.process.poll() is None:
        site.redis.thaw()
    else:
        site.redis.start()


@pytest.fixture(scope="module")
def director(site: Site) -> Browser:
    browser = Browser()
    status, _, body = browser.request(
        site.web.port,
        "POST",
        "/accounts/login/",
        form={"username": site.seeded["username"], "password": PASSWORD},
    )
    assert status == 302, body[:500]
    return browser
