"""Command line: ``python -m scythe_core simulate --seats random,random --games 10``."""

from __future__ import annotations

import argparse
import json
import sys

from .data.automa_cards import LEVELS
from .io.simulate import simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scythe_core")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games and report")
    sim.add_argument("--seats", default="random,random", help="comma-separated controllers")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--max-turns", type=int, default=2000)
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument(
        "--level",
        default="automa",
        help="Automa level(s) for automa seats: comma-separated, or 'all'",
    )
    args = parser.parse_args(argv)

    levels = list(LEVELS) if args.level == "all" else args.level.split(",")
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        parser.error(f"unknown Automa level(s): {', '.join(unknown)}")
    seats = args.seats.split(",")
    report = simulate(
        seats, args.games, args.seed, args.max_turns, levels if "automa" in seats else None
    )
    if args.json:
        print(json.dumps(report))
    else:
        summary = {k: v for k, v in report.items() if k != "results"}
        print(json.dumps(summary, indent=2))
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
