"""The public rules API: who decides, what is legal, and applying a choice."""

from __future__ import annotations

from . import automa, bottom_actions, combat, encounters, factory, objectives, top_actions, turn
from .state import GameState, IllegalActionError

#: Pending decision kind -> (legal actions, apply one).
HANDLERS: dict = {
    "section": (turn.legal_section, turn.apply_section),
    "top": (turn.legal_top, turn.apply_top),
    "move": (top_actions.legal_move, top_actions.apply_move),
    "move_unit": (top_actions.legal_move_unit, top_actions.apply_move_unit),
    "trade_place": (top_actions.legal_trade_place, top_actions.apply_trade_place),
    "produce_amounts": (top_actions.legal_produce_amounts, top_actions.apply_produce_amounts),
    "bottom": (turn.legal_bottom, turn.apply_bottom),
    "pay": (bottom_actions.legal_pay, bottom_actions.apply_pay),
    "bottom_coins": (bottom_actions.legal_bottom_coins, bottom_actions.apply_bottom_coins),
    "combat_order": (combat.legal_combat_order, combat.apply_combat_order),
    "combat_commit": (combat.legal_combat_commit, combat.apply_combat_commit),
    "artillery": (combat.legal_artillery, combat.apply_artillery),
    "retreat": (combat.legal_retreat, combat.apply_retreat),
}
HANDLERS.update(encounters.HANDLERS)
HANDLERS.update(factory.HANDLERS)
HANDLERS["automa_turn"] = (automa.legal_automa_turn, automa.apply_automa_turn)
HANDLERS.update(objectives.HANDLERS)


def to_move(state: GameState) -> int | None:
    """The seat that must decide now, or None when the game is over."""
    if state.game_over:
        return None
    return state.pending.get("seat")


def legal_actions(state: GameState) -> list[str]:
    """Every legal choice for the pending decision, sorted; empty when the game is over."""
    if state.game_over:
        return []
    legal, _ = HANDLERS[state.pending["kind"]]
    # A met objective may be revealed at any decision of the active player's turn.
    return sorted(set(legal(state)) | set(objectives.reveal_options(state)))


def apply_in_place(state: GameState, action: str, check: bool = True) -> None:
    """Apply a choice to this very state (used by replays and simulations)."""
    if check and action not in legal_actions(state):
        raise IllegalActionError(
            f"{action!r} is not legal now (pending: {state.pending.get('kind')})"
        )
    _, perform = HANDLERS[state.pending["kind"]]
    if objectives.is_reveal(action):
        perform = objectives.apply_reveal
    state.history.append(action)
    perform(state, action)


def apply(state: GameState, action: str) -> GameState:
    """Return the state after the choice; the given state is left unchanged."""
    if not isinstance(action, str):
        raise IllegalActionError(f"an action is a string, not {type(action).__name__}")
    new = state.copy()
    apply_in_place(new, action)
    return new
