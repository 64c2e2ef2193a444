"""Encounters, the Factory (first visit, its card's top action) and card benefits."""

from __future__ import annotations

from ..model.actions import parse_number
from ..model.state import GameState
from ..rules.economy import award_stars
from ..rules.encounters import (
    begin_encounter,
    encounter_options,
    legal_benefit_parts,
    may_take_another_option,
    pay_encounter_option,
    prune_benefit,
    return_encounter_card,
    take_all_automatic,
    take_benefit_part,
)
from ..rules.factory import (
    factory_card_benefit,
    factory_top_options,
    first_factory_visit,
    pay_factory_card_cost,
    pay_factory_unit,
    payment_options,
    take_factory_card,
)
from ..rules.top_actions import production_queue
from .sequences import ENCOUNTER_OPTION
from .steps import Step, auto, decision, sequence

# --- encounters ----------------------------------------------------------------


def encounter(state: GameState, step: Step) -> list[Step]:
    """A character standing on an encounter token draws a card; then it goes back."""
    card = begin_encounter(state)
    if card is None:
        return []
    return [decision(state.active_seat, "encounter", card=card), auto("finish_encounter")]


def legal_encounter(state: GameState) -> list[str]:
    return encounter_options(state)


def apply_encounter(state: GameState, action: str) -> list[Step]:
    if action == "done":
        return []
    gain = pay_encounter_option(state, parse_number(action))
    benefit = benefit_step(state, "encounter", [gain], at=state.turn["encounter"]["hex"])
    return sequence(ENCOUNTER_OPTION, benefit=benefit)


def encounter_again(state: GameState, step: Step) -> list[Step]:
    """Meander: after the first option, a second one may follow.

    A goal reached with the first option earns its star at once (a star is placed when
    the goal is reached), before the second option's cost could take the popularity or
    power away again. A sixth star ends the game there."""
    if not may_take_another_option(state):
        return []
    card = state.turn["encounter"]["card"]
    return [auto("active_stars"), decision(state.active_seat, "encounter", card=card)]


def active_stars(state: GameState, step: Step) -> list[Step]:
    award_stars(state, state.active_seat)
    return []


def finish_encounter(state: GameState, step: Step) -> list[Step]:
    return_encounter_card(state)
    return []


# --- a card's benefit, part by part ----------------------------------------------


def benefit_step(state: GameState, source: str, choose: list, at: str | None) -> Step:
    """A benefit to take part by part: ``choose`` lists alternatives of (kind, amount).

    ``at`` is where resources, workers, structures and mechs go (an encounter's
    territory); None means the usual places (territories with one of your workers)."""
    parts = [[[kind, n] for kind, n in alt] for alt in choose]
    return decision(state.active_seat, "benefit", source=source, at=at, choose=parts)


def offer_benefit(state: GameState, step: Step) -> list[Step]:
    """Ask for the next part of a benefit; nothing when none is left to take."""
    benefit = step["benefit"]
    return [benefit] if prune_benefit(state, benefit) else []


def legal_benefit(state: GameState) -> list[str]:
    return legal_benefit_parts(state, state.pending)


def apply_benefit(state: GameState, action: str) -> list[Step]:
    benefit = state.pending
    if action == "done":
        return []
    again = auto("offer_benefit", benefit=benefit)
    if action == "all":
        take_all_automatic(state, benefit)
        return [again]
    produce_on = take_benefit_part(state, benefit, action)
    if produce_on is None:
        return [again]
    # Each of the player's workers there may produce once (no Mill, no cost), asked
    # as on the mat; the benefit's question comes back afterwards.
    queue = production_queue(state.active, produce_on, None)
    return [auto("produce", queue=queue), again]


# --- the Factory -------------------------------------------------------------------


def factory_visit(state: GameState, step: Step) -> list[Step]:
    """The character ends a Move on the Factory for the first time: keep a card."""
    if not first_factory_visit(state):
        return []
    return [decision(state.active_seat, "factory_pick")]


def legal_factory_pick(state: GameState) -> list[str]:
    return [f"factory:{n}" for n in state.factory_deck]


def apply_factory_pick(state: GameState, action: str) -> list[Step]:
    take_factory_card(state, parse_number(action))
    return []


def legal_factory_top(state: GameState) -> list[str]:
    return factory_top_options(state)


def apply_factory_top(state: GameState, action: str) -> list[Step]:
    """Pay the card's cost (tracks at once, cards and resources one by one), then gain."""
    if action == "skip":
        return []
    pay_factory_card_cost(state)
    benefit = benefit_step(state, "factory", factory_card_benefit(state), at=None)
    return [auto("factory_payment"), auto("offer_benefit", benefit=benefit)]


def factory_payment(state: GameState, step: Step) -> list[Step]:
    """Pay by itself while only one way is left; otherwise ask."""
    while state.turn["factory_pay"]["queue"]:
        options = payment_options(state)
        if len(options) != 1:
            return [decision(state.active_seat, "factory_pay"), step]
        pay_factory_unit(state, options[0])
    del state.turn["factory_pay"]
    return []


def legal_factory_pay(state: GameState) -> list[str]:
    return payment_options(state)


def apply_factory_pay(state: GameState, action: str) -> list[Step]:
    pay_factory_unit(state, action)
    return []


AUTO_STEPS = {
    "encounter": encounter,
    "encounter_again": encounter_again,
    "active_stars": active_stars,
    "finish_encounter": finish_encounter,
    "offer_benefit": offer_benefit,
    "factory_visit": factory_visit,
    "factory_payment": factory_payment,
}
DECISIONS = {
    "encounter": (legal_encounter, apply_encounter),
    "benefit": (legal_benefit, apply_benefit),
    "factory_pick": (legal_factory_pick, apply_factory_pick),
    "factory_top": (legal_factory_top, apply_factory_top),
    "factory_pay": (legal_factory_pay, apply_factory_pay),
}
