"""Push or poll: what it costs, on this machine, to bring a night's standings to the
people watching them when they change, (a) polled through nginx as deployed and (b)
pushed down a Server-Sent Events stream fed by Redis pub/sub.

Run from the repository root::

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/push_vs_poll.py \
        [--quick] [--json PATH] [--watchers N] [--seconds S] [--change-every S]

A throwaway database with one night of 16 tables. The night changes every
``--change-every`` seconds (3.75: 16 tables, a hand a minute each), by a hand recorded
in this process (the writer's cost is the same either way and is not counted). Then,
one side after the other, ``--watchers`` watchers (64) for ``--seconds`` (60; ``--quick``
20):

- **poll**: each watcher polls ``/sessions/<pk>/standings/?live=1`` every 10 s, as a
  phone does (with the ETag it has), through Debian's nginx running deploy/nginx.conf
  (bench/_nginx.py) in front of gunicorn (one sync worker, deploy/gunicorn.conf.py).
  Counted: nginx's, the worker's and its PostgreSQL backend's CPU.
- **push**: each watcher holds a stream open to a minimal SSE server (this file run with
  ``--sse-server``: a thread per connection, Python's ``ThreadingHTTPServer``), which
  subscribes to the night's Redis channel. At each change this process asks gunicorn
  for the fragment once (the render the poll's side also does once per change) and
  publishes it; the server writes it down every stream. Counted: the SSE server's,
  the worker's and its backend's CPU.

Reported for each side: CPU per watcher per change, and per watcher per second, and
the cores 1,000 clubs of 17 watchers (16 phones and a projector) would need at these
rates for delivery alone (the hand posts, the Confirms and the director's page are
outside this bench). Redis's own CPU is not counted on either side (it is shared on
this machine): the poll reads a stamp per request that reaches Django, the push one
``PUBLISH`` per change to one subscriber. The push side here has no nginx in front; a
deployment would proxy the streams too (``proxy_buffering off``), adding nginx's cost
of one write per watcher per change. The machine's load average is printed before
and during each side: compare the two sides within a run.
"""

from __future__ import annotations

import argparse
import http.client
import os
import queue
import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

POLL_SECONDS = 10
CLUB_WATCHERS = 17  # 16 phones and a projector
CHANNEL = "bench-night-standings"


# ---- the SSE server (a subprocess: its CPU is its own) ---------------------------------


