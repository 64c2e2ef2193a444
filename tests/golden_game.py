"""Golden playthrough: a seeded game written as text, step by step.

Regenerate after an intended rules change with:
    SCYTHE_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py
"""

from __future__ import annotations

from scythe_core import legal_actions, new_game
from scythe_core import rng as prng
from scythe_core.engine import apply_in_place

GOLDEN_SETUP = {
    "seed": 2384,
    "seats": [
        {"faction": "nordic", "mat": "mechanical"},
        {"faction": "crimea", "mat": "engineering"},
    ],
}


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


def golden_transcript(setup: dict = GOLDEN_SETUP, max_steps: int = 5000) -> str:
    state = new_game(setup)
    chooser = prng.seed_state(setup["seed"])
    lines = [f"setup {setup}"]
    step = 0
    while not state.game_over and step < max_steps:
        options = legal_actions(state)
        chooser, pick = prng.randbelow(chooser, len(options))
        choice = options[pick]
        lines.append(f"# {step} {summary(state)}")
        lines.append(f"  seat {state.pending['seat']} {state.pending['kind']}: {' '.join(options)}")
        lines.append(f"  -> {choice}")
        apply_in_place(state, choice)
        step += 1
    lines.append(f"end after {step} steps, game over: {state.game_over}")
    lines.append(summary(state))
    return "\n".join(lines) + "\n"
