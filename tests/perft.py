"""Perft for Scythe: count decision sequences of a given depth from fixed positions."""

from __future__ import annotations

from scythe_core import apply, legal_actions, new_game
from scythe_core.engine import apply_in_place


def position(setup: dict | None, actions: list[str], link: str | None = None):
    """A position from a setup and actions, or from a game link."""
    if link:
        from scythe_core.io.links import decode_link

        return decode_link(link)
    state = new_game(setup)
    for action in actions:
        apply_in_place(state, action)
    return state


def perft(state, depth: int) -> int:
    if depth == 0 or state.game_over:
        return 1
    return sum(perft(apply(state, a), depth - 1) for a in legal_actions(state))


def divide(state, depth: int) -> dict[str, int]:
    """Per-first-action breakdown, printed on mismatch."""
    return {a: perft(apply(state, a), depth - 1) for a in legal_actions(state)}
