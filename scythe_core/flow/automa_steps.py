"""The Automa's turn as steps: draw a card, its move row, gains, recruit bonus, stars.

A combat the Automa starts is put on the stack above the rest of its card
(:data:`sequences.AFTER_AUTOMA_COMBAT`, then gains and the rest)."""

from __future__ import annotations

from ..automa.turn import (
    advance_star_card_of,
    after_automa_combat,
    card_has_star,
    draw_turn_card,
    end_move_row,
    explain_no_star,
    gains_of_card,
    move_row_symbol,
    pay_card_recruit_bonus,
    switch_plans,
    take_card_gain,
)
from ..model.actions import AUTOMA_PLAY
from ..model.state import GameState
from .sequences import AFTER_AUTOMA_COMBAT, AUTOMA_ROWS, COMBAT
from .steps import Step, auto, sequence


def legal_automa_turn(state: GameState) -> list[str]:
    return [AUTOMA_PLAY]


def apply_automa_turn(state: GameState, action: str) -> list[Step]:
    """Draw the card; the Autometta's skip symbol skips the whole turn."""
    skips = draw_turn_card(state)
    return [] if skips else sequence(AUTOMA_ROWS)


def automa_move_row(state: GameState, step: Step) -> list[Step]:
    """Try the symbols left to right; a combat comes before the rest of the row."""
    combat_at = move_row_symbol(state)
    if combat_at is None:
        return []
    return [*sequence(COMBAT, hex=combat_at), *sequence(AFTER_AUTOMA_COMBAT)]


def automa_after_combat(state: GameState, step: Step) -> list[Step]:
    after_automa_combat(state)
    return []


def automa_end_move_row(state: GameState, step: Step) -> list[Step]:
    end_move_row(state)
    return []


def automa_gains(state: GameState, step: Step) -> list[Step]:
    """Each symbol of the gains row is a step of its own (a sixth star stops the rest)."""
    return [auto("automa_gain", what=what, amount=n) for what, n in gains_of_card(state)]


def automa_gain(state: GameState, step: Step) -> list[Step]:
    take_card_gain(state, step["what"], step["amount"])
    return []


def automa_recruit_bonus(state: GameState, step: Step) -> list[Step]:
    pay_card_recruit_bonus(state)
    return []


def automa_star_card(state: GameState, step: Step) -> list[Step]:
    if not card_has_star(state):
        explain_no_star(state)
        return []
    return [auto("automa_plan_switch")] if advance_star_card_of(state) else []


def automa_plan_switch(state: GameState, step: Step) -> list[Step]:
    """The first star from the star card: all cards reshuffled, Plan II from now on."""
    switch_plans(state)
    return []


AUTO_STEPS = {
    "automa_move_row": automa_move_row,
    "automa_after_combat": automa_after_combat,
    "automa_end_move_row": automa_end_move_row,
    "automa_gains": automa_gains,
    "automa_gain": automa_gain,
    "automa_plan_switch": automa_plan_switch,
    "automa_recruit_bonus": automa_recruit_bonus,
    "automa_star_card": automa_star_card,
}
DECISIONS = {"automa_turn": (legal_automa_turn, apply_automa_turn)}
