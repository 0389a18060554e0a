"""Run every benchmark under bench/ and print one table of their ratios (``make bench``).

Run from the repository root: ``.venv/bin/python bench/run_all.py [--quick]``.

Each script runs on its own, one after another (benchmarks must not compete for the
cores), with ``--json FILE`` when it supports it (and ``--quick`` passed through when
asked). A script appends one JSON object per measure to FILE:
``{"bench", "measure", "rookclub", "floor", "ratio", "goal", "ok"}`` (see
docs/performance.md). A script that reports no rows (it predates ``--json``, it
failed, or ran out of time) gets one line saying so; the runner itself never fails
because of one script. The table is Markdown, ready for docs/performance.md.

Exit status: 0 when every reported measure is ok, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLUMNS = ("bench", "measure", "rookclub", "floor", "ratio", "goal", "ok")
SKIP = {"__init__.py", "run_all.py"}


def scripts(bench_dir: Path) -> list[Path]:
    # _server.py and the like are helpers the scripts import, not scripts.
    return sorted(
        p for p in bench_dir.glob("*.py") if p.name not in SKIP and not p.name.startswith("_")
    )


def supports(script: Path, option: str) -> bool:
    """Does the script take ``option``? (Read from its source: cheaper than --help.)"""
    return f'"{option}"' in script.read_text(encoding="utf-8")


def run_one(script: Path, *, quick: bool, timeout: float, show: bool) -> list[dict]:
    name = script.stem
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rows.jsonl"
        command = [sys.executable, str(script)]
        if supports(script, "--json"):
            command += ["--json", str(out)]
        if quick and supports(script, "--quick"):
            command.append("--quick")
        started = time.perf_counter()
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=timeout,
                cwd=script.parent.parent, env=os.environ.copy(),
            )  # fmt: skip
            output, status = done.stdout + done.stderr, done.returncode
        except subprocess.TimeoutExpired as expired:
            output = _text(expired.stdout) + _text(expired.stderr)
            status = f"timed out after {timeout:.0f} s"
        elapsed = time.perf_counter() - started
        if show:
            print(f"== {script.name} ({elapsed:.1f} s, exit {status}) ==")
            print(output.rstrip())
            print(flush=True)
        rows = _rows(out)
    if rows:
        return rows
    why = "no ratio reported" if status == 0 else f"no ratio reported (exit {status})"
    return [{"bench": name, "measure": why, "rookclub": "", "floor": "", "ratio": None,
             "goal": "", "ok": None}]  # fmt: skip


def _text(value: bytes | str | None) -> str:
    if isinstance(value, bytes):
        return value.decode(errors="replace")
    return value or ""


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="pass --quick to every script")
    parser.add_argument("--bench-dir", type=Path, default=HERE)
    parser.add_argument(
        "--budget",
        type=float,
        default=870.0,
        help="seconds for the whole run (make bench: under 15 minutes)",
    )
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds per script")
    parser.add_argument("--quiet", action="store_true", help="only the table")
    args = parser.parse_args(argv)  # fmt: skip

    started = time.perf_counter()
    rows: list[dict] = []
    for script in scripts(args.bench_dir):
        left = args.budget - (time.perf_counter() - started)
        if left < 5:
            rows.append({"bench": script.stem, "measure": "not run: time budget spent",
                         "ok": None})  # fmt: skip
            continue
        timeout = min(args.timeout, left)
        rows += run_one(script, quick=args.quick, timeout=timeout, show=not args.quiet)
    print(table(rows))
    print(f"\n{len(rows)} measures from {len(scripts(args.bench_dir))} scripts in "
          f"{time.perf_counter() - started:.0f} s")  # fmt: skip
    return 0 if all(r.get("ok") is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
