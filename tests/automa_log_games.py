"""Seeded games whose Automa explanation lines are compared word for word.

The golden Automa games (``golden_game.AUTOMA_GOLDEN_SETUPS``, played with the same
choices as their transcripts) and random games with one to three Automas of every
level, random factions and random difficulty options. Each Automa log entry becomes
one line ``game <TAB> index <TAB> English <TAB> Dutch``.

Run as a script to write the lines of the golden games (or of ``--random N`` games,
or only a hash of each random game's lines with ``--digests``) to a file:

    python3 tests/automa_log_games.py tests/golden/automa_log_texts.txt
    python3 tests/automa_log_games.py --random 200 --digests tests/golden/automa_log_random.txt
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parent.parent)]

from golden_game import AUTOMA_GOLDEN_SETUPS  # noqa: E402

from scythe_core import legal_actions, new_game  # noqa: E402
from scythe_core.data.automa_cards import LEVELS  # noqa: E402
from scythe_core.engine import apply_in_place  # noqa: E402
from scythe_core.io.wording import describe_event  # noqa: E402
from scythe_core.model import rng as prng  # noqa: E402

Wording = Callable[[dict, str], str]

#: Difficulty options a random game may switch on (see ``scythe_core.automa.turn``).
RANDOM_OPTIONS = (
    ("automa_skip_turns", (True,)),
    ("automa_coins", (-2, -1, 1, 2)),
    ("automa_power", (-2, -1, 1, 2)),
    ("automa_move_flip", (True,)),
    ("automa_place_flip", (True,)),
    ("automa_all_moves", (True,)),
)


def random_setup(seed: int) -> dict:
    """A random table: 1-3 Automas of random levels, 1-2 other seats, random options."""
    r = prng.seed_state(seed * 7919 + 13)
    r, automas = prng.randbelow(r, 3)
    r, others = prng.randbelow(r, 2)
    seats: list[dict] = [{"controller": "bot"} for _ in range(others + 1)]
    for _ in range(automas + 1):
        r, level = prng.randbelow(r, len(LEVELS))
        seats.append({"controller": "automa", "level": sorted(LEVELS)[level]})
    r, seats = prng.shuffled(r, seats)
    options: dict = {}
    for name, values in RANDOM_OPTIONS:
        r, on = prng.randbelow(r, 4)
        if on == 0:
            r, pick = prng.randbelow(r, len(values))
            options[name] = values[pick]
    return {"seed": seed, "seats": seats, "options": options}


def play_log(setup: dict, max_steps: int = 5000) -> list[dict]:
    """The log of a game played with choices drawn as ``golden_game.golden_transcript``."""
    state = new_game(setup)
    chooser = prng.seed_state(setup["seed"])
    step = 0
    while not state.game_over and step < max_steps:
        options = legal_actions(state)
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick], check=False)
        step += 1
    return state.log


def games(random_count: int = 0) -> Iterator[tuple[str, dict]]:
    """(name, setup) of the golden Automa games, or of ``random_count`` random games."""
    if random_count:
        for seed in range(random_count):
            yield f"random{seed}", random_setup(seed)
    else:
        yield from sorted(AUTOMA_GOLDEN_SETUPS.items())


def log_lines(name: str, log: list[dict], wording: Wording) -> Iterator[str]:
    """One line per Automa log entry: game, index in the log, English, Dutch."""
    for index, entry in enumerate(log):
        if entry.get("event") == "automa":
            yield f"{name}\t{index}\t{wording(entry, 'en')}\t{wording(entry, 'nl')}"


def all_lines(wording: Wording, random_count: int = 0) -> Iterator[str]:
    for name, setup in games(random_count):
        yield from log_lines(name, play_log(setup), wording)


def game_digests(wording: Wording, random_count: int) -> Iterator[str]:
    """One line per random game: its name and a hash of all its Automa lines."""
    for name, setup in games(random_count):
        text = "".join(line + "\n" for line in log_lines(name, play_log(setup), wording))
        yield f"{name}\t{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def main(argv: list[str]) -> None:
    """``[--random N [--digests]] OUT``: write the lines (or per-game digests) to OUT."""
    random_count, digests = 0, False
    if argv[:1] == ["--random"]:
        random_count, argv = int(argv[1]), argv[2:]
    if argv[:1] == ["--digests"]:
        digests, argv = True, argv[1:]
    if digests:
        lines = game_digests(describe_event, random_count)
    else:
        lines = all_lines(describe_event, random_count)
    Path(argv[0]).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
