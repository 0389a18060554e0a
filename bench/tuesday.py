"""A Tuesday night: N clubs' hands, confirmations and live polls at the real intervals,
through the deployment: Debian's nginx with deploy/nginx.conf in front of gunicorn as
deploy/ runs it, on PostgreSQL + Redis; CPU per request type and the cores 1,000 clubs
need.

Run from the repository root::

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/tuesday.py \
        [--quick] [--json PATH] [--clubs N] [--tables N] [--speed X] [--seconds S] \
        [--runs N] [--markdown PATH]

On a quiet machine, ``--runs 3 --markdown bench/results/tuesday.md`` runs three nights
one after another and writes each run and their median there (deploy/README.md's
capacity table quotes that median).

A throwaway database; each club has a night seated at ``--tables`` tables (16) with
a hand at each. gunicorn serves Rookclub with deploy/gunicorn.conf.py
(bench/_counting.py: each answer says its statements, the worker's CPU time and its
PostgreSQL backend's) with ``--workers`` sync workers, DEBUG=0, the Redis cache and
sessions when ``REDIS_URL`` is set, throttles off. In front of it, Debian's nginx
(``/usr/sbin/nginx``, or ``NGINX``) runs deploy/nginx.conf with only its upstream, its
ports and its cache folder rendered for this machine (bench/_nginx.py), and every
request goes through nginx. Then for ``--seconds`` (90; ``--quick`` 20), ``--speed``
(1: real time) times faster than real life:

- each table's phone records a hand a minute on the table page (``POST /t/<key>/``, the
  form players use, posted for JSON as its script does), and the other side's phone confirms it
  (``POST /t/<key>/hands/<n>/confirm/``); hands alternate sides so no game ends;
- each table's phone polls the night's standings (``/sessions/<pk>/standings/?live=1``)
  every 10 s (the table page itself does not poll), as a browser does: with the ETag
  it has;
- each club's projector polls the standings' projector view, and its director (logged
  in) the night page's tables, every 10 s.

Reported per request type: how many, the share that changed (200, not 304), the share
that reached Django (not answered from nginx's cache), the web and PostgreSQL CPU per
request (0 for one nginx answered) and statements per request; nginx's CPU per request
(its processes' CPU over the run, over all requests: not told apart by type); then, from
the real intervals, requests per second, statements per second and the cores a night of
1,000 clubs needs (web: the workers' CPU, less what they use idle, scaled up by what they
used outside the requests, plus nginx's; PostgreSQL: the backends'). The machine's load
average is recorded before the run and every 2 s during it. CPU is what this machine's cores did:
on a loaded machine it is less disturbed than wall time, not free of it.

Faster than real time (``--speed``), the app is told to let a proxy keep a shared
answer that many times shorter (``LIVE_SHARED_SECONDS``), so that nginx answers the same
share of the polls as on a real night; nginx counts whole seconds, so use a speed that
divides it (1 or 5).
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import statistics
import sys
import threading
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._rows import write_rows  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rookclub.settings")

import django  # noqa: E402

django.setup()

from bench import _nginx  # noqa: E402
from bench._server import (  # noqa: E402
    backend_pids,
    cpu_seconds,
    database_url,
    free_port,
    start_server,
    stop_server,
    throwaway_database,
    worker_pids,
)

HAND_SECONDS = 60  # a hand a minute per table
POLL_SECONDS = 10  # settings.LIVE_POLL_SECONDS
IDLE_SECONDS = 5  # the workers' CPU with no request, measured before the night
CLUBS = 1000

#: Two hands that undo each other: a side bids 80 and is set (takes 40 of 120).
HANDS = (
    {
        "bidder": "north",
        "side": "north_south",
        "other": "east_west",
        "counters_north_south": 40,
        "counters_east_west": 80,
    },
    {
        "bidder": "east",
        "side": "east_west",
        "other": "north_south",
        "counters_north_south": 80,
        "counters_east_west": 40,
    },
)


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        #: (status, reached Django, web CPU us, PostgreSQL CPU us, statements, wall s)
        self.rows: dict[str, list[tuple[int, bool, int, int, int, float]]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.cache: dict[str, int] = defaultdict(int)

    def add(self, kind: str, status: int, headers: dict, wall: float) -> None:
        if "X-Bench-Cache" not in headers and "X-Bench-Upstream" not in headers:
            raise RuntimeError("nginx's answers lack the bench's headers (bench/_nginx.py)")
        # Only a request that reached Django (nginx asked the upstream) cost the app
        # anything: an answer from the cache carries the cost of the one it was kept
        # from, in its headers and in nginx's $upstream_http_ variables alike.
        reached = bool(headers.get("X-Bench-Upstream"))
        row = (
            status,
            reached,
            int(headers.get("X-Bench-Upstream-CPU") or 0) if reached else 0,
            int(headers.get("X-Bench-Upstream-DB-CPU") or -1) if reached else 0,
            int(headers.get("X-Bench-Upstream-Statements") or 0) if reached else 0,
            wall,
        )
        with self.lock:
            self.rows[kind].append(row)
            self.cache[f"{kind}: {headers.get('X-Bench-Cache') or '-'}"] += 1
            if status >= 400:
                self.errors[f"{kind} {status}"] += 1


class Load:
    """The machine's 1-minute load average, every ``every`` seconds while it runs."""

    def __init__(self, every: float = 2.0) -> None:
        self.samples: list[float] = []
        self.every = every
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while True:
            self.samples.append(os.getloadavg()[0])
            if self.done.wait(self.every):
                return

    def __enter__(self) -> Load:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.done.set()
        self.thread.join()


