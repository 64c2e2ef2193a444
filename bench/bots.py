"""Think time of the bots per turn, by level, in CPython.

Plays seeded games in which every seat is a bot of one level and times each seat's
decisions, summed per turn (from its section choice to its end of turn, plus its
answers to combats on other turns). Prints the median and the 95th percentile per
level (target: bot:hard median under 0.5 s per turn), in CPU time of this process
(``time.process_time``: on a shared machine the wall clock also counts other work),
and the wall-clock median beside it.

    python3 bench/bots.py [--games 2] [--seats 2] [--levels easy,normal,hard]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scythe_core import new_game, to_move  # noqa: E402
from scythe_core.bots import bot_seats, play_bot_decision  # noqa: E402

#: The bot:hard median target, seconds per turn (CPython on the build machine).
HARD_TARGET = 0.5


def turn_times(level: str, seed: int, seats: int, max_turns: int) -> tuple[list[float], dict]:
    """Seconds each bot spent per turn of its own in one game, and the game's end."""
    state = new_game({"seed": seed, "seats": [{"controller": "bot", "level": level}] * seats})
    bots = bot_seats(state)
    spent: dict[tuple[int, int], float] = {}
    wall: dict[tuple[int, int], float] = {}
    while not state.game_over and state.turns_taken < max_turns:
        seat = to_move(state)
        key = (state.turns_taken, seat)
        started, clock = time.process_time(), time.perf_counter()
        play_bot_decision(state, bots[seat])
        spent[key] = spent.get(key, 0.0) + time.process_time() - started
        wall[key] = wall.get(key, 0.0) + time.perf_counter() - clock
    end = {"turns": state.turns_taken, "over": state.game_over, "wall": list(wall.values())}
    return list(spent.values()), end


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--max-turns", type=int, default=300)
    args = parser.parse_args(argv)
    print(f"bots: think time per turn, {args.games} games of {args.seats} bots per level")
    for level in args.levels.split(","):
        times: list[float] = []
        ends = []
        for game in range(args.games):
            spent, end = turn_times(level, 100 + game, args.seats, args.max_turns)
            times += spent
            ends.append(end)
        median, p95 = statistics.median(times), percentile(times, 0.95)
        target = f"  (target: median < {HARD_TARGET} s)" if level == "hard" else ""
        finished = sum(e["over"] for e in ends)
        wall = statistics.median([w for e in ends for w in e["wall"]])
        print(
            f"bot:{level:6}  turns {len(times):4}  median {median:.3f} s  p95 {p95:.3f} s"
            f"  max {max(times):.3f} s  (wall median {wall:.3f} s)"
            f"  games finished {finished}/{len(ends)}{target}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
