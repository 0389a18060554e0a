"""``make bench``'s runner (bench/run_all.py) on a fake bench directory: one table of
every script's rows; scripts without --json, or that fail, are named, not fatal; the
results file it writes. (No timing is asserted: only what the runner does with what the
scripts report.)"""

import importlib.util
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import datetime
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def run_all(monkeypatch):
    spec = importlib.util.spec_from_file_location("run_all", ROOT / "bench" / "run_all.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "run_all", module)  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def script(directory: Path, name: str, body: str) -> None:
    (directory / name).write_text(textwrap.dedent(body), encoding="utf-8")


@pytest.fixture
def bench_dir(tmp_path):
    directory = tmp_path / "bench"
    directory.mkdir()
    script(
        directory,
        "fast.py",
        """
        import argparse, json
        parser = argparse.ArgumentParser()
        parser.add_argument("--json")
        parser.add_argument("--quick", action="store_true")
        args = parser.parse_args()
        size = "small" if args.quick else "big"
        with open(args.json, "a") as out:
            for ratio, ok in ((1.5, True), (3.25, False)):
                out.write(json.dumps({"bench": "fast", "measure": f"{size} page | {ratio}",
                    "rookclub": "3.0 ms", "floor": "2.0 ms", "ratio": ratio,
                    "goal": "<= 2x", "ok": ok}) + "\\n")
        print("fast ran")
    """,
    )
    script(directory, "old.py", 'print("an old script: prints, takes no options")\n')
    script(
        directory,
        "broken.py",
        """
        import sys
        print("about to fail")
        sys.exit(3)  # accepts "--json" in spirit only
    """,
    )
    script(directory, "__init__.py", "")
    return directory


def test_one_table_of_every_scripts_rows(run_all, bench_dir, capsys):
    status = run_all.main(["--bench-dir", str(bench_dir), "--quick"])

    out = capsys.readouterr().out
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert table[0] == "| bench | measure | rookclub | floor | ratio | goal | ok |"
    body = table[2:]
    assert len(body) == 4, body  # broken, fast x2, old (sorted by script name)
    assert body[0].startswith("| broken | no ratio reported (exit 3) |")
    assert body[1] == "| fast | small page / 1.5 | 3.0 ms | 2.0 ms | 1.5x | <= 2x | yes |"
    assert body[2].endswith("| 3.25x | <= 2x | NO |")
    assert body[3].startswith("| old | no ratio reported |")
    assert "fast ran" in out and "an old script" in out  # each script's own output
    assert status == 1  # a measure missed its goal


def test_quick_is_passed_only_when_asked_and_all_ok_exits_0(run_all, bench_dir, capsys):
    (bench_dir / "broken.py").unlink()
    script(bench_dir, "fast.py", (bench_dir / "fast.py").read_text().replace("False", "True"))

    status = run_all.main(["--bench-dir", str(bench_dir), "--quiet"])

    out = capsys.readouterr().out
    assert "| fast | big page / 1.5 |" in out
    assert "fast ran" not in out  # --quiet: the table only
    assert status == 0


def test_a_script_out_of_time_is_reported(run_all, bench_dir, capsys):
    script(bench_dir, "slow.py", "import time\ntime.sleep(30)\n")

    run_all.main(["--bench-dir", str(bench_dir), "--quiet", "--timeout", "1"])

    assert "| slow | no ratio reported (exit timed out after 1 s) |" in capsys.readouterr().out


def test_the_makefile_runs_the_runner():
    makefile = (ROOT / "Makefile").read_text()
    assert "bench/run_all.py $(if $(QUICK),--quick)" in makefile


def test_a_run_writes_its_results_beside_the_scripts(run_all, bench_dir):
    run_all.main(["--bench-dir", str(bench_dir), "--quiet"])

    results = json.loads((bench_dir / "results" / "latest.json").read_text())
    assert [(r["bench"], r["verdict"]) for r in results["rows"]] == [
        ("broken", "no goal"),
        ("fast", "met"),
        ("fast", "missed"),
        ("old", "no goal"),
    ]
    assert results["rows"][1]["goal"] == "<= 2x" and results["rows"][1]["ratio"] == 1.5
    assert results["summary"] == {"met": 1, "missed": 1, "no_goal": 2}
    assert [(s["name"], s["exit"]) for s in results["scripts"]] == [
        ("broken", 3),
        ("fast", 0),
        ("old", 0),
    ]
    assert results["quick"] is False


def test_the_results_name_the_commit_and_the_date(run_all, bench_dir):
    run_all.main(["--bench-dir", str(bench_dir), "--quiet"])

    results = json.loads((bench_dir / "results" / "latest.json").read_text())
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT)
    assert results["commit"] == (head.stdout.strip() if head.returncode == 0 else "unknown")
    assert datetime.fromisoformat(results["date"]).utcoffset().total_seconds() == 0
    markdown = (bench_dir / "results" / "latest.md").read_text()
    assert f"- Commit: `{results['commit']}`" in markdown
    assert f"- Date: {results['date']} (UTC)" in markdown


