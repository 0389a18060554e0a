"""Run every benchmark under bench/, print one table of their ratios and write it, with
the machine's load, to ``bench/results/`` (``make bench``).

Run from the repository root: ``.venv/bin/python bench/run_all.py [--quick]``.

Each script runs on its own, one after another (benchmarks must not compete for the
cores), with ``--json FILE`` when it supports it (and ``--quick`` passed through when
asked). A script appends one JSON object per measure to FILE:
``{"bench", "measure", "rookclub", "floor", "ratio", "goal", "ok"}`` (see
docs/performance.md). A script that reports no rows (it predates ``--json``, it
failed, or ran out of time) gets one line saying so; the runner itself never fails
because of one script.

The results are written by the runner, never by hand: ``results/latest.md`` (the table,
the commit, the date, the load average before and during the run) and
``results/latest.json`` (the same, for a program), beside the scripts. Each run
replaces the last: the figures belong to one machine at one moment.

Exit status: 0 when every reported measure is ok, 1 otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
COLUMNS = ("bench", "measure", "rookclub", "floor", "ratio", "goal", "ok")
SKIP = {"__init__.py", "run_all.py"}
#: Seconds a script out of time has to clean up (stop its servers, drop its databases).
GRACE = 60.0
VERDICTS = {True: "met", False: "missed", None: "no goal"}


@dataclass
class ScriptRun:
    """One script's run: how long, how it ended, the 1-minute load as it began and ended."""

    name: str
    seconds: float
    exit: int | str
    load_start: float | None
    load_end: float | None


def scripts(bench_dir: Path) -> list[Path]:
    # _server.py and the like are helpers the scripts import, not scripts.
    return sorted(
        p for p in bench_dir.glob("*.py") if p.name not in SKIP and not p.name.startswith("_")
    )


def supports(script: Path, option: str) -> bool:
    """Does the script take ``option``? (Read from its source: cheaper than --help.)"""
    return f'"{option}"' in script.read_text(encoding="utf-8")


def load_average() -> tuple[float, float, float] | None:
    """The machine's 1-, 5- and 15-minute load averages (None where the OS has none)."""
    try:
        return tuple(round(x, 2) for x in os.getloadavg())  # type: ignore[return-value]
    except (AttributeError, OSError):
        return None


def run_one(
    script: Path, *, quick: bool, timeout: float, show: bool
) -> tuple[list[dict], ScriptRun]:
    name = script.stem
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rows.jsonl"
        command = [sys.executable, str(script)]
        if supports(script, "--json"):
            command += ["--json", str(out)]
        if quick and supports(script, "--quick"):
            command.append("--quick")
        load_start = load_average()
        started = time.perf_counter()
        output, status = run_script(command, cwd=script.parent.parent, timeout=timeout)
        elapsed = time.perf_counter() - started
        load_end = load_average()
        if show:
            print(f"== {script.name} ({elapsed:.1f} s, exit {status}) ==")
            print(output.rstrip())
            print(flush=True)
        rows = _rows(out)
    run = ScriptRun(name, round(elapsed, 1), status, _one_minute(load_start), _one_minute(load_end))
    if rows:
        return rows, run
    why = "no ratio reported" if status == 0 else f"no ratio reported (exit {status})"
    return [
        {
            "bench": name,
            "measure": why,
            "rookclub": "",
            "floor": "",
            "ratio": None,
            "goal": "",
            "ok": None,
        }
    ], run


def run_script(command: list[str], *, cwd: Path, timeout: float) -> tuple[str, int | str]:
    """Run one script in a process group of its own; its output and exit status.

    Out of time, the script is interrupted as Ctrl-C would (SIGINT to the group), so its
    ``finally`` blocks stop the servers it started and drop the databases it made; what
    still runs after ``GRACE`` seconds is killed. Whatever the script leaves running in
    its group (a server it did not stop) is killed when it ends, so one script's servers
    never run on beside the next script.
    """
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=os.environ.copy(),
        start_new_session=True,
    )
    status: int | str
    try:
        out, err = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        _signal_group(process.pid, signal.SIGINT)
        try:
            out, err = process.communicate(timeout=GRACE)
        except subprocess.TimeoutExpired:
            _signal_group(process.pid, signal.SIGKILL)
            out, err = process.communicate()
        status = f"timed out after {timeout:.0f} s"
    _signal_group(process.pid, signal.SIGKILL)
    return out + err, status


def _interruptible() -> None:
    """Let the runner's Ctrl-C reach its scripts. Started in the background by a
    non-interactive shell (``make bench &``), the runner inherits SIGINT ignored, and
    so would every script it starts: out of time, the SIGINT would do nothing and no
    script's ``finally`` would stop its servers. A handler, unlike an ignored signal,
    is not inherited: each script starts with Ctrl-C's default."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _signal_group(group: int, number: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # nobody left in it
        os.killpg(group, number)


def _one_minute(load: tuple[float, float, float] | None) -> float | None:
    return load[0] if load else None


def _rows(path: Path) -> list[dict]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                rows.append({"measure": f"unreadable row: {line[:60]}", "ok": False})
    return rows


def table(rows: list[dict]) -> str:
    """One Markdown table: bench | measure | rookclub | floor | ratio | goal | ok."""

    def cell(row: dict, column: str) -> str:
        value = row.get(column)
        if column == "ok":
            return {True: "yes", False: "NO", None: "–"}.get(value, str(value))
        if column == "ratio":
            return "–" if value is None else f"{value:g}x"
        return str(value if value not in (None, "") else "–").replace("|", "/")

    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(cell(r, c) for c in COLUMNS) + " |" for r in rows]
    return "\n".join(lines)


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", *args], capture_output=True, text=True, cwd=HERE, check=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    return done.stdout.strip()


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _database() -> str:
    """The kind of database the scripts measured on: the URL's scheme, never the URL
    (it may carry a password)."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return "sqlite (DATABASE_URL unset)"
    return urlsplit(url).scheme or "unknown"


