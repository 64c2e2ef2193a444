"""The public rules API: who decides, what is legal, and applying a choice."""

from __future__ import annotations

from .flow.scheduler import decide, is_legal, legal_choices
from .model.state import GameState, IllegalActionError


def to_move(state: GameState) -> int | None:
    """The seat that must decide now, or None when the game is over."""
    if state.game_over:
        return None
    return state.pending.get("seat")


def legal_actions(state: GameState) -> list[str]:
    """Every legal choice for the pending decision, sorted; empty when the game is over."""
    if state.game_over:
        return []
    return legal_choices(state)


def apply_in_place(state: GameState, action: str, check: bool = True) -> None:
    """Apply a choice to this very state (used by replays and simulations)."""
    if check and (state.game_over or not is_legal(state, action)):
        raise IllegalActionError(
            f"{action!r} is not legal now (pending: {state.pending.get('kind')})"
        )
    state.history.append(action)
    decide(state, action)


def apply(state: GameState, action: str) -> GameState:
    """Return the state after the choice; the given state is left unchanged."""
    if not isinstance(action, str):
        raise IllegalActionError(f"an action is a string, not {type(action).__name__}")
    new = state.copy()
    apply_in_place(new, action)
    return new
