"""Does a change of bot:hard's weights make it stronger? A paired comparison.

Plays every seed twice against the same opponent (an Automa level, or any seat of
``simulate``; a bot:hard opponent gets the changes too): once with bot:hard as it is, once with the changes given as
``name=value`` (a field of ``evaluate.Weights``, or ``width``, ``ahead``, ``ahead_width``, ``margin``,
``replies``, ``placements``,
``drop_repeats``, ``narrow_after``, ``by_phase`` of
its level's search). It prints both sides' wins and mean final coins, and the change of the
margin to the opponent, paired by seed, with its standard error and the games that
went from lost to won and back; then the same for each faction and each mat the bot
played.

    python3 bench/bot_weights.py opponent=0.5 exploring=2 [--against automa:automa]
        [--seeds 1001-1150] [--jobs N]

A game is chaotic: one different choice early makes a different game, so a change of
a coin or two needs 100 games or more to show. Measure on seeds the weights were not
chosen on (the landed ones were picked over seeds 1-400 and 9901-10100): there the
old weights were lucky, and any change looks worse than it is. And confirm a gain on
a second set: one set of 100 games can show two or three coins by luck (a change that
gained +2.3 +- 1.7 on seeds 10101-10200 gave -1.2 and -0.3 on the next two hundred).
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
from typing import NamedTuple

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


class Result(NamedTuple):
    """One game's end, for bot:hard (the first seat)."""

    won: bool
    coins: int
    best_other: int
    faction: str
    mat: str

    @property
    def margin(self) -> int:
        return self.coins - self.best_other


def play(task: tuple[int, str, dict[str, str] | None]) -> Result | None:
    """One game (``io.simulate.mix_game``), or None when it did not end within the
    turns allowed."""
    seed, against, changes = task
    bot_player.LEVELS["hard"] = LANDED if changes is None else changed_level(changes)
    game = mix_game(seed, ["bot:hard", against], bot_player.seat_players, MAX_TURNS)
    if not game["finished"]:
        return None
    bot, *others = game["seats"]
    best_other = max(other["coins"] for other in others)
    return Result(bot["won"], bot["coins"], best_other, bot["faction"], bot["mat"])


def paired_change(pairs: list[tuple[Result, Result]]) -> str:
    """The change from the first game of each pair to the second: wins, the margin to
    the best other seat (mean and standard error), and the games that turned."""
    deltas = [after.margin - before.margin for before, after in pairs]
    mean = sum(deltas) / len(deltas)
    spread = math.sqrt(sum((d - mean) ** 2 for d in deltas) / max(len(deltas) - 1, 1))
    wins = [sum(pair[side].won for pair in pairs) for side in (0, 1)]
    won = sum(1 for before, after in pairs if after.won and not before.won)
    lost = sum(1 for before, after in pairs if before.won and not after.won)
    return (
        f"{len(pairs)} game{'' if len(pairs) == 1 else 's'}, wins {wins[0]} -> {wins[1]},"
        f" margin change {mean:+.2f}"
        f" +- {spread / math.sqrt(len(deltas)):.2f} coins"
        f" (games won that were lost {won}, lost that were won {lost})"
    )


def by_group(pairs: list[tuple[Result, Result]], key: str) -> dict[str, str]:
    """:func:`paired_change` for each faction or mat of the bot (``key``), by name. The
    mean hides where a change helps: against the Automa, bot:hard as Rusviet or Nordic
    won 36 of 85 games (seeds 10101-10300), as Crimea, Polania or Saxony 7 of 115."""
    groups: dict[str, list[tuple[Result, Result]]] = {}
    for pair in pairs:
        groups.setdefault(getattr(pair[0], key), []).append(pair)
    return {name: paired_change(group) for name, group in sorted(groups.items())}


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
        wins = sum(game.won for game in games)
        mine = sum(game.coins for game in games) / len(games)
        other = sum(game.best_other for game in games) / len(games)
        print(f"{name:9} wins {wins}/{len(games)}  coins {mine:.1f} against {other:.1f}")
    print(f"all: {paired_change(pairs)}; {time.perf_counter() - started:.0f} s")
    for key in ("faction", "mat"):
        for name, change in by_group(pairs, key).items():
            print(f"  {name:12} {change}")


if __name__ == "__main__":
    main()
