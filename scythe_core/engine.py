"""The public rules API: who decides, what is legal, and applying a choice."""

from __future__ import annotations

from .flow.scheduler import decide, is_legal, legal_choices
from .model.annotation import ANNOTATION_MARK, AnnotationError, read_annotation
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
    """Apply a choice to this very state (used by replays and simulations).

    A bot seat's choice may carry its reason (``model.annotation``: ``section:2|gathers``);
    the history keeps it with the action and the log gets it as a ``bot`` event before
    the action's own events. A reason not on the list, or on a decision that is not a
    bot's, is refused (``AnnotationError``, an ``IllegalActionError``)."""
    decided, reason = action, None
    if ANNOTATION_MARK in action:
        decided, reason = _reason_entry(state, action)
    if check and (state.game_over or not is_legal(state, decided)):
        raise IllegalActionError(
            f"{decided!r} is not legal now (pending: {state.pending.get('kind')})"
        )
    state.history.append(action)
    if reason is not None:
        state.log.append(reason)
    decide(state, decided)


def _reason_entry(state: GameState, action: str) -> tuple[str, dict]:
    """The action and the log entry of an annotated choice (checked as untrusted)."""
    decided, _, text = action.partition(ANNOTATION_MARK)
    seat = to_move(state)
    player = state.players[seat] if isinstance(seat, int) else None
    if player is None or player.controller != "bot" or not player.level:
        raise AnnotationError("only a bot seat's decision carries a bot's reason")
    code, params = read_annotation(text)
    entry: dict = {"seat": seat, "event": "bot", "code": code}
    if params:
        entry["params"] = params
    return decided, entry


def apply(state: GameState, action: str) -> GameState:
    """Return the state after the choice; the given state is left unchanged."""
    if not isinstance(action, str):
        raise IllegalActionError(f"an action is a string, not {type(action).__name__}")
    new = state.copy()
    apply_in_place(new, action)
    return new
