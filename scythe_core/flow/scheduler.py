"""The scheduler: runs automatic steps until a decision is on top of the stack.

``state.flow`` is the stack of steps still to come (its end is the top) and
``state.pending`` the decision being waited for. Applying a choice runs the
decision's handler, which returns the steps that follow it; the scheduler pushes
them and runs automatic steps until the next decision. The end of the game is
checked here and only here: after every step, and once over, the clean-up runs
once (units moved onto enemies in an unfinished Move go back; nothing else runs).
"""

from __future__ import annotations

from collections.abc import Callable

from ..model.actions import is_objective_reveal
from ..model.state import GameState
from ..rules.combat import undo_unresolved_moves
from ..rules.objectives import apply_reveal, reveal_options
from . import action_steps, automa_steps, card_steps, combat_steps, move_steps, turn_steps
from .steps import Step

AutoStep = Callable[[GameState, Step], list[Step]]
Legal = Callable[[GameState], list[str]]
Apply = Callable[[GameState, str], list[Step]]

_STEP_MODULES = (turn_steps, action_steps, move_steps, combat_steps, card_steps, automa_steps)
#: Automatic step name -> its function.
AUTO_STEPS: dict[str, AutoStep] = {
    name: run for module in _STEP_MODULES for name, run in module.AUTO_STEPS.items()
}
#: Decision kind -> (its legal choices, apply one choice).
DECISIONS: dict[str, tuple[Legal, Apply]] = {
    kind: handlers for module in _STEP_MODULES for kind, handlers in module.DECISIONS.items()
}


def push(state: GameState, steps: list[Step]) -> None:
    """Put steps on top of the stack so that the first of them runs first."""
    state.flow.extend(reversed(steps))


def advance(state: GameState) -> None:
    """Run automatic steps until a decision is on top, or the game is over."""
    flow = state.flow
    while not state.game_over:
        step = flow.pop()
        if "kind" in step:  # is_decision, written out: this loop runs for every step
            state.pending = step
            return
        flow.extend(reversed(AUTO_STEPS[step["auto"]](state, step)))  # push
        flow = state.flow  # (a step may have replaced the stack)
    finish_game(state)


def finish_game(state: GameState) -> None:
    """The end-of-game clean-up, once: the rest of the turn never runs."""
    state.flow = []
    state.pending = {"kind": "game_over"}
    undo_unresolved_moves(state)


def begin_turn(state: GameState) -> None:
    """Start the active seat's turn afresh (a new game, or a test's set position)."""
    state.flow = []
    push(state, turn_steps.begin_turn(state))
    advance(state)


def legal_choices(state: GameState) -> list[str]:
    """The pending decision's choices, plus revealing a met objective (sorted)."""
    legal, _ = DECISIONS[state.pending["kind"]]
    memo_opened = state._memo is None
    if memo_opened:
        # Control, reach and the like worked out once for all of it (GameState.unchanging,
        # opened by hand: this runs at every decision).
        state._memo = {}
    try:
        options = set(legal(state))
        # A met objective may be revealed at any decision of the active player's turn.
        reveals = reveal_options(state)
        if reveals:
            options.update(reveals)
        return sorted(options)
    finally:
        if memo_opened:
            state._memo = None


def is_legal(state: GameState, action: str) -> bool:
    """Whether the action is one of :func:`legal_choices` (without working out the rest)."""
    legal, _ = DECISIONS[state.pending["kind"]]
    memo_opened = state._memo is None
    if memo_opened:
        state._memo = {}  # GameState.unchanging, opened by hand as in legal_choices
    try:
        if is_objective_reveal(action) and action in reveal_options(state):
            return True
        return action in legal(state)
    finally:
        if memo_opened:
            state._memo = None


def decide(state: GameState, action: str) -> None:
    """Apply one (legal) choice to the pending decision and run on to the next."""
    pending = state.pending
    if is_objective_reveal(action):
        apply_reveal(state, action)
        steps = [pending]  # the same decision is asked again
    else:
        _, apply = DECISIONS[pending["kind"]]
        steps = apply(state, action)
    state.pending = {}
    state.flow.extend(reversed(steps))  # push, written out: this runs for every decision
    advance(state)
