"""Debian's nginx with ``deploy/nginx.conf`` as shipped, in front of local gunicorn
servers, for bench/tuesday.py and the tests of what nginx keeps. Not a benchmark: run
as a script it does nothing.

Only what must differ on one machine is rendered: the upstream's addresses, the ports
listened on (plain HTTP on 127.0.0.1, no certificate) and the cache's folder. Every
other line (the cache's rules, gzip, the proxy headers) is production's. nginx runs
as a child process (``daemon off``) with its own prefix, pid file, logs and temp
folders under a throwaway folder, so it needs no root and touches nothing of the
machine's own nginx.
"""

from __future__ import annotations

import http.client
import os
import pwd
import re
import shutil
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "deploy" / "nginx.conf"
NGINX = os.environ.get("NGINX", "/usr/sbin/nginx")
MIME_TYPES = Path("/etc/nginx/mime.types")

#: Headers the bench reads, added on top of the shipped site (``add_header`` in the
#: ``http`` block, inherited by a site that adds none itself): whether nginx's cache
#: answered, the upstream asked (empty when none was), and what the app's answer cost
#: (read only when an upstream was asked: an answer from the cache carries the
#: headers of the answer it was kept from).
BENCH_HEADERS = """
    add_header X-Bench-Cache $upstream_cache_status always;
    add_header X-Bench-Upstream $upstream_addr always;
    add_header X-Bench-Upstream-Status $upstream_status always;
    add_header X-Bench-Upstream-CPU $upstream_http_x_bench_cpu always;
    add_header X-Bench-Upstream-DB-CPU $upstream_http_x_bench_db_cpu always;
    add_header X-Bench-Upstream-Statements $upstream_http_x_bench_statements always;
"""


def available() -> bool:
    return Path(NGINX).is_file() and os.access(NGINX, os.X_OK)


class ShapeChanged(RuntimeError):
    """deploy/nginx.conf no longer has a line the local rendering replaces."""


def _sub(pattern: str, replacement: str, text: str, *, count: int = 0) -> str:
    new, made = re.subn(pattern, replacement, text, count=count, flags=re.MULTILINE)
    if not made:
        raise ShapeChanged(f"deploy/nginx.conf: no line matches {pattern!r}")
    return new


def render_site(
    shipped: str, *, upstreams: Sequence[str], port: int, plain_port: int, cache: Path
) -> str:
    """``deploy/nginx.conf`` for this machine: the upstream's servers are
    ``upstreams`` (``host:port``), the TLS server listens on 127.0.0.1:``port`` in
    plain HTTP, the port-80 server on 127.0.0.1:``plain_port``, the cache in
    ``cache``."""
    text = _sub(r"(proxy_cache_path\s+)/\S+", rf"\g<1>{cache}", shipped, count=1)
    servers = "".join(
        f"    server {address} max_fails=3 fail_timeout=10s;\n" for address in upstreams
    )
    text = _sub(
        r"^(upstream rookclub_web \{\n)((?:\s*server\s[^\n]*\n)+)",
        lambda match: match.group(1) + servers,
        text,
        count=1,
    )
    text = _sub(r"^(\s*)listen 443 ssl[^;]*;", rf"\g<1>listen 127.0.0.1:{port};", text, count=1)
    text = _sub(r"^\s*ssl_certificate(_key)?\s[^\n]*\n", "", text)
    return _sub(r"^(\s*)listen 80;", rf"\g<1>listen 127.0.0.1:{plain_port};", text, count=1)


def main_conf(prefix: Path, site: Path, *, workers: str = "auto") -> str:
    """The ``nginx.conf`` around the site: Debian's main settings that matter here
    (``sendfile``, ``tcp_nopush``, the MIME types, an access log), every path under
    ``prefix``."""
    user = ""
    if os.geteuid() == 0:  # nginx would hand its workers to nobody, who cannot read prefix
        user = f"user {pwd.getpwuid(0).pw_name};"
    return f"""{user}
daemon off;
worker_processes {workers};
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include {MIME_TYPES};
    default_type application/octet-stream;
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
{BENCH_HEADERS}
    include {site};
}}
"""


@dataclass
class Nginx:
    process: subprocess.Popen
    prefix: Path
    port: int
    plain_port: int

    def pids(self) -> list[int]:
        """The master and its workers (Linux: /proc)."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            children = [int(pid) for pid in path.read_text().split()]
        except OSError:
            children = []
        return [self.process.pid, *children]

    def error_log(self) -> str:
        log = self.prefix / "error.log"
        return log.read_text(errors="replace")[-3000:] if log.exists() else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # SIGTERM: nginx's fast shutdown
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start_nginx(
    prefix: Path,
    upstreams: Sequence[str],
    port: int,
    plain_port: int,
    *,
    shipped: Path = SHIPPED,
    workers: str = "auto",
) -> Nginx:
    """nginx serving the shipped site (rendered for here) on 127.0.0.1:``port``, once
    it answers; ``prefix`` is a folder of its own (made here, emptied first)."""
    if prefix.exists():
        shutil.rmtree(prefix)
    prefix.mkdir(parents=True)
    cache = prefix / "cache"
    site = prefix / "rookclub.conf"
    site.write_text(
        render_site(
            shipped.read_text(),
            upstreams=upstreams,
            port=port,
            plain_port=plain_port,
            cache=cache,
        )
    )
    conf = prefix / "nginx.conf"
    conf.write_text(main_conf(prefix, site, workers=workers))
    command = [NGINX, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log")]
    check = subprocess.run([*command, "-t", "-q"], capture_output=True, text=True)
    if check.returncode:
        raise RuntimeError(f"nginx refused the configuration:\n{check.stderr}")
    with open(prefix / "stderr.log", "w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    server = Nginx(process, prefix, port, plain_port)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"nginx stopped at start:\n{server.error_log()}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            return server
        except OSError:
            time.sleep(0.1)
    server.stop()
    raise RuntimeError(f"nginx did not answer in 30 s:\n{server.error_log()}")
