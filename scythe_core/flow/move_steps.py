"""A Move: choose a unit, step it (carrying workers and resources), then what follows.

The mat's Move asks for units one by one (``move``, then ``move_unit`` steps); the
Factory card's Move moves one unit up to two times with the same ``move_unit``
steps. Both are followed by :data:`sequences.AFTER_MOVE`.
"""

from __future__ import annotations

from ..model.actions import format_unit_pick, parse_unit_pick, parse_unit_step
from ..model.state import GameState
from ..rules.top_actions import (
    drive_out_workers_after_move,
    movable_units,
    move_unit_options,
    start_unit_move,
    step_unit,
    update_cargo,
)
from .sequences import AFTER_MOVE, AFTER_UNIT
from .steps import Step, decision, sequence


def legal_move(state: GameState) -> list[str]:
    return sorted(format_unit_pick(u) for u in movable_units(state)) + ["done"]


def apply_move(state: GameState, action: str) -> list[Step]:
    if action == "done":
        return []
    uid = parse_unit_pick(action)
    unit_move = decision(state.active_seat, "move_unit", **start_unit_move(state, uid))
    return [unit_move, *sequence(AFTER_UNIT, unit=uid)]


def legal_move_unit(state: GameState) -> list[str]:
    return move_unit_options(state, state.pending)


def apply_move_unit(state: GameState, action: str) -> list[Step]:
    """Load or drop (the same unit goes on), stop, or one step (it may go on)."""
    pending = state.pending
    verb, arg = parse_unit_step(action)
    if verb in ("load", "drop"):
        update_cargo(state, pending, verb, arg)
        return [pending]
    if verb == "stop":
        return []
    goes_on = step_unit(state, pending, arg)
    return [pending] if goes_on else []


def unit_moved(state: GameState, step: Step) -> list[Step]:
    """A unit's move is over: the next unit, while the Move allows one more."""
    state.turn["moved"].append(step["unit"])
    state.turn["moves_left"] -= 1
    if state.turn["moves_left"] <= 0 or not movable_units(state):
        return []
    return [decision(state.active_seat, "move")]


def drive_out_workers(state: GameState, step: Step) -> list[Step]:
    drive_out_workers_after_move(state)
    return []


# --- the Factory card's Move ----------------------------------------------------


def legal_factory_bottom(state: GameState) -> list[str]:
    return [format_unit_pick(u) for u in movable_units(state)] + ["skip"]


def apply_factory_bottom(state: GameState, action: str) -> list[Step]:
    """Move one unit up to two times: one step more than a mat Move gives it."""
    if action == "skip":
        return []
    uid = parse_unit_pick(action)
    state.turn["moved"] = []
    state.turn["moves_left"] = 1
    first = decision(state.active_seat, "move_unit", **start_unit_move(state, uid))
    first["steps_left"] += 1
    return [first, *sequence(AFTER_UNIT, unit=uid), *sequence(AFTER_MOVE)]


AUTO_STEPS = {
    "unit_moved": unit_moved,
    "drive_out_workers": drive_out_workers,
}
DECISIONS = {
    "move": (legal_move, apply_move),
    "move_unit": (legal_move_unit, apply_move_unit),
    "factory_bottom": (legal_factory_bottom, apply_factory_bottom),
}
