"""The turn: choose a section, its top and bottom actions, stars, the end of the turn."""

from __future__ import annotations

from ..data.components import mat_section
from ..model.actions import format_section, parse_section
from ..model.seats import has_faction_ability, seat_rules
from ..model.state import GameState
from ..rules.economy import award_stars_after_action
from ..rules.objectives import offer_reveal_before_turn_ends
from .sequences import SECTION, TURN
from .steps import Step, decision, sequence


def begin_turn(state: GameState) -> list[Step]:
    """The active seat's turn: choose a section (the Automa: play its card), then end."""
    state.turn = {}
    return sequence(TURN)


def ask_section(state: GameState, step: Step) -> list[Step]:
    # The whole Automa turn is one decision with one action, AUTOMA_PLAY ("automa:play").
    kind = "automa_turn" if seat_rules(state.active).plays_cards else "section"
    return [decision(state.active_seat, kind)]


#: "section:0" to "section:4" (the Factory card), formatted once.
SECTION_CHOICES = tuple(format_section(i) for i in range(5))


def legal_section(state: GameState) -> list[str]:
    player = state.active
    choices = SECTION_CHOICES if player.factory_card else SECTION_CHOICES[:4]
    last = player.last_section
    if last is None or last >= len(choices) or has_faction_ability(player, "relentless"):
        return list(choices)
    return [choice for i, choice in enumerate(choices) if i != last]


def apply_section(state: GameState, action: str) -> list[Step]:
    index = parse_section(action)
    player = state.active
    player.last_section = index
    state.turn = {"section": index, "coercion_used": False, "log_start": len(state.log)}
    if index == 4:
        # The Factory card: its top action, then its Move as the bottom action.
        state.turn["top"], state.turn["bottom"] = "factory", "factory_move"
    else:
        top, bottom, _, _, _ = mat_section(player.mat, index)
        state.turn["top"], state.turn["bottom"] = top, bottom
    return sequence(SECTION)


def ask_top(state: GameState, step: Step) -> list[Step]:
    seat = state.active_seat
    if state.turn["top"] == "factory":
        return [decision(seat, "factory_top", card=state.active.factory_card)]
    return [decision(seat, "top", action=state.turn["top"])]


def ask_bottom(state: GameState, step: Step) -> list[Step]:
    bottom = state.turn.get("bottom")
    if bottom == "factory_move":
        return [decision(state.active_seat, "factory_bottom")]
    if not bottom:
        return []
    return [decision(state.active_seat, "bottom", action=bottom)]


def stars(state: GameState, step: Step) -> list[Step]:
    """Stars for the active player first, then for the others clockwise."""
    award_stars_after_action(state)
    return []


def offer_objective(state: GameState, step: Step) -> list[Step]:
    """After the last action a met objective may still be revealed: ask once."""
    if offer_reveal_before_turn_ends(state):
        return [decision(state.active_seat, "turn_end")]
    return []


def legal_turn_end(state: GameState) -> list[str]:
    return ["end_turn"]


def apply_turn_end(state: GameState, action: str) -> list[Step]:
    return []


def end_turn(state: GameState, step: Step) -> list[Step]:
    """Pass the turn clockwise; a new round starts when the first player is next."""
    state.turns_taken += 1
    state.turn_index = (state.turn_index + 1) % len(state.turn_order)
    if state.turn_index == 0:
        state.round += 1
    return begin_turn(state)


AUTO_STEPS = {
    "ask_section": ask_section,
    "ask_top": ask_top,
    "ask_bottom": ask_bottom,
    "stars": stars,
    "offer_objective": offer_objective,
    "end_turn": end_turn,
}
DECISIONS = {
    "section": (legal_section, apply_section),
    "turn_end": (legal_turn_end, apply_turn_end),
}
