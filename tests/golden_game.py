"""Golden playthroughs: seeded games written as text, step by step.

Each step prints the board summary, the seat and kind of the pending decision, every
legal choice, the choice made (drawn from a PRNG seeded by the setup's seed) and a
digest of the game's content (players, board, decks, random state, round; the flow
bookkeeping and the log are left out, so the engine may change how it schedules play
but never what the game is).

Regenerate after an intended rules change with:
    SCYTHE_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import hashlib
import json

from scythe_core import legal_actions, new_game
from scythe_core.engine import apply_in_place
from scythe_core.model import rng as prng
from scythe_core.model.state import state_to_dict

GOLDEN_SETUP = {
    "seed": 2384,
    "seats": [
        {"faction": "nordic", "mat": "mechanical"},
        {"faction": "crimea", "mat": "engineering"},
    ],
}

#: Golden games of the Automa (each level once, solo) and of a 4-seat table with two
#: Automas: file stem -> setup.
AUTOMA_GOLDEN_SETUPS: dict[str, dict] = {
    **{
        f"solo_{level}_seed{seed}": {
            "seed": seed,
            "seats": [{}, {"controller": "automa", "level": level}],
        }
        # Seeds picked for games with combats, an encounter and a Factory card.
        for level, seed in [
            ("autometta", 362),
            ("automa", 189),
            ("automaszyna", 255),
            ("ultimaszyna", 275),
        ]
    },
    "four_seat_two_automas_seed22": {
        "seed": 22,
        "seats": [
            {},
            {"controller": "automa", "level": "automaszyna"},
            {},
            {"controller": "automa", "level": "automa"},
        ],
    },
}

#: State fields that say how play is scheduled or recorded, not what the game is.
FLOW_FIELDS = ("pending", "turn", "history", "log", "flow", "setup")


def summary(state) -> str:
    parts = [f"round {state.round}"]
    for p in state.players:
        parts.append(
            f"{p.faction[:3]} pow{p.power} pop{p.popularity} ${p.coins} "
            f"cards{len(p.combat_cards)} stars{p.star_count} "
            f"W{p.workers_on_board()} M{len(p.mechs)} S{len(p.structures)} R{len(p.recruits)} "
            f"U{len(p.upgraded_top)} C@{p.character}"
        )
    return " | ".join(parts)


def content_digest(state) -> str:
    """A short hash of everything that is the game itself (see the module doc)."""
    content = {k: v for k, v in state_to_dict(state).items() if k not in FLOW_FIELDS}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def golden_transcript(
    setup: dict = GOLDEN_SETUP, max_steps: int = 5000, digests: bool = False
) -> str:
    state = new_game(setup)
    chooser = prng.seed_state(setup["seed"])
    lines = [f"setup {setup}"]
    step = 0
    while not state.game_over and step < max_steps:
        options = legal_actions(state)
        chooser, pick = prng.randbelow(chooser, len(options))
        choice = options[pick]
        head = f"# {step} {summary(state)}"
        lines.append(f"{head} #{content_digest(state)}" if digests else head)
        lines.append(f"  seat {state.pending['seat']} {state.pending['kind']}: {' '.join(options)}")
        lines.append(f"  -> {choice}")
        apply_in_place(state, choice)
        step += 1
    lines.append(f"end after {step} steps, game over: {state.game_over}")
    lines.append(summary(state))
    if digests:
        lines.append(f"digest {content_digest(state)}")
    return "\n".join(lines) + "\n"
