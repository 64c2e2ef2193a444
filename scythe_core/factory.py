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
``benefit`` (see :mod:`scythe_core.encounters`); ``factory_bottom``
("unit:<id>" or "skip"), then the usual ``move_unit`` steps.
"""

from __future__ import annotations

from .board import FACTORY
from .bottom_actions import coercion_available
from .cards import FACTORY as FACTORY_CARDS
from .data import RESOURCES
from .economy import award_stars_after_action, gain_popularity
from .encounters import begin_benefit
from .state import GameState, Player

TRACK_COSTS = ("coins", "popularity", "power")

# --- the first visit ---------------------------------------------------------


def begin_factory_visit_if_any(state: GameState) -> bool:
    """Offer the Factory cards if the active character ends a Move there for the first time."""
    player = state.active
    if player.character != FACTORY or player.factory_card is not None:
        return False
    if not state.factory_deck:
        return False
    state.pending = {"seat": player.seat, "kind": "factory_pick"}
    return True


def legal_factory_pick(state: GameState) -> list[str]:
    return [f"factory:{n}" for n in state.factory_deck]


def apply_factory_pick(state: GameState, action: str) -> None:
    card = int(action.split(":")[1])
    player = state.active
    state.factory_deck.remove(card)
    player.factory_card = card
    state.log.append({"seat": player.seat, "event": "factory_card", "card": card})
    from .aftermath import finish_move_action

    finish_move_action(state)


# --- the top action ----------------------------------------------------------


def begin_factory_section(state: GameState) -> None:
    """Section 4 was chosen: the Factory card's top action, then its Move."""
    player = state.active
    state.turn["top"] = "factory"
    state.turn["bottom"] = "factory_move"
    state.pending = {"seat": player.seat, "kind": "factory_top", "card": player.factory_card}


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


def legal_factory_top(state: GameState) -> list[str]:
    player = state.active
    options = ["skip"]
    if can_pay(state, player, FACTORY_CARDS[player.factory_card]["cost"]):
        options.append("take")
    return options


def apply_factory_top(state: GameState, action: str) -> None:
    if action == "skip":
        begin_factory_bottom(state)
        return
    player = state.active
    cost = FACTORY_CARDS[player.factory_card]["cost"]
    player.coins -= cost.get("coins", 0)
    player.power -= cost.get("power", 0)
    gain_popularity(player, -cost.get("popularity", 0))
    queue = []
    for kind in ("cards", "resources", "different"):
        queue += [kind] * cost.get(kind, 0)
    state.turn["factory_pay"] = {"queue": queue, "types": []}
    state.pending = {"seat": player.seat, "kind": "factory_pay"}
    _continue_payment(state)


def pay_options(state: GameState) -> list[str]:
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


def legal_factory_pay(state: GameState) -> list[str]:
    return pay_options(state)


def apply_factory_pay(state: GameState, action: str) -> None:
    player = state.active
    paying = state.turn["factory_pay"]
    unit = paying["queue"].pop(0)
    what = action.split(":", 1)[1]
    if what.startswith("card:"):
        value = int(what.split(":")[1])
        player.combat_cards.remove(value)
        state.combat_discard.append(value)
        if unit != "cards":
            state.turn["coercion_used"] = True
    else:
        res, hid = what.split("@")
        state.add_resource(hid, res, -1)
        paying["types"].append(res)
    _continue_payment(state)


def _continue_payment(state: GameState) -> None:
    """Pay by itself while only one way is left; then take the benefit."""
    paying = state.turn["factory_pay"]
    if paying["queue"]:
        options = pay_options(state)
        if len(options) == 1:
            apply_factory_pay(state, options[0])
        return
    del state.turn["factory_pay"]
    player = state.active
    begin_benefit(state, "factory", FACTORY_CARDS[player.factory_card]["choose"])


def after_factory_benefit(state: GameState) -> None:
    """The top action is over: stars, then the card's Move."""
    award_stars_after_action(state)
    if state.game_over:
        return
    begin_factory_bottom(state)


# --- the bottom action: move one unit up to two times --------------------------


def begin_factory_bottom(state: GameState) -> None:
    state.pending = {"seat": state.active_seat, "kind": "factory_bottom"}


def legal_factory_bottom(state: GameState) -> list[str]:
    from .top_actions import movable_units

    return [f"unit:{u}" for u in movable_units(state)] + ["skip"]


def apply_factory_bottom(state: GameState, action: str) -> None:
    from .turn import end_turn

    if action == "skip":
        end_turn(state)
        return
    from .top_actions import apply_move

    state.turn["moved"] = []
    state.turn["moves_left"] = 1
    state.turn["factory_move"] = True
    apply_move(state, action)
    # One unit moves up to two times: one step more than a mat Move gives it.
    state.pending["steps_left"] += 1


def finish_factory_move(state: GameState) -> None:
    """After the Factory Move with its combats and encounter: stars, then the turn ends."""
    award_stars_after_action(state)
    from .turn import end_turn

    end_turn(state)


HANDLERS: dict = {
    "factory_pick": (legal_factory_pick, apply_factory_pick),
    "factory_top": (legal_factory_top, apply_factory_top),
    "factory_pay": (legal_factory_pay, apply_factory_pay),
    "factory_bottom": (legal_factory_bottom, apply_factory_bottom),
}
