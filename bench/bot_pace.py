"""How fast does a bot place its stars? The own turn of each star, and of each goal.

Against the Automa a game ends when the Automa places its sixth star, after about
twenty own turns of the other seat (``docs/balance.md``): a seat that needs more
turns than that for its stars ends with fewer of them, and every half-done goal is
worth nothing. This plays games of a bot (seat 0) against a seat mix and prints, for
its first, second ... sixth star, the own turn on which it was placed (median and
quartiles over the games that placed it), and for each star goal how often it was
placed and the median own turn. Against ``random`` (the default: a seat that hardly
gets in the way) it measures the speed of the bot's economy on its own.

Stars of the bottom row come from bottom actions, so it also prints, by stretch of
own turns, how often the seat played a bottom action, how often one could be paid
at the start of the turn from the resources it controlled (a section other than the
last one unless the seat is Rusviet, its star goal still open; Crimea's combat card
in place of a resource not counted), and how often one could be paid at the start
and none was played.

    python3 bench/bot_pace.py [--bot bot:hard] [--against random]
        [--seeds 3001-3024] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scythe_core.bots import player as bot_player  # noqa: E402
from scythe_core.bots.economy import BOTTOM_GOAL  # noqa: E402
from scythe_core.data.components import STAR_GOALS, STARS_TO_END, mat_section  # noqa: E402
from scythe_core.engine import to_move  # noqa: E402
from scythe_core.io.simulate import mix_game  # noqa: E402
from scythe_core.model.seats import has_faction_ability  # noqa: E402
from scythe_core.model.state import GameState, Player  # noqa: E402
from scythe_core.rules.bottom_actions import bottom_payment  # noqa: E402
from scythe_core.rules.economy import star_goal_counts  # noqa: E402

#: Turns a game may take (games against an Automa end after about 45).
MAX_TURNS = 400
#: The seat watched.
SEAT = 0
#: Stretches of own turns the bottom actions are counted over (first, last).
STRETCHES = ((1, 6), (7, 13), (14, 20), (21, MAX_TURNS))


def bottoms_played(player: Player) -> int:
    """Bottom actions the player has played (none is ever undone)."""
    counts = star_goal_counts(player)
    return sum(counts[goal] for goal in BOTTOM_GOAL.values())


def bottom_payable(state: GameState, seat: int) -> bool:
    """Whether a section the seat may choose has a bottom action that counts towards
    its star goal and can be paid from the resources it controls."""
    player = state.players[seat]
    held = state.controlled_resources(seat)
    counts = star_goal_counts(player)
    again = has_faction_ability(player, "relentless")  # Rusviet may choose it again
    for index in range(4):
        if index == player.last_section and not again:
            continue
        bottom = mat_section(player.mat, index)[1]
        goal = BOTTOM_GOAL[bottom]
        resource, cost = bottom_payment(player, bottom)
        if counts[goal] < STAR_GOALS[goal] and held[resource] >= cost:
            return True
    return False


class Tally:
    """``seat_players`` for ``mix_game`` that counts seat 0's own turns (the section
    choices it makes) and notes each star it places with the own turn it came in."""

    def __init__(self) -> None:
        self.own_turns = 0
        self.stars: list[tuple[str, int]] = []
        self.state: GameState | None = None
        #: Log entries read so far (the game's log only grows).
        self.read = 0
        #: Per own turn: whether a bottom action could be paid at its start, and how
        #: many the seat played in it.
        self.turns: list[tuple[bool, int]] = []
        #: The own turn under way: bottom actions played before it, and payable at its start.
        self.started: tuple[int, bool] | None = None

    def close_turn(self, state: GameState) -> None:
        """Note the bottom actions of the own turn under way (at the next one, or the end)."""
        if self.started is not None:
            before, payable = self.started
            self.turns.append((payable, bottoms_played(state.players[SEAT]) - before))
            self.started = None

    def open_turn(self, state: GameState) -> None:
        self.close_turn(state)
        self.own_turns += 1
        self.started = (bottoms_played(state.players[SEAT]), bottom_payable(state, SEAT))

    def note_stars(self, state: GameState) -> None:
        for entry in state.log[self.read :]:
            if entry.get("event") == "star" and entry.get("seat") == SEAT:
                self.stars.append((entry["category"], self.own_turns))
        self.read = len(state.log)

    def __call__(self, state: GameState) -> dict:
        self.state = state
        players = bot_player.seat_players(state)
        decide = players.get(SEAT)

        def counted(state: GameState) -> None:
            self.note_stars(state)
            if state.pending.get("kind") == "section" and to_move(state) == SEAT:
                self.open_turn(state)
            decide(state)

        if decide is not None:
            players[SEAT] = counted
        return players


def play(task: tuple[int, str, str]) -> dict:
    """One game: seat 0's stars with their own turns, and its own turns in all."""
    seed, bot, against = task
    tally = Tally()
    game = mix_game(seed, [bot, against], tally, MAX_TURNS)
    tally.note_stars(tally.state)
    tally.close_turn(tally.state)
    return {"seed": seed, "finished": game["finished"], "stars": tally.stars,
            "own_turns": tally.own_turns, "turns": tally.turns}  # fmt: skip