def test_the_results_give_the_load_average_before_and_during_the_run(run_all, bench_dir):
    run_all.main(["--bench-dir", str(bench_dir), "--quiet"])

    results = json.loads((bench_dir / "results" / "latest.json").read_text())
    before, during = results["load_before"], results["load_during"]
    assert len(before) == 3 and all(x >= 0 for x in before)
    samples = [x for s in results["scripts"] for x in (s["load_start"], s["load_end"])]
    assert during == {"min": min(samples), "max": max(samples)}
    markdown = (bench_dir / "results" / "latest.md").read_text()
    assert (
        "- Load average before the run (1, 5, 15 min): " + " / ".join(f"{x:.2f}" for x in before)
        in markdown
    )
    assert f"{during['min']:.2f} to {during['max']:.2f}" in markdown


def test_the_markdown_results_hold_every_ratio_with_its_goal_and_verdict(run_all, bench_dir):
    run_all.main(["--bench-dir", str(bench_dir), "--quiet"])

    markdown = (bench_dir / "results" / "latest.md").read_text()
    assert "| fast | big page / 1.5 | 3.0 ms | 2.0 ms | 1.5x | <= 2x | yes |" in markdown
    assert "| fast | big page / 3.25 | 3.0 ms | 2.0 ms | 3.25x | <= 2x | NO |" in markdown
    assert "- Goals met: 1; missed: 1; measures without a goal or a ratio: 2" in markdown
    assert "| broken |" in markdown and "| 3 |" in markdown  # the scripts table: its exit


def test_a_second_run_replaces_the_results(run_all, bench_dir):
    run_all.main(["--bench-dir", str(bench_dir), "--quiet"])
    (bench_dir / "broken.py").unlink()

    run_all.main(["--bench-dir", str(bench_dir), "--quiet", "--quick"])

    results = json.loads((bench_dir / "results" / "latest.json").read_text())
    assert [r["bench"] for r in results["rows"]] == ["fast", "fast", "old"]
    assert results["quick"] is True
    assert sorted(p.name for p in (bench_dir / "results").iterdir()) == [
        "latest.json",
        "latest.md",
    ]


def test_the_results_name_the_database_kind_never_its_password(
    run_all, bench_dir, tmp_path, monkeypatch
):
    monkeypatch.setenv("DATABASE_URL", "postgres://rook:s3cret-word@db.example.org:5432/rook")
    folder = tmp_path / "elsewhere"

    run_all.main(["--bench-dir", str(bench_dir), "--quiet", "--results", str(folder)])

    results = json.loads((folder / "latest.json").read_text())
    assert results["machine"]["database"] == "postgres"
    for name in ("latest.json", "latest.md"):
        text = (folder / name).read_text()
        assert "s3cret-word" not in text and "db.example.org" not in text


def test_bench_results_are_not_committed():
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", "bench/results/latest.md"], cwd=ROOT, check=False
    )
    if ignored.returncode == 128:
        pytest.skip("not a git checkout")
    assert ignored.returncode == 0


def test_a_script_the_budget_left_out_is_named_in_the_results(run_all, bench_dir):
    run_all.main(["--bench-dir", str(bench_dir), "--quiet", "--budget", "0"])

    results = json.loads((bench_dir / "results" / "latest.json").read_text())
    assert {(s["name"], s["exit"]) for s in results["scripts"]} == {
        (name, "not run: time budget spent") for name in ("broken", "fast", "old")
    }
    assert results["load_during"] is None
    assert "not available" in (bench_dir / "results" / "latest.md").read_text()


def test_a_script_out_of_time_cleans_up_and_its_servers_are_stopped(run_all, bench_dir, tmp_path):
    # The script starts a "server" (a child in its process group), then runs out of time.
    # It inherits SIGINT blocked from this test and unblocks it once inside its `try`:
    # the runner's Ctrl-C, however early it comes on a loaded machine, waits until the
    # script can clean up, as a real bench's would once its servers are running.
    script(
        bench_dir,
        "stuck.py",
        f"""
        import pathlib, signal, subprocess, sys, time
        here = pathlib.Path({str(tmp_path)!r})
        try:
            server = subprocess.Popen([sys.executable, "-c", "import signal; signal.pause()"])
            (here / "server.pid").write_text(str(server.pid))
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {{signal.SIGINT}})
            time.sleep(600)
        finally:
            (here / "cleaned-up").write_text("yes")
    """,
    )

    # As a background job of a non-interactive shell starts it (`make bench &`): with
    # Ctrl-C ignored.
    ignored = signal.signal(signal.SIGINT, signal.SIG_IGN)
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        run_all.main(["--bench-dir", str(bench_dir), "--quiet", "--timeout", "2"])
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        signal.signal(signal.SIGINT, ignored)

    assert (tmp_path / "cleaned-up").read_text() == "yes"  # its finally ran: SIGINT, not KILL
    server = int((tmp_path / "server.pid").read_text())
    deadline = time.monotonic() + 30  # the signal's delivery, not a measure of speed
    while _running(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    left_running = _running(server)
    if left_running:  # the server waits for a signal: never leave it behind
        os.kill(server, signal.SIGKILL)
    assert not left_running


def _running(pid: int) -> bool:
    """Is ``pid`` a live process (not gone, not a zombie waiting to be reaped)?"""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"
