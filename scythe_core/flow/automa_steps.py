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
    move_row_symbol,
    pay_card_recruit_bonus,
    take_card_gains,
)
from ..model.actions import AUTOMA_PLAY
from ..model.state import GameState
from .sequences import AFTER_AUTOMA_COMBAT, AUTOMA_ROWS, COMBAT
from .steps import Step, sequence


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
    take_card_gains(state)
    return []


def automa_recruit_bonus(state: GameState, step: Step) -> list[Step]:
    pay_card_recruit_bonus(state)
    return []


def automa_star_card(state: GameState, step: Step) -> list[Step]:
    if card_has_star(state):
        advance_star_card_of(state)
    else:
        explain_no_star(state)
    return []


AUTO_STEPS = {
    "automa_move_row": automa_move_row,
    "automa_after_combat": automa_after_combat,
    "automa_end_move_row": automa_end_move_row,
    "automa_gains": automa_gains,
    "automa_recruit_bonus": automa_recruit_bonus,
    "automa_star_card": automa_star_card,
}
DECISIONS = {"automa_turn": (legal_automa_turn, apply_automa_turn)}
