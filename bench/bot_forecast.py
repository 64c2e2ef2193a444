"""How well does bot:hard's projection foresee its own game? Forecast against play.

bot:hard values a position by playing its economy on for some own turns
(``bots.projection``: Produce, Trade, Bolster, Move and the bottom actions, nobody
else playing). This plays games of bot:hard against an opponent and, at the start of
each of its turns, lets the projection run ``--turns`` turns from the real position;
then it compares the change the projection foresaw over the next k own turns with
the change the game really brought (bottom actions, stars, territories, coins,
popularity, power, workers, resources in stock), overall and by the part of the game.

    python3 bench/bot_forecast.py [--against automa:automa] [--seeds 1001-1040]
        [--turns 6] [--jobs N]

A measure the projection foresees rising much faster than it does is one whose
promise the bot pays for in its choices and never gets (and the other way round).
The real game has an opponent and the projection has none: territories lost to
attacks show up here as well.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scythe_core.bots import player as bot_player  # noqa: E402
from scythe_core.bots.economy import Economy  # noqa: E402
from scythe_core.bots.evaluate import HARD, all_holdings  # noqa: E402
from scythe_core.bots.projection import snapshot  # noqa: E402
from scythe_core.engine import to_move  # noqa: E402
from scythe_core.io.simulate import mix_game  # noqa: E402
from scythe_core.model.state import GameState  # noqa: E402

#: Turns a game may take (games against an Automa end after about 45).
MAX_TURNS = 400
#: What is compared, as read from the projection's economy.
MEASURES: dict[str, Callable[[Economy], float]] = {
    "bottom actions": lambda e: sum(e.done),
    "stars": lambda e: e.star_count,
    "territories": lambda e: e.territory_count,
    "coins": lambda e: e.coins,
    "popularity": lambda e: e.popularity,
    "power": lambda e: e.power,
    "workers": lambda e: e.workers,
    "resources": lambda e: sum(e.res),
}
#: The parts of the game, by the seat's own turns taken.
PHASES = ((0, 6), (6, 12), (12, 99))


def measures(economy: Economy) -> dict[str, float]:
    return {name: read(economy) for name, read in MEASURES.items()}


def forecast(state: GameState, seat: int, turns: int) -> list[dict[str, float]]:
    """The seat's measures now (index 0) and after each of ``turns`` projected turns."""
    held = all_holdings(state, state.control_map())[seat]
    player = state.players[seat]
    economy = Economy(snapshot(player, held.resources, held.territories), HARD.tier_slope)
    seen = [measures(economy)]
    for _ in range(turns):
        economy.turn()
        seen.append(measures(economy))
    return seen


class Watch:
    """``seat_players`` for ``mix_game`` whose seat-0 bot adds a forecast to
    ``forecasts`` at the start of each of its turns; it keeps the game it watches."""

    def __init__(self, turns: int) -> None:
        self.turns = turns
        self.forecasts: list[list[dict[str, float]]] = []
        self.state: GameState | None = None

    def __call__(self, state: GameState) -> dict:
        self.state = state
        players = bot_player.seat_players(state)
        decide = players[0]

        def watched(state: GameState) -> None:
            if state.pending.get("kind") == "section" and to_move(state) == 0:
                self.forecasts.append(forecast(state, 0, self.turns))
            decide(state)

        players[0] = watched
        return players


def play(task: tuple[int, str, int]) -> list[list[dict[str, float]]]:
    """One game's forecasts, one per own turn, and the seat's measures at its end."""
    seed, against, turns = task
    watch = Watch(turns)
    mix_game(seed, ["bot:hard", against], watch, MAX_TURNS)
    return [*watch.forecasts, forecast(watch.state, 0, 0)]


def compare(
    games: list[list[list[dict[str, float]]]], ahead: int, phase: tuple[int, int] = (0, 999)
) -> dict[str, tuple[float, float, int]]:
    """Per measure: the mean change foreseen over ``ahead`` own turns, the mean change
    played, and how many turns were compared (those of ``phase``, by own turns taken,
    with ``ahead`` turns still to come in the game)."""
    sums = {name: [0.0, 0.0, 0] for name in MEASURES}
    for turns in games:
        for index in range(phase[0], min(phase[1], len(turns) - ahead)):
            now, foreseen, played = turns[index][0], turns[index][ahead], turns[index + ahead][0]
            for name, total in sums.items():
                total[0] += foreseen[name] - now[name]
                total[1] += played[name] - now[name]
                total[2] += 1
    return {name: (s / n if n else 0.0, p / n if n else 0.0, n) for name, (s, p, n) in sums.items()}


def report(games: list, turns: int) -> list[str]:
    lines = [f"{'turns ahead':15}" + "".join(f"{name:>16}" for name in MEASURES)]

    def row(label: str, result: dict) -> str:
        return f"{label:15}" + "".join(
            f"{foreseen:+7.2f} /{played:+7.2f}" for foreseen, played, _n in result.values()
        )

    for ahead in sorted({1, turns // 2, turns} - {0}):
        lines.append(row(str(ahead), compare(games, ahead)))
    middle = max(turns // 2, 1)
    for low, high in PHASES:
        label = f"{middle}, from {low + 1}-{high if high < 99 else 'end'}"
        lines.append(row(label, compare(games, middle, (low, high))))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="automa:automa")
    parser.add_argument("--seeds", default="1001-1040", help="first-last")
    parser.add_argument("--turns", type=int, default=6, help="own turns foreseen")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if args.turns < 1:
        parser.error("--turns must be at least 1")
    low, _, high = args.seeds.partition("-")
    seeds = range(int(low), int(high or low) + 1)
    started = time.perf_counter()
    with Pool(args.jobs) as pool:
        games = pool.map(play, [(seed, args.against, args.turns) for seed in seeds], chunksize=1)
    print(
        f"bot:hard against {args.against}, {len(games)} games:"
        " change foreseen by the projection / change played, per own turn"
    )
    print("\n".join(report(games, args.turns)))
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
