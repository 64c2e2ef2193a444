"""The turn: choose a section, then its top action, then its bottom action.

Each pending decision kind has a ``legal_<kind>`` function listing canonical
action strings and an ``apply_<kind>`` function that performs one of them.
"""

from __future__ import annotations

from .data import FACTIONS, mat_section
from .economy import award_stars_after_action
from .state import GameState


def begin_turn(state: GameState) -> None:
    """Start the active seat's turn: it must choose a section."""
    state.turn = {}
    # The whole Automa turn is one decision with one action, "automa:play".
    kind = "automa_turn" if state.active.controller == "automa" else "section"
    state.pending = {"seat": state.active_seat, "kind": kind}


def legal_section(state: GameState) -> list[str]:
    player = state.active
    relentless = FACTIONS[player.faction]["ability"] == "relentless"
    sections = range(5 if player.factory_card else 4)
    return [f"section:{i}" for i in sections if relentless or i != player.last_section]


def apply_section(state: GameState, action: str) -> None:
    index = int(action.split(":")[1])
    player = state.active
    player.last_section = index
    state.turn = {"section": index, "coercion_used": False, "log_start": len(state.log)}
    if index == 4:
        from .factory import begin_factory_section

        begin_factory_section(state)
        return
    top, bottom, _, _, _ = mat_section(player.mat, index)
    state.turn["top"] = top
    state.turn["bottom"] = bottom
    state.pending = {"seat": player.seat, "kind": "top", "action": top}


def legal_top(state: GameState) -> list[str]:
    from .top_actions import top_options

    return top_options(state) + ["skip"]


def apply_top(state: GameState, action: str) -> None:
    if action == "skip":
        begin_bottom(state)
        return
    from .top_actions import perform_top

    perform_top(state, action)


def after_top(state: GameState) -> None:
    """The top action (with any combats, encounter and Factory visit) is finished."""
    award_stars_after_action(state)
    if state.game_over:
        return
    begin_bottom(state)


def begin_bottom(state: GameState) -> None:
    state.pending = {
        "seat": state.active_seat,
        "kind": "bottom",
        "action": state.turn.get("bottom"),
    }
    if not state.turn.get("bottom"):
        end_turn(state)


def legal_bottom(state: GameState) -> list[str]:
    from .bottom_actions import bottom_options

    return bottom_options(state) + ["skip"]


def apply_bottom(state: GameState, action: str) -> None:
    if action == "skip":
        end_turn(state)
        return
    from .bottom_actions import start_bottom

    start_bottom(state, action)


def end_turn(state: GameState) -> None:
    """Pass the turn clockwise; a new round starts when the first player is next."""
    if state.game_over:
        return
    from .objectives import offer_reveal_before_turn_ends

    if offer_reveal_before_turn_ends(state):
        return
    state.turns_taken += 1
    state.turn_index = (state.turn_index + 1) % len(state.turn_order)
    if state.turn_index == 0:
        state.round += 1
    begin_turn(state)
