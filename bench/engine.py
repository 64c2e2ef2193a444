"""Engine speed: decisions per second and full random games per second in CPython.

Usage: python bench/engine.py [--games N] [--seats random,random]
Target (issue 3): at least 20,000 decisions/s; a random 2-seat game well under 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scythe_core.simulate import random_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seats", default="random,random")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    seats = args.seats.split(",")
    durations, decisions, finished = [], 0, 0
    started = time.perf_counter()
    for i in range(args.games):
        t0 = time.perf_counter()
        result = random_game(args.seed + i, seats)
        durations.append(time.perf_counter() - t0)
        decisions += result["decisions"]
        finished += result["finished"]
    total = time.perf_counter() - started
    print(f"seats: {args.seats}  games: {args.games}  finished: {finished}")
    print(f"decisions: {decisions}  seconds: {total:.2f}")
    print(f"decisions per second: {decisions / total:,.0f}")
    print(f"games per second: {args.games / total:.2f}")
    print(f"seconds per game: median {statistics.median(durations):.3f}, max {max(durations):.3f}")


if __name__ == "__main__":
    main()
