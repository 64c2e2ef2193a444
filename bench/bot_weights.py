"""Does a change of bot:hard's weights make it stronger? A paired comparison.

Plays every seed twice against the same opponent (an Automa level, or any seat of
``simulate``; a bot:hard opponent gets the changes too): once with bot:hard as it is, once with the changes given as
``name=value`` (a field of ``evaluate.Weights``, or ``width``, ``ahead``, ``ahead_width``, ``margin``,
``replies``, ``placements``,
``drop_repeats``, ``narrow_after``, ``by_phase`` of
its level's search). It prints both sides' wins and mean final coins, and the change of the
margin to the opponent, paired by seed, with its standard error and the games that
went from lost to won and back.

    python3 bench/bot_weights.py opponent=0.5 exploring=2 [--against automa:automa]
        [--seeds 1001-1150] [--jobs N]

A game is chaotic: one different choice early makes a different game, so a change of
a coin or two needs 100 games or more to show. Measure on seeds the weights were not
chosen on (the landed ones were picked over seeds 1-400): there the old weights were
lucky, and any change looks worse than it is.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scythe_core.bots import player as bot_player  # noqa: E402
from scythe_core.io.simulate import mix_game  # noqa: E402

#: Fields of the hard level (not of its weights) that may be changed.
LEVEL_FIELDS = ("width", "ahead", "ahead_width", "margin", "replies", "placements", "ahead_cards")
#: Fields of the hard level's search limits (``search.SearchLimits``) that may be changed.
LIMIT_FIELDS = ("drop_repeats", "narrow_after", "by_phase")
#: bot:hard as it is (a worker process plays either side, one game after another).
LANDED = bot_player.LEVELS["hard"]
#: Turns a game may take (games against an Automa end after about 45).
MAX_TURNS = 400


def read_as(landed: object, text: str) -> object:
    """``text`` read as the type of the landed value (a flag: "1" or "true")."""
    kind = type(landed)
    return text.lower() in ("1", "true") if kind is bool else kind(text)


def changed_level(changes: dict[str, str]) -> bot_player.Level:
    """bot:hard with the changes (each value read as its field's type)."""
    level = LANDED
    weights = level.weights
    on_weights, on_level, on_limits = {}, {}, {}
    for name, text in changes.items():
        if name in LEVEL_FIELDS:
            on_level[name] = int(text)
        elif name in LIMIT_FIELDS:
            on_limits[name] = read_as(getattr(level.limits, name), text)
        elif name in {f.name for f in dataclasses.fields(weights)}:
            on_weights[name] = read_as(getattr(weights, name), text)
        else:
            raise SystemExit(f"no such weight or level field: {name}")
    return dataclasses.replace(
        level,
        weights=dataclasses.replace(weights, **on_weights),
        limits=dataclasses.replace(level.limits, **on_limits),
        **on_level,
    )


def play(task: tuple[int, str, dict[str, str] | None]) -> tuple[bool, int, int] | None:
    """One game (``io.simulate.mix_game``): (the bot won, its final coins, the best
    other's), or None when it did not end within the turns allowed."""
    seed, against, changes = task
    bot_player.LEVELS["hard"] = LANDED if changes is None else changed_level(changes)
    game = mix_game(seed, ["bot:hard", against], bot_player.seat_players, MAX_TURNS)
    if not game["finished"]:
        return None
    bot, *others = game["seats"]
    return bot["won"], bot["coins"], max(other["coins"] for other in others)


def seed_range(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("changes", nargs="*", help="name=value")
    parser.add_argument("--against", default="automa:automa")
    parser.add_argument("--seeds", default="1001-1150", help="first-last")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    changes = dict(change.split("=", 1) for change in args.changes)
    changed_level(changes)  # an unknown name stops here, before any game
    seeds = seed_range(args.seeds)
    started = time.perf_counter()
    tasks = [(seed, args.against, None) for seed in seeds]
    tasks += [(seed, args.against, changes) for seed in seeds]
    with Pool(args.jobs) as pool:
        results = pool.map(play, tasks, chunksize=1)
    pairs = [
        (before, after)
        for before, after in zip(results[: len(seeds)], results[len(seeds) :], strict=True)
        if before is not None and after is not None
    ]
    if len(pairs) < len(seeds):
        print(f"{len(seeds) - len(pairs)} seeds left out: a game did not end in {MAX_TURNS} turns")
    for name, side in (("as it is", 0), ("changed", 1)):
        games = [pair[side] for pair in pairs]
        wins = sum(won for won, _mine, _other in games)
        mine = sum(coins for _won, coins, _other in games) / len(games)
        other = sum(coins for _won, _mine, coins in games) / len(games)
        print(f"{name:9} wins {wins}/{len(games)}  coins {mine:.1f} against {other:.1f}")
    deltas = [(a[1] - a[2]) - (b[1] - b[2]) for b, a in pairs]
    mean = sum(deltas) / len(deltas)
    spread = math.sqrt(sum((d - mean) ** 2 for d in deltas) / max(len(deltas) - 1, 1))
    won = sum(1 for b, a in pairs if a[0] and not b[0])
    lost = sum(1 for b, a in pairs if b[0] and not a[0])
    print(
        f"margin change {mean:+.2f} +- {spread / math.sqrt(len(deltas)):.2f} coins"
        f"  (games won that were lost {won}, lost that were won {lost};"
        f" {time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
