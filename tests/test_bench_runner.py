"""``make bench``'s runner (bench/run_all.py) on a fake bench directory: one table of
every script's rows; scripts without --json, or that fail, are named, not fatal.
(No timing is asserted: only what the runner does with what the scripts report.)"""

import importlib.util
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def run_all():
    spec = importlib.util.spec_from_file_location("run_all", ROOT / "bench" / "run_all.py")
    module = importlib.util.module_from_spec(spec)
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