class Phone:
    """One HTTP client with its cookies and the ETags its browser cache keeps."""

    def __init__(self, port: int, tally: Tally, cookies: dict[str, str] | None = None) -> None:
        self.port, self.tally = port, tally
        self.cookies = dict(cookies or {})
        self.etags: dict[str, str] = {}

    def request(
        self, kind: str, method: str, path: str, form: dict | None = None, *, json: bool = False
    ) -> int:
        """``json``: asked for as the offline outbox asks (static/js/outbox.js: a kept
        hand posted for JSON); otherwise as htmx asks."""
        headers = {"Accept": "application/json"} if json else {"HX-Request": "true"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "GET" and path in self.etags:
            headers["If-None-Match"] = self.etags[path]
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
        finally:
            connection.close()
        answer = dict(response.getheaders())
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        if method == "GET" and "ETag" in answer:
            self.etags[path] = answer["ETag"]
        if kind:
            self.tally.add(kind, response.status, answer, time.perf_counter() - started)
        return response.status


def every(seconds: float, until: float, action) -> None:
    """Run ``action`` every ``seconds`` from a random phase until ``until``."""
    next_at = time.monotonic() + random.uniform(0, seconds)
    while True:
        wait = next_at - time.monotonic()
        if next_at >= until:
            return
        if wait > 0:
            time.sleep(wait)
        action()
        next_at += seconds


def table_phones(port: int, tally: Tally, key: str) -> tuple[Phone, Phone, Phone]:
    """A table's scorer and other side, each having opened the table page (before the
    night is measured), and the phone that watches the standings."""
    scorer, other, watcher = Phone(port, tally), Phone(port, tally), Phone(port, tally)
    scorer.request("", "GET", f"/t/{key}/")
    other.request("", "GET", f"/t/{key}/")
    return scorer, other, watcher


def table_phone(phones, key: str, standings: str, speed: float, until: float):
    """A table: hands and confirmations on the table page, and a phone polling the
    standings."""
    scorer, other, watcher = phones
    number = [2]  # hand 1 was recorded when the night was built

    def hand() -> None:
        n = number[0]
        data = HANDS[n % 2]
        form = {
            "kind": "hand",
            "number": n,
            "side": data["side"],
            "bidder": data["bidder"],
            "bid": 80,
            "trump": "red",
            "counters_north_south": data["counters_north_south"],
            "counters_east_west": data["counters_east_west"],
        }
        # The hand form posts for JSON (the page updates itself from the answer); the
        # other side's Confirm is an htmx post.
        if scorer.request("hand post (table page)", "POST", f"/t/{key}/", form, json=True) == 200:
            other.request(
                "confirm (table page)",
                "POST",
                f"/t/{key}/hands/{n}/confirm/",
                {"side": data["other"]},
            )
            number[0] += 1

    threads = [
        threading.Thread(target=every, args=(HAND_SECONDS / speed, until, hand)),
        threading.Thread(
            target=every,
            args=(
                POLL_SECONDS / speed,
                until,
                lambda: watcher.request("standings poll (phone)", "GET", standings),
            ),
        ),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def club_watchers(port, tally, night_pk: int, session_cookie: str, speed: float, until: float):
    projector = Phone(port, tally)
    director = Phone(port, tally, {"sessionid": session_cookie})
    projector_url = f"/sessions/{night_pk}/standings/projector/?live=1"
    night_url = f"/sessions/{night_pk}/?live=1"
    threads = [
        threading.Thread(
            target=every,
            args=(
                POLL_SECONDS / speed,
                until,
                lambda: projector.request("projector poll", "GET", projector_url),
            ),
        ),
        threading.Thread(
            target=every,
            args=(
                POLL_SECONDS / speed,
                until,
                lambda: director.request("night page poll (director)", "GET", night_url),
            ),
        ),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


#: Requests of each type a club makes per real second (16 tables: per table).
def per_club_rates(tables: int) -> dict[str, float]:
    return {
        "hand post (table page)": tables / HAND_SECONDS,
        "confirm (table page)": tables / HAND_SECONDS,
        "standings poll (phone)": tables / POLL_SECONDS,
        "projector poll": 1 / POLL_SECONDS,
        "night page poll (director)": 1 / POLL_SECONDS,
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 s, one club (a smoke test)")
    parser.add_argument("--json", metavar="PATH", help="append the summary rows to PATH")
    parser.add_argument("--clubs", type=int, default=3, help="clubs playing (default 3)")
    parser.add_argument("--tables", type=int, default=16, help="tables per club (default 16)")
    parser.add_argument("--speed", type=float, default=1, help="times faster than real (1)")
    parser.add_argument("--seconds", type=float, default=90, help="how long (default 90 s)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers (2)")
    parser.add_argument(
        "--runs", type=int, default=1, help="nights run one after another; the median is reported"
    )
    parser.add_argument(
        "--markdown", metavar="PATH", help="write the runs and their median to PATH (Markdown)"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.clubs, args.seconds = 1, 20
    return args


def shared_seconds(speed: float) -> int:
    """How long a proxy may keep a shared answer at ``speed`` (whole seconds)."""
    from django.conf import settings

    real = settings.LIVE_SHARED_SECONDS
    scaled = max(1, round(real / speed)) if real else 0
    if abs(scaled * speed - real) > 1e-6:
        print(
            f"warning: at {speed:g}x a proxy keeps a shared answer {scaled} s, "
            f"{scaled * speed:g} s of real time, not {real} s"
        )
    return scaled


def main(argv: list[str] | None = None) -> list[dict]:
    args = parse_args(argv)
    if not _nginx.available():
        raise SystemExit(f"nginx is not installed at {_nginx.NGINX} (Debian: apt install nginx)")
    runs = [one_night(args) for _ in range(args.runs)]
    night = runs[0] if len(runs) == 1 else median_night(runs)
    if len(runs) > 1:
        print(f"\nThe median of {len(runs)} runs:")
        print_night(args, night)
    if args.markdown:
        Path(args.markdown).write_text(markdown(args, runs, night), encoding="utf-8")
    rows = summary_rows(args, night)
    write_rows(args.json, rows)
    return rows


def one_night(args: argparse.Namespace) -> dict:
    """One night through nginx for ``args.seconds``: its figures (see ``figures``)."""
    from django.conf import settings
    from django.db import connection
    from django.test import Client

    from bench.night_page import build_night
    from play.models import TableLink
    from play.table_links import links_for

    load_before = os.getloadavg()
    tally = Tally()
    postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    with throwaway_database("tuesday") as db:
        clubs = []
        for i in range(args.clubs):
            night, director = build_night(f"tuesday-{i}", args.tables)
            links = links_for(
                club=night.club,
                kind=TableLink.Kind.NIGHT,
                numbers=range(1, args.tables + 1),
                night=night,
            )
            client = Client()
            client.force_login(director)
            clubs.append(
                (
                    night,
                    [link.key for link in links.values()],
                    client.cookies[settings.SESSION_COOKIE_NAME].value,
                )
            )
        connection.close()
        # As deploy/rookclub-web.service runs it (one proxy in front), with this
        # process's SECRET_KEY: the director's session (made here) stays logged in.
        env = {
            "TABLE_LINK_POSTS_PER_MINUTE": "100000",
            "CONN_MAX_AGE": "600",
            "SECRET_KEY": settings.SECRET_KEY,
            "NUM_PROXIES": "1",
            "LIVE_SHARED_SECONDS": str(shared_seconds(args.speed)),
        }
        web_port, port, plain_port = free_port(), free_port(), free_port()
        server = start_server(
            web_port,
            database_url(db),
            ROOT / "var" / "tuesday.log",
            app="bench._counting:application",
            workers=args.workers,
            env=env,
            options=["-c", str(ROOT / "deploy" / "gunicorn.conf.py")],
        )
        nginx = None
        try:
            nginx = _nginx.start_nginx(
                ROOT / "var" / "tuesday-nginx", [f"127.0.0.1:{web_port}"], port, plain_port
            )
            pids = worker_pids(server)
            # Every phone opens its page first, and each worker its database
            # connection: set-up, not the night.
            tables = [
                (night, cookie, [(key, table_phones(port, tally, key)) for key in keys])
                for night, keys, cookie in clubs
            ]
            for night, _, cookie in clubs:
                for _ in range(2 * args.workers):
                    Phone(port, tally, {"sessionid": cookie}).request(
                        "", "GET", f"/sessions/{night.pk}/?live=1"
                    )
            backends = backend_pids(db["NAME"]) if postgres else []
            # What the workers use with no request (gunicorn's heartbeat): not scaled
            # up with the requests.
            idle0, idle_wall = cpu_seconds(pids), time.monotonic()
            time.sleep(IDLE_SECONDS)
            idle_rate = (cpu_seconds(pids) - idle0) / (time.monotonic() - idle_wall)
            until = time.monotonic() + args.seconds
            threads = []
            for night, cookie, phones in tables:
                standings = f"/sessions/{night.pk}/standings/?live=1"
                threads.append(
                    threading.Thread(
                        target=club_watchers,
                        args=(port, tally, night.pk, cookie, args.speed, until),
                    )
                )
                threads += [
                    threading.Thread(
                        target=table_phone,
                        args=(table, key, standings, args.speed, until),
                    )
                    for key, table in phones
                ]
            web0, db0 = cpu_seconds(pids), cpu_seconds(backends)
            nginx0, wall0 = cpu_seconds(nginx.pids()), time.monotonic()
            with Load() as load:
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
            elapsed = time.monotonic() - wall0
            web_total = cpu_seconds(pids) - web0 - idle_rate * elapsed
            db_total = cpu_seconds(backends) - db0
            nginx_total = cpu_seconds(nginx.pids()) - nginx0
        finally:
            if nginx is not None:
                nginx.stop()
            stop_server(server)
    cpu = {"web": web_total, "db": db_total, "nginx": nginx_total}
    night = figures(args, tally, cpu, elapsed, load_before, load.samples)
    print_night(args, night)
    if tally.errors:
        print("errors:", dict(tally.errors))
    print("nginx's cache:", ", ".join(f"{k} {v}" for k, v in sorted(tally.cache.items())))
    return night


def figures(
    args,
    tally: Tally,
    cpu: dict[str, float],
    elapsed: float,
    load_before: tuple[float, float, float],
    load_during: list[float],
) -> dict:
    """What one night measured, per request type and for 1,000 clubs (plain numbers)."""
    rates = per_club_rates(args.tables)
    summary = {}
    all_requests = sum(len(rows) for rows in tally.rows.values())
    nginx_each = cpu["nginx"] / all_requests if all_requests else 0.0
    for kind in rates:
        rows = tally.rows.get(kind, [])
        if not rows:
            continue
        changed = sum(1 for r in rows if r[0] == 200) / len(rows)
        reached = sum(1 for r in rows if r[1]) / len(rows)
        web = statistics.fmean(r[2] for r in rows) / 1e6
        db_rows = [r[3] for r in rows if r[3] >= 0]
        dbcpu = statistics.fmean(db_rows) / 1e6 if db_rows else 0.0
        statements = statistics.fmean(r[4] for r in rows)
        summary[kind] = {
            "n": len(rows),
            "changed": changed,
            "reached": reached,
            "web": web,
            "db": dbcpu,
            "statements": statements,
            "p50": statistics.median(r[5] for r in rows),
        }
    in_requests = sum(s["web"] * s["n"] for s in summary.values())
    overhead = cpu["web"] / in_requests if in_requests else 1.0
    per_club = {k: rates[k] for k in summary}
    requests = CLUBS * sum(per_club.values())
    polls = [k for k in summary if "poll" in k]
    poll_n = sum(summary[k]["n"] for k in polls)
    during = statistics.fmean(load_during) if load_during else float("nan")
    return {
        "kinds": summary,
        "elapsed": elapsed,
        "nginx_each": nginx_each,
        "overhead": overhead,
        "requests": requests,
        "statements": CLUBS * sum(per_club[k] * s["statements"] for k, s in summary.items()),
        "web_cores": CLUBS * sum(per_club[k] * s["web"] for k, s in summary.items()) * overhead,
        "nginx_cores": requests * nginx_each,
        "total_cores": CLUBS * sum(per_club[k] * s["web"] for k, s in summary.items()) * overhead
        + requests * nginx_each,
        "db_cores": CLUBS * sum(per_club[k] * s["db"] for k, s in summary.items()),
        "poll_share": (
            sum(summary[k]["reached"] * summary[k]["n"] for k in polls) / poll_n if poll_n else 0.0
        ),
        "polls": poll_n,
        "load_before": load_before[0],
        "load_during": during,
        "load_text": (
            f"load average {load_before[0]:.2f} before (1 min), "
            + (
                f"{during:.1f} during (from {min(load_during):.1f} to {max(load_during):.1f})"
                if load_during
                else "not sampled during"
            )
            + f", on {os.cpu_count()} cores"
        ),
    }


def median_night(runs: list[dict]) -> dict:
    """Each figure's median over ``runs`` (per request type too)."""

    def median(key: str, within: list[dict]) -> float:
        return statistics.median(run[key] for run in within)

    kinds = {}
    for kind in runs[0]["kinds"]:
        each = [run["kinds"][kind] for run in runs if kind in run["kinds"]]
        kinds[kind] = {field: median(field, each) for field in each[0]}
    night = {key: median(key, runs) for key in runs[0] if key not in ("kinds", "load_text")}
    night["kinds"] = kinds
    night["load_text"] = "; ".join(run["load_text"] for run in runs)
    return night


def print_night(args, night: dict) -> None:
    print(
        f"Tuesday night through nginx: {args.clubs} club(s) x {args.tables} tables, "
        f"{args.speed:g}x real time, {night['elapsed']:.0f} s, {args.workers} sync workers"
    )
    print(night["load_text"])
    print(
        f"{'request':30s} {'n':>6s} {'changed':>8s} {'django':>7s} {'web ms':>7s} "
        f"{'nginx ms':>8s} {'db ms':>7s} {'stmts':>6s} {'p50 ms':>7s}"
    )
    for kind, s in night["kinds"].items():
        print(
            f"{kind:30s} {s['n']:6.0f} {s['changed']:8.0%} {s['reached']:7.0%} "
            f"{s['web'] * 1000:7.2f} {night['nginx_each'] * 1000:8.2f} {s['db'] * 1000:7.2f} "
            f"{s['statements']:6.1f} {s['p50'] * 1000:7.1f}"
        )
    print(
        f"workers' CPU outside the requests counted: x{night['overhead']:.2f} (gunicorn, its "
        "access log, the connection; their idle CPU left out)"
    )
    print(f"polls that reached Django: {night['poll_share']:.0%} of {night['polls']:.0f}")
    print(
        f"{CLUBS} clubs, real time: {night['requests']:,.0f} requests/s, "
        f"{night['statements']:,.0f} statements/s, {night['web_cores']:.1f} web cores + "
        f"{night['nginx_cores']:.1f} nginx cores = "
        f"{night['total_cores']:.1f}, {night['db_cores']:.1f} "
        "PostgreSQL cores"
    )


def markdown(args, runs: list[dict], night: dict) -> str:
    """The runs and their median as a Markdown page (bench/results/)."""
    import subprocess

    commit = subprocess.run(
        ["git", "log", "-1", "--format=%h"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    rates = per_club_rates(args.tables)
    lines = [
        "# A Tuesday night for 1,000 clubs (bench/tuesday.py)",
        "",
        f"Written by `bench/tuesday.py --runs {len(runs)}` on {datetime.now(UTC):%Y-%m-%d} (UTC), "
        f"commit {commit}: {args.clubs} club(s) x {args.tables} tables at "
        f"{args.speed:g}x real time for {args.seconds:g} s a run, {args.workers} gunicorn "
        f"sync workers behind nginx, {os.cpu_count()} cores.",
        "",
        "| run | load before | load during | web cores (nginx included) | PostgreSQL cores "
        "| statements/s | polls that reached Django |",
        "|---|---|---|---|---|---|---|",
    ]
    for number, run in [*enumerate(runs, 1), ("median", night)]:
        lines.append(
            f"| {number} | {run['load_before']:.2f} | {run['load_during']:.1f} | "
            f"{run['total_cores']:.1f} | {run['db_cores']:.1f} | "
            f"{run['statements']:,.0f} | {run['poll_share']:.0%} |"
        )
    lines += [
        "",
        "Each request type, the median of the runs (web CPU counts 0 for a poll nginx "
        f"answered; nginx's own CPU was {night['nginx_each'] * 1000:.2f} ms a request):",
        "",
        "| request | per club per second | reached Django | web CPU each | web cores "
        "| PostgreSQL CPU each | PostgreSQL cores | statements each |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for kind, s in night["kinds"].items():
        lines.append(
            f"| {kind} | {rates[kind]:.2f} | {s['reached']:.0%} | {s['web'] * 1000:.1f} ms | "
            f"{CLUBS * rates[kind] * s['web'] * night['overhead']:.1f} | "
            f"{s['db'] * 1000:.1f} ms | {CLUBS * rates[kind] * s['db']:.1f} | "
            f"{s['statements']:.1f} |"
        )
    return "\n".join(lines) + "\n"


def summary_rows(args, night: dict) -> list[dict]:
    """``night`` as rows for bench/run_all.py."""
    run = f"measured at {args.speed:g}x, {args.clubs} club(s); {night['load_text']}"
    web = night["total_cores"]
    rows = [
        {
            "bench": "tuesday",
            "measure": f"{CLUBS} clubs x {args.tables} tables: web cores, nginx included ({run})",
            "rookclub": f"{web:.1f} cores",
            "floor": f"{night['requests']:,.0f} req/s",
            "ratio": None,
            "goal": "at most 10",
            "ok": web <= 10,
        },
        {
            "bench": "tuesday",
            "measure": f"{CLUBS} clubs: PostgreSQL cores, statements/s",
            "rookclub": f"{night['db_cores']:.1f} cores",
            "floor": f"{night['statements']:,.0f} stmts/s",
            "ratio": None,
            "goal": "at most 4",
            "ok": night["db_cores"] <= 4,
        },
        {
            "bench": "tuesday",
            "measure": "polls that reached Django",
            "rookclub": f"{night['poll_share']:.0%}",
            "floor": f"{night['polls']:.0f} polls",
            "ratio": None,
            "goal": "",
            "ok": None,
        },
    ]
    for kind, s in night["kinds"].items():
        rows.append(
            {
                "bench": "tuesday",
                "measure": f"{kind}: web CPU per request ({s['changed']:.0%} changed, "
                f"{s['reached']:.0%} reached Django), statements",
                "rookclub": f"{s['web'] * 1000:.2f} ms",
                "floor": f"{s['statements']:.1f}",
                "ratio": None,
                "goal": "",
                "ok": None,
            }
        )
    return rows


if __name__ == "__main__":
    main()
