"""Steps on the flow stack: plain JSON dicts, typed here.

A *decision* step waits for a seat: ``{"seat": 0, "kind": "move", ...}`` (the kind
names the handler; the other keys are what the page shows about it). An *automatic*
step runs by itself: ``{"auto": "combats", ...}``; its function returns the steps
that come next, in the order they run. Steps stay plain dicts so that the state
serialises to JSON as it is; the TypedDicts below say which keys each one has.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ..model.actions import DecisionKind

#: Every automatic step (one function each, in the flow's ``*_steps`` modules).
AutoStepName = Literal[
    "ask_section",
    "ask_top",
    "ask_bottom",
    "stars",
    "offer_objective",
    "end_turn",
    "produce",
    "pay_bottom",
    "bottom_effect",
    "recruit_bonuses",
    "unit_moved",
    "drive_out_workers",
    "combats",
    "next_combat",
    "start_combat",
    "combat_abilities",
    "combat_commits",
    "resolve_combat",
    "encounter",
    "encounter_again",
    "active_stars",
    "finish_encounter",
    "offer_benefit",
    "factory_visit",
    "factory_payment",
    "automa_move_row",
    "automa_after_combat",
    "automa_end_move_row",
    "automa_gains",
    "automa_gain",
    "automa_plan_switch",
    "automa_recruit_bonus",
    "automa_star_card",
]


class Decision(TypedDict):
    """What every decision has; the kinds below add their own keys."""

    seat: int
    kind: DecisionKind


class TopDecision(Decision):
    action: str  # the section's top action: "move", "trade", "bolster" or "produce"


class BottomDecision(Decision):
    action: str  # the section's bottom action: "upgrade", "deploy", "build" or "enlist"


class TradePlaceDecision(Decision):
    left: int  # resources still to place


class ProduceAmountsDecision(Decision):
    queue: list[list]  # [hex, product, producers] still to produce, this one first
    hex: str
    product: str  # a resource, or "worker"


class MoveUnitDecision(Decision):
    unit: str  # "character", "mech:<i>" or "worker:<i>"
    at: str
    steps_left: int
    stepped: bool
    cargo: dict[str, int]  # resources carried (they stay on the board step by step)
    passengers: list[str]  # workers carried by a mech


class CombatDecision(Decision):
    hex: str  # artillery, combat_commit and retreat


class CardDecision(Decision):
    card: int | None  # encounter and factory_top


class BenefitDecision(Decision):
    source: Literal["encounter", "factory"]
    at: str | None  # where resources and pieces go (an encounter's hex), or the usual places
    choose: list[list[list]]  # alternatives of [kind, amount] parts still to take


class PayDecision(Decision):
    resource: str
    left: int


class BottomCoinsDecision(Decision):
    action: str
    coins: int


class AutoStep(TypedDict):
    auto: AutoStepName
    # Parameters, by step: ``hex`` (COMBAT), ``unit`` (unit_moved), ``queue`` (produce),
    # ``action``/``resource``/``left`` (a bottom action), ``benefit`` (offer_benefit),
    # ``what``/``amount`` (automa_gain).
    hex: NotRequired[str]
    unit: NotRequired[str]
    queue: NotRequired[list[list]]
    action: NotRequired[str]
    resource: NotRequired[str]
    left: NotRequired[int]
    benefit: NotRequired[BenefitDecision]
    what: NotRequired[str]
    amount: NotRequired[int]


#: A step on the stack (the JSON shape; the TypedDicts above name the keys).
Step = dict


def decision(seat: int, kind: DecisionKind, **fields) -> Step:
    return {"seat": seat, "kind": kind, **fields}


def auto(name: AutoStepName, **params) -> Step:
    return {"auto": name, **params}


def sequence(names: tuple[AutoStepName, ...], **params) -> list[Step]:
    """Automatic steps for a sequence of step names, each with the same parameters."""
    if not params:
        return [{"auto": name} for name in names]
    return [{"auto": name, **params} for name in names]


def is_decision(step: Step) -> bool:
    return "kind" in step