def sse_server(port: int, redis_url: str) -> None:
    """Serve ``GET /events/`` as an SSE stream to every client, each message published
    on :data:`CHANNEL` written to every stream: a thread per connection waiting on its
    queue, one thread reading the subscription."""
    import redis

    streams: set[queue.Queue] = set()
    lock = threading.Lock()

    def fan_out() -> None:
        pubsub = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
        pubsub.subscribe(CHANNEL)
        for message in pubsub.listen():
            data = message["data"]
            event = b"".join(b"data: " + line + b"\n" for line in data.split(b"\n")) + b"\n"
            with lock:
                for stream in streams:
                    stream.put(event)

    class Stream(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            own: queue.Queue = queue.Queue()
            with lock:
                streams.add(own)
            try:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                self.wfile.write(b": open\n\n")
                self.wfile.flush()
                while True:
                    try:
                        event = own.get(timeout=15)
                    except queue.Empty:
                        event = b": keep-alive\n\n"
                    self.wfile.write(event)
                    self.wfile.flush()
            except OSError:
                pass
            finally:
                with lock:
                    streams.discard(own)

        def log_message(self, *args) -> None:
            pass

    threading.Thread(target=fan_out, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", port), Stream)
    server.daemon_threads = True
    server.serve_forever()


# ---- the bench ------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 s a side")
    parser.add_argument("--json", metavar="PATH", help="append the summary rows to PATH")
    parser.add_argument("--watchers", type=int, default=64, help="watchers (default 64)")
    parser.add_argument("--seconds", type=float, default=60, help="each side (default 60 s)")
    parser.add_argument("--change-every", type=float, default=3.75, help="seconds (3.75)")
    parser.add_argument("--sse-server", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds = 20
    return args


def main(argv: list[str] | None = None) -> list[dict]:
    args = parse_args(argv)
    if args.sse_server:
        sse_server(args.sse_server, os.environ["REDIS_URL"])
        return []
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("push_vs_poll needs REDIS_URL (the cache, and the push's pub/sub)")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")
    import django

    django.setup()
    import subprocess

    from django.conf import settings
    from django.db import connection

    from bench import _nginx
    from bench._server import (
        backend_pids,
        database_url,
        free_port,
        start_server,
        stop_server,
        throwaway_database,
        worker_pids,
    )
    from bench.night_page import build_night

    if not _nginx.available():
        raise SystemExit(f"nginx is not installed at {_nginx.NGINX} (Debian: apt install nginx)")
    postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    results = {}
    with throwaway_database("pushpoll") as db:
        night, director = build_night("pushpoll", 16)
        connection.close()
        env = {"SECRET_KEY": settings.SECRET_KEY, "NUM_PROXIES": "1", "CONN_MAX_AGE": "600"}
        web_port, port, plain_port, sse_port = free_port(), free_port(), free_port(), free_port()
        server = start_server(
            web_port,
            database_url(db),
            ROOT / "var" / "push_vs_poll.log",
            workers=1,
            env=env,
            options=["-c", str(ROOT / "deploy" / "gunicorn.conf.py")],
        )
        nginx = sse = None
        try:
            nginx = _nginx.start_nginx(
                ROOT / "var" / "push-vs-poll-nginx", [f"127.0.0.1:{web_port}"], port, plain_port
            )
            sse = subprocess.Popen(
                [sys.executable, __file__, "--sse-server", str(sse_port)],
                env={**os.environ},
            )
            _wait_for(sse_port)
            path = f"/sessions/{night.pk}/standings/?live=1"
            open_streams: list = []
            workers = worker_pids(server)
            backends = lambda: backend_pids(db["NAME"]) if postgres else []  # noqa: E731
            results["poll"] = _side(
                args,
                night,
                director,
                watch=lambda stop: _poller(port, path, stop),
                publish=None,
                pids=lambda: {"nginx": nginx.pids(), "web": workers, "db": backends()},
            )
            results["push"] = _side(
                args,
                night,
                director,
                watch=lambda stop: _listener(sse_port, stop, open_streams),
                publish=lambda: _publish(web_port, path),
                closing=lambda: _close(open_streams),
                pids=lambda: {"sse": [sse.pid], "web": workers, "db": backends()},
            )
        finally:
            if sse is not None:
                sse.terminate()
                sse.wait(10)
            if nginx is not None:
                nginx.stop()
            stop_server(server)
    return report(args, results)


def _wait_for(port: int) -> None:
    import socket

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the SSE server did not start")


def _poller(port: int, path: str, stop: threading.Event) -> int:
    """A phone: poll every 10 s from a random phase, with the ETag it has."""
    import random

    etag, changed = None, 0
    if stop.wait(random.uniform(0, POLL_SECONDS)):
        return 0
    while not stop.is_set():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"HX-Request": "true", "Accept-Encoding": "gzip"}
        if etag:
            headers["If-None-Match"] = etag
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        connection.close()
        if response.status == 200:
            changed += 1
        etag = response.getheader("ETag") or etag
        stop.wait(POLL_SECONDS)
    return changed


def _listener(port: int, stop: threading.Event, open_streams: list) -> int:
    """A phone holding a stream: counts the events it is sent, until the bench closes
    its socket."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/events/")
    open_streams.append(connection.sock)  # the response may let go of it
    response = connection.getresponse()
    events, in_event = 0, False
    try:
        while not stop.is_set():
            line = response.fp.readline()
            if not line:
                break
            if line.startswith(b"data: "):
                in_event = True
            elif line == b"\n" and in_event:
                events, in_event = events + 1, False
    except OSError:
        pass
    connection.close()
    return events


def _close(streams: list) -> None:
    import contextlib
    import socket

    for sock in streams:
        with contextlib.suppress(OSError):  # closed by the server already
            sock.shutdown(socket.SHUT_RDWR)


def _publish(web_port: int, path: str) -> None:
    """One render of the changed fragment (straight from gunicorn), published once."""
    import redis

    connection = http.client.HTTPConnection("127.0.0.1", web_port, timeout=60)
    connection.request("GET", path, headers={"HX-Request": "true"})
    body = connection.getresponse().read()
    connection.close()
    redis.Redis.from_url(os.environ["REDIS_URL"]).publish(CHANNEL, body)


def _side(args, night, director, *, watch, publish, pids, closing=None) -> dict:
    """Run one side: the watchers, and a change every ``change_every`` s."""
    from bench._server import cpu_seconds
    from play.hands import hand_record
    from play.models import Game

    games = list(Game.objects.filter(night=night).order_by("pk"))
    stop = threading.Event()
    delivered: list[int] = []
    lock = threading.Lock()

    def watcher() -> None:
        count = watch(stop)
        with lock:
            delivered.append(count)

    threads = [threading.Thread(target=watcher) for _ in range(args.watchers)]
    for thread in threads:
        thread.start()
    time.sleep(2)  # the streams open, the first polls' phase
    load: list[float] = []
    load_before = os.getloadavg()[0]
    groups = pids()
    cpu0, wall0 = {name: cpu_seconds(ids) for name, ids in groups.items()}, time.monotonic()
    changes = 0
    next_change = wall0
    until = wall0 + args.seconds
    while time.monotonic() < until:
        if time.monotonic() >= next_change:
            game = games[changes % len(games)]
            game.refresh_from_db()
            hand_record(game=game, data=_hand(changes), entered_by=director)
            if publish is not None:
                publish()
            changes += 1
            next_change += args.change_every
            load.append(os.getloadavg()[0])
        time.sleep(0.05)
    elapsed = time.monotonic() - wall0
    parts = {name: cpu_seconds(ids) - cpu0[name] for name, ids in groups.items()}
    cpu = sum(parts.values())
    stop.set()
    if closing is not None:
        closing()
    for thread in threads:
        thread.join(70)
    return {
        "changes": changes,
        "seconds": elapsed,
        "cpu": cpu,
        "parts": parts,
        "delivered": sum(delivered),
        "load_before": load_before,
        "load_during": statistics.mean(load) if load else load_before,
    }


def _hand(n: int) -> dict:
    north = n % 2 == 0
    return {
        "bidder": "north" if north else "east",
        "bid": 80,
        "trump": "red",
        "counters": {"north_south": 40 if north else 80, "east_west": 80 if north else 40},
    }


def report(args, results: dict) -> list[dict]:
    from bench._rows import ratio_row, write_rows

    print(
        f"push vs poll: {args.watchers} watchers, a change every {args.change_every:g} s, "
        f"{args.seconds:g} s a side, polls every {POLL_SECONDS} s"
    )
    print(
        f"{'side':6} {'changes':>7} {'delivered':>9} {'CPU s':>7} {'ms/watcher/change':>18} "
        f"{'ms/watcher/s':>12} {'cores, 1,000 clubs':>18}  load before -> during"
    )
    figures = {}
    for side, r in results.items():
        per_change = 1000 * r["cpu"] / (args.watchers * max(r["changes"], 1))
        per_second = 1000 * r["cpu"] / (args.watchers * r["seconds"])
        cores = per_second / 1000 * CLUB_WATCHERS * 1000
        figures[side] = (per_change, cores)
        print(
            f"{side:6} {r['changes']:7d} {r['delivered']:9d} {r['cpu']:7.2f} {per_change:18.3f} "
            f"{per_second:12.3f} {cores:18.2f}  {r['load_before']:.1f} -> {r['load_during']:.1f}"
        )
        print(
            "       CPU s by process: " + ", ".join(f"{k} {v:.2f}" for k, v in r["parts"].items())
        )
    rows = []
    if {"poll", "push"} <= figures.keys() and figures["poll"][0]:
        ratio = figures["push"][0] / figures["poll"][0]
        print(f"push / poll, CPU per watcher per change: {ratio:.2f}x")
        rows.append(
            ratio_row(
                "push_vs_poll",
                "CPU per watcher per change: SSE stream from Redis pub/sub (floor: nginx poll)",
                f"{figures['push'][0]:.3f} ms",
                f"{figures['poll'][0]:.3f} ms",
                round(ratio, 3),
            )
        )
    write_rows(args.json, rows)
    return rows


if __name__ == "__main__":
    main()
