"""The Factory: the first visit's card, and that card as a fifth mat section.

When a Move is completely over (after combats and an encounter) and the
character stands on the Factory without a Factory card, the player looks at the
cards set aside (``factory_deck``) and keeps one for good ("factory:<n>").

The card's top action pays its cost and grants its benefit with no mat cost,
coins, structure or ongoing recruit bonuses; its bottom action moves one unit up
to two times (three for the character or a mech with Speed), with every normal
movement rule, followed by combats and an encounter as after any Move.

Decisions: ``factory_pick``; ``factory_top`` ("take" or "skip"); ``factory_pay``
("pay:card:<value>" for a combat card, "pay:<resource>@<hex>" for a resource);
``benefit`` (see :mod:`scythe_core.rules.encounters`); ``factory_bottom``
("unit:<id>" or "skip"), then the usual ``move_unit`` steps.
"""

from __future__ import annotations

from ..data.board import FACTORY
from ..data.cards import FACTORY as FACTORY_CARDS
from ..data.components import RESOURCES
from ..model.actions import parse_pay
from ..model.state import GameState, Player
from .bottom_actions import coercion_available
from .economy import gain_popularity

TRACK_COSTS = ("coins", "popularity", "power")

# --- the first visit ---------------------------------------------------------


def first_factory_visit(state: GameState) -> bool:
    """Whether the active character ends a Move on the Factory without a card yet."""
    player = state.active
    if player.character != FACTORY or player.factory_card is not None:
        return False
    return bool(state.factory_deck)


def take_factory_card(state: GameState, card: int) -> None:
    player = state.active
    state.factory_deck.remove(card)
    player.factory_card = card
    state.log.append({"seat": player.seat, "event": "factory_card", "card": card})


# --- the top action ----------------------------------------------------------


def _controlled_types(state: GameState, player: Player) -> int:
    return sum(1 for n in state.controlled_resources(player.seat).values() if n)


def can_pay(state: GameState, player: Player, cost: dict) -> bool:
    """Whether the whole cost of a Factory card can be paid now."""
    for kind in TRACK_COSTS:
        if getattr(player, kind) < cost.get(kind, 0):
            return False
    if len(player.combat_cards) < cost.get("cards", 0):
        return False
    coerce = 1 if coercion_available(state, player) else 0
    have = sum(state.controlled_resources(player.seat).values())
    types = _controlled_types(state, player)
    return have + coerce >= cost.get("resources", 0) and types + coerce >= cost.get("different", 0)


def factory_top_options(state: GameState) -> list[str]:
    player = state.active
    options = ["skip"]
    if can_pay(state, player, FACTORY_CARDS[player.factory_card]["cost"]):
        options.append("take")
    return options


def pay_factory_card_cost(state: GameState) -> None:
    """Pay the track costs at once; queue the cards and resources to pay one by one."""
    player = state.active
    cost = FACTORY_CARDS[player.factory_card]["cost"]
    player.coins -= cost.get("coins", 0)
    player.power -= cost.get("power", 0)
    gain_popularity(player, -cost.get("popularity", 0))
    queue = []
    for kind in ("cards", "resources", "different"):
        queue += [kind] * cost.get(kind, 0)
    state.turn["factory_pay"] = {"queue": queue, "types": []}


def factory_card_benefit(state: GameState) -> list:
    return FACTORY_CARDS[state.active.factory_card]["choose"]


def payment_options(state: GameState) -> list[str]:
    player = state.active
    paying = state.turn["factory_pay"]
    unit = paying["queue"][0]
    if unit == "cards":
        return [f"pay:card:{v}" for v in sorted(set(player.combat_cards))]
    types = [r for r in RESOURCES if r not in paying["types"]] if unit == "different" else RESOURCES
    options = [
        f"pay:{r}@{h}"
        for h in state.controlled_territories(player.seat)
        for r in types
        if state.resources_at(h).get(r)
    ]
    if coercion_available(state, player):
        options += [f"pay:card:{v}" for v in sorted(set(player.combat_cards))]
    return sorted(options)


def pay_factory_unit(state: GameState, action: str) -> None:
    """Pay the next unit of the cost: a combat card, or a resource from a territory."""
    player = state.active
    paying = state.turn["factory_pay"]
    unit = paying["queue"].pop(0)
    payment = parse_pay(action)
    if payment.card is not None:
        player.combat_cards.remove(payment.card)
        state.combat_discard.append(payment.card)
        if unit != "cards":
            state.turn["coercion_used"] = True
    else:
        state.add_resource(payment.hex, payment.resource, -1)
        paying["types"].append(payment.resource)
