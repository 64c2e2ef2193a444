"""Command line: ``python -m scythe_core simulate --seats random,random --games 10``.

Seats are ``random``, ``bot:easy|normal|hard`` or ``automa:<level>`` (``automa`` alone
takes ``--level``). A mix with a bot or an ``automa:<level>`` seat is played on every
core (``--workers``) and reported per seat; ``--seed`` makes any run repeatable.
"""

from __future__ import annotations

import argparse
import json
import sys

from .bots import seat_players
from .data.automa_cards import LEVELS
from .io.simulate import simulate, simulate_mix


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scythe_core")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games and report")
    sim.add_argument("--seats", default="random,random", help="comma-separated controllers")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--max-turns", type=int, default=2000)
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
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
    if any(":" in s for s in seats):
        try:
            report = simulate_mix(
                seats, args.games, args.seed, seat_players, args.max_turns, args.workers
            )
        except ValueError as exc:
            parser.error(str(exc))
        print(
            json.dumps(report if args.json else _summary(report), indent=None if args.json else 2)
        )
        return 1 if report["errors"] else 0
    report = simulate(
        seats, args.games, args.seed, args.max_turns, levels if "automa" in seats else None
    )
    if args.json:
        print(json.dumps(report))
    else:
        summary = {k: v for k, v in report.items() if k != "results"}
        print(json.dumps(summary, indent=2))
    return 1 if report["errors"] else 0


def _summary(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "results"}


if __name__ == "__main__":
    sys.exit(main())