def quartiles(values: list[int]) -> tuple[float, float, float]:
    """Lower quartile, median and upper quartile (the median thrice for one value)."""
    if len(values) == 1:
        return (values[0],) * 3
    low, middle, high = statistics.quantiles(values, n=4, method="inclusive")
    return low, middle, high


def pace(games: list[dict]) -> dict:
    """Per star count (1-6), the own turns it was reached in; per star goal, the own
    turns it was placed in."""
    by_count: dict[int, list[int]] = {k: [] for k in range(1, STARS_TO_END + 1)}
    by_goal: dict[str, list[int]] = {}
    for game in games:
        for count, (category, turn) in enumerate(game["stars"][:STARS_TO_END], start=1):
            by_count[count].append(turn)
            by_goal.setdefault(category, []).append(turn)
    return {"by_count": by_count, "by_goal": by_goal}


def bottom_rates(games: list[dict]) -> list[tuple[tuple[int, int], int, float, float, float]]:
    """Per stretch of own turns that some game reached: its turns in all games, and the
    shares with a bottom action played, with one payable at the start, and with one
    payable at the start but none played."""
    rates = []
    for first, last in STRETCHES:
        turns = [turn for game in games for turn in game["turns"][first - 1 : last]]
        if not turns:
            continue
        played = sum(1 for _payable, done in turns if done)
        payable = sum(1 for payable, _done in turns if payable)
        missed = sum(1 for payable, done in turns if payable and not done)
        n = len(turns)
        rates.append(((first, last), n, played / n, payable / n, missed / n))
    return rates


def report(games: list[dict]) -> list[str]:
    found = pace(games)
    lines = [f"{'star':8}{'games':>7}{'quartile':>10}{'median':>8}{'quartile':>10}"]
    for count, turns in found["by_count"].items():
        if turns:
            low, middle, high = quartiles(turns)
            lines.append(f"{count:<8}{len(turns):>7}{low:>10.1f}{middle:>8.1f}{high:>10.1f}")
        else:
            lines.append(f"{count:<8}{0:>7}")
    lines.append(f"{'goal':14}{'placed':>8}{'median turn':>13}")
    for goal, turns in sorted(found["by_goal"].items(), key=lambda item: -len(item[1])):
        share = f"{len(turns)}/{len(games)}"
        lines.append(f"{goal:14}{share:>8}{statistics.median(turns):>13.1f}")
    lines.append(f"{'own turns':10}{'turns':>7}{'bottom played':>15}{'payable':>9}{'unplayed':>10}")
    for (first, last), n, played, payable, missed in bottom_rates(games):
        stretch = f"{first}+" if last >= MAX_TURNS else f"{first}-{last}"
        lines.append(f"{stretch:10}{n:>7}{played:>15.0%}{payable:>9.0%}{missed:>10.0%}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="bot:hard")
    parser.add_argument("--against", default="random")
    parser.add_argument("--seeds", default="3001-3024", help="first-last")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if not args.bot.startswith("bot:"):
        parser.error("--bot must be a bot seat (bot:easy, bot:normal or bot:hard)")
    low, _, high = args.seeds.partition("-")
    seeds = range(int(low), int(high or low) + 1)
    started = time.perf_counter()
    with Pool(args.jobs) as pool:
        tasks = [(seed, args.bot, args.against) for seed in seeds]
        games = pool.map(play, tasks, chunksize=1)
    turns = statistics.median(g["own_turns"] for g in games)
    print(
        f"{args.bot} against {args.against}, {len(games)} games "
        f"({sum(g['finished'] for g in games)} finished, median {turns} own turns):"
        " the own turn of each star placed"
    )
    print("\n".join(report(games)))
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
