"""Hands scored per second by the rules engine, on one core (CPU time, so a busy
machine does not skew it).

Run from the repository root: ``.venv/bin/python bench/engine.py [--quick] [--json PATH]``
(or ``.venv/bin/python -m bench.engine``). ``--quick``: fewer distinct hands and a
shorter timing per path (a smoke test).

* score sheet: ``score_hand`` on Tournament score-sheet records (checks included);
* score sheet from JSON: ``HandRecord.from_dict`` + ``score_hand``, as the API does;
* card level: ``check_card_hand`` (deal, nest, every trick) + ``score_hand``;
* simulate: ``simulate_hand`` (seeded deal, random auction and legal play).

Floors: >= 100,000 score-sheet hands/s, and card-level checking
>= 10,000 hands/s on one core.  The card-level floor is judged as a ratio against the
score-sheet path measured in the same run: card level / score sheet >= 0.10 (10,000
per 100,000), so a busy or slower machine, which slows both paths alike, neither
hides a regression nor reports a false one.  Both rates and the ratio are printed.
"""

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine import (
    PRESETS,
    HandRecord,
    check_card_hand,
    score_hand,
    simulate_hand,
)

RULES = PRESETS["tournament"]
DEALER = "west"
SHEET_FLOOR = 100_000
CARD_FLOOR = 10_000
RATIO_FLOOR = CARD_FLOOR / SHEET_FLOOR


def rate(label: str, work, items: list, seconds: float = 1.5) -> float:
    """Run ``work`` over ``items`` repeatedly for about ``seconds``; print items/s."""
    done, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for item in items:
            work(item)
        done += len(items)
    per_second = done / elapsed
    print(f"{label:<28} {per_second:>12,.0f} hands/s  ({done:,} hands in {elapsed:.2f} s)")
    return per_second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands, shorter runs")
    parser.add_argument("--json", metavar="PATH", help="append one JSON line per measure")
    args = parser.parse_args()
    distinct, seconds = (300, 0.3) if args.quick else (2_000, 1.5)
    rng = random.Random(2024)
    cards = [simulate_hand(RULES, rng, dealer=DEALER) for _ in range(distinct)]
    played = [h for h in cards if h.tricks]
    records = [check_card_hand(RULES, h, dealer=DEALER).record for h in cards]
    bodies = [r.to_dict() for r in records]
    print(f"Python {sys.version.split()[0]}, Tournament Rook, {len(records)} distinct hands")

    sheet = rate("score sheet", lambda r: score_hand(RULES, r, dealer=DEALER), records, seconds)
    from_json = rate(
        "score sheet from JSON",
        lambda b: score_hand(RULES, HandRecord.from_dict(b, RULES), dealer=DEALER),
        bodies,
        seconds,
    )
    card = rate(
        "card level",
        lambda h: score_hand(RULES, check_card_hand(RULES, h, dealer=DEALER).record, dealer=DEALER),
        played,
        seconds,
    )
    seeds = iter(range(10**9))
    simulated = rate(
        "simulate (not a target)",
        lambda _: simulate_hand(RULES, next(seeds), dealer=DEALER),
        list(range(200)),
        seconds * 2 / 3,
    )
    ratio = card / sheet
    print(
        f"card level / score sheet      {ratio:>12.3f}        (floor {RATIO_FLOOR:.3f}: "
        f"{CARD_FLOOR:,} per {SHEET_FLOOR:,}; card level at the score-sheet floor: "
        f"{ratio * SHEET_FLOOR:,.0f} hands/s)"
    )
    below = []
    if sheet < SHEET_FLOOR:
        below.append(f"score sheet {sheet:,.0f} < {SHEET_FLOOR:,}/s")
    if ratio < RATIO_FLOOR:
        below.append(f"card level / score sheet {ratio:.3f} < {RATIO_FLOOR:.3f}")
    if card < CARD_FLOOR:
        below.append(f"card level {card:,.0f} < {CARD_FLOOR:,}/s (absolute, on this machine)")
    print("floors met" if not below else "BELOW FLOOR: " + "; ".join(below))
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            for line in (
                {
                    "bench": "engine",
                    "measure": "score sheet, hands/s (CPU)",
                    "rookclub": f"{sheet:,.0f}/s",
                    "floor": f"{SHEET_FLOOR:,}/s",
                    "ratio": None,
                    "goal": f">= {SHEET_FLOOR:,}/s",
                    "ok": sheet >= SHEET_FLOOR,
                },
                {
                    "bench": "engine",
                    "measure": "score sheet from JSON, hands/s (CPU)",
                    "rookclub": f"{from_json:,.0f}/s",
                    "floor": "",
                    "ratio": None,
                    "goal": "",
                    "ok": None,
                },
                # Its goal is a share of the score sheet's rate: Rookclub's own, so the
                # share goes in the measure, not in the ratio column.
                {
                    "bench": "engine",
                    "measure": f"card level, hands/s (CPU; {ratio:.3f} of the score sheet's rate)",
                    "rookclub": f"{card:,.0f}/s",
                    "floor": "",
                    "ratio": None,
                    "goal": f">= {RATIO_FLOOR:.2f} ({CARD_FLOOR:,} per {SHEET_FLOOR:,} hands/s)",
                    "ok": ratio >= RATIO_FLOOR,
                },
                {
                    "bench": "engine",
                    "measure": "simulate, hands/s (CPU)",
                    "rookclub": f"{simulated:,.0f}/s",
                    "floor": "",
                    "ratio": None,
                    "goal": "not a target",
                    "ok": None,
                },
            ):
                out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