def report(
    rows: list[dict],
    runs: list[ScriptRun],
    *,
    quick: bool,
    seconds: float,
    load_before: tuple[float, float, float] | None,
) -> dict:
    """Everything a results file says, as plain data (written as JSON and Markdown)."""
    during = [x for run in runs for x in (run.load_start, run.load_end) if x is not None]
    verdicts = [row.get("ok") for row in rows]
    return {
        "commit": _git("rev-parse", "HEAD") or "unknown",
        "uncommitted_changes": bool(_git("status", "--porcelain", "--untracked-files=no")),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "seconds": round(seconds),
        "quick": quick,
        "machine": {
            "cores": os.cpu_count(),
            "cpu": _cpu_name(),
            "system": platform.platform(terse=True),
            "python": platform.python_version(),
            "database": _database(),
            "redis": "set" if os.environ.get("REDIS_URL", "").strip() else "unset",
        },
        "load_before": list(load_before) if load_before else None,
        "load_during": {"min": min(during), "max": max(during)} if during else None,
        "summary": {
            "met": verdicts.count(True),
            "missed": verdicts.count(False),
            "no_goal": sum(1 for v in verdicts if v is not True and v is not False),
        },
        "rows": [{**row, "verdict": VERDICTS.get(row.get("ok"), "no goal")} for row in rows],
        "scripts": [asdict(run) for run in runs],
    }


def markdown(data: dict) -> str:
    """The results file a person reads: what ran where, then every ratio and goal."""
    machine, summary = data["machine"], data["summary"]
    before = data["load_before"]
    during = data["load_during"]
    changes = " (with uncommitted changes)" if data["uncommitted_changes"] else ""
    lines = [
        "# `make bench`: the latest run",
        "",
        "Written by `bench/run_all.py` at the end of its run; the next run replaces it.",
        "",
        f"- Commit: `{data['commit']}`{changes}",
        f"- Date: {data['date']} (UTC), {data['seconds']} s in all"
        + (", small sizes (`QUICK=1`)" if data["quick"] else ", full sizes"),
        f"- Machine: {machine['cores']} cores ({machine['cpu']}), {machine['system']}, "
        f"Python {machine['python']}; database: {machine['database']}; "
        f"Redis: {machine['redis']}",
        "- Load average before the run (1, 5, 15 min): "
        + (" / ".join(f"{x:.2f}" for x in before) if before else "not available"),
        "- Load average during the run (1 min, as each script began and ended): "
        + (f"{during['min']:.2f} to {during['max']:.2f}" if during else "not available"),
        f"- Goals met: {summary['met']}; missed: {summary['missed']}; "
        f"measures without a goal or a ratio: {summary['no_goal']}",
        "",
        "## Ratios and goals",
        "",
        "`ok`: yes = the goal was met in this run, NO = missed, – = no goal.",
        "",
        table(data["rows"]),
        "",
        "## Scripts",
        "",
        "| script | seconds | exit | load at start | load at end |",
        "|---|---|---|---|---|",
    ]
    for run in data["scripts"]:
        start, end = (
            "–" if x is None else f"{x:.2f}" for x in (run["load_start"], run["load_end"])
        )
        lines.append(f"| {run['name']} | {run['seconds']:g} | {run['exit']} | {start} | {end} |")
    return "\n".join(lines) + "\n"


def write_results(directory: Path, data: dict) -> Path:
    """``latest.json`` and ``latest.md`` in ``directory``, each replaced whole."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in (
        ("latest.json", json.dumps(data, indent=2, ensure_ascii=False) + "\n"),
        ("latest.md", markdown(data)),
    ):
        partial = directory / f".{name}.partial"
        partial.write_text(text, encoding="utf-8")
        partial.replace(directory / name)
    return directory / "latest.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="pass --quick to every script")
    parser.add_argument("--bench-dir", type=Path, default=HERE)
    parser.add_argument(
        "--results",
        type=Path,
        help="folder for latest.md and latest.json (default: results/ in the bench folder)",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=870.0,
        help="seconds for the whole run (make bench: under 15 minutes)",
    )
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds per script")
    parser.add_argument("--quiet", action="store_true", help="only the table")
    args = parser.parse_args(argv)
    _interruptible()

    load_before = load_average()
    started = time.perf_counter()
    rows: list[dict] = []
    runs: list[ScriptRun] = []
    for script in scripts(args.bench_dir):
        left = args.budget - (time.perf_counter() - started)
        if left < 5:
            rows.append({"bench": script.stem, "measure": "not run: time budget spent", "ok": None})
            runs.append(ScriptRun(script.stem, 0.0, "not run: time budget spent", None, None))
            continue
        timeout = min(args.timeout, left)
        script_rows, run = run_one(script, quick=args.quick, timeout=timeout, show=not args.quiet)
        rows += script_rows
        runs.append(run)
    seconds = time.perf_counter() - started
    print(table(rows))
    print(f"\n{len(rows)} measures from {len(scripts(args.bench_dir))} scripts in {seconds:.0f} s")
    data = report(rows, runs, quick=args.quick, seconds=seconds, load_before=load_before)
    written = write_results(args.results or args.bench_dir / "results", data)
    print(f"Results written to {written} (and {written.with_suffix('.json').name} beside it)")
    return 0 if all(r.get("ok") is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
