"""What follows a Move: combats, then an encounter, then a first Factory visit."""

from __future__ import annotations

from .combat import begin_combats
from .state import GameState


def resolve_after_move(state: GameState) -> None:
    state.pending = {"seat": state.active_seat, "kind": "aftermath"}
    if begin_combats(state):
        return
    continue_after_combat(state)


def continue_after_combat(state: GameState) -> None:
    """Called after each combat and when there was none."""
    if state.turn.get("combats_left"):
        from .combat import _next_combat

        _next_combat(state)
        return
    from .encounters import begin_encounter_if_any

    if begin_encounter_if_any(state):
        return
    continue_after_encounter(state)


def continue_after_encounter(state: GameState) -> None:
    from .factory import begin_factory_visit_if_any

    if begin_factory_visit_if_any(state):
        return
    finish_move_action(state)


def finish_move_action(state: GameState) -> None:
    """The Move is over with all it brought: a top-row Move, or a Factory card's bottom Move."""
    if state.turn.get("factory_move"):
        from .factory import finish_factory_move

        finish_factory_move(state)
        return
    from .turn import after_top

    after_top(state)
