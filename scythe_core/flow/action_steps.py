"""The mat's top actions (Move aside, see move_steps) and bottom actions, with paying."""

from __future__ import annotations

from ..model.actions import (
    format_number,
    parse_number,
    parse_placement,
    parse_produce,
    split_action,
    split_partial,
    verb_of,
)
from ..model.state import GameState
from ..rules.bottom_actions import (
    bottom_coins,
    bottom_options,
    bottom_payment,
    do_bottom_effect,
    forced_payment,
    pay_one,
    pay_recruit_bonuses,
    pay_sources,
)
from ..rules.economy import pay_track_cost, produce_cost, top_amount
from ..rules.top_actions import (
    bolster,
    gain_trade_popularity,
    pay_for_trade,
    produce_choices,
    produce_one,
    production_queue,
    take_coins,
    top_options,
    trade_places,
)
from .sequences import AFTER_MOVE, BOTTOM_ACTION
from .steps import Step, auto, decision, sequence

# --- top actions -------------------------------------------------------------


def legal_top(state: GameState) -> list[str]:
    return top_options(state) + ["skip"]


def apply_top(state: GameState, action: str) -> list[Step]:
    player = state.active
    seat = player.seat
    verb = verb_of(action)
    if verb == "skip":
        return []
    if verb == "coins":
        take_coins(player, action)
        return []
    if verb == "move":
        state.turn["moved"] = []
        state.turn["moves_left"] = top_amount(player, "move_units")
        return [decision(seat, "move"), *sequence(AFTER_MOVE)]
    if verb == "bolster":
        bolster(state, player, action)
        return []
    if verb == "trade":
        pay_for_trade(player)
        if split_partial(action)[0] == "trade:popularity":
            gain_trade_popularity(player, action)
            return []
        return [decision(seat, "trade_place", left=2)]
    if verb == "produce":
        pay_track_cost(player, produce_cost(player))
        hexes = parse_produce(action)
        return [
            auto("produce", queue=production_queue(player, hexes, player.structures.get("mill")))
        ]
    raise AssertionError(action)


def legal_trade_place(state: GameState) -> list[str]:
    return trade_places(state) + ["done"]


def apply_trade_place(state: GameState, action: str) -> list[Step]:
    pending = state.pending
    if action == "done":
        return []
    res, hid = parse_placement(split_action(action)[1])
    state.add_resource(hid, res)
    pending["left"] -= 1
    return [pending] if pending["left"] else []


# --- producing, territory by territory -----------------------------------------


def produce(state: GameState, step: Step) -> list[Step]:
    """Produce on every territory without a choice; ask at the next one with a choice.

    Each worker (and the Mill) *may* produce one: the rulebook's example has a
    mountain with 2 workers produce "1 or 2 metal". So a territory with a choice asks
    how many (``amount:N``, at least 1 - none is the same as not choosing the
    territory; a village asks ``workers:N`` from 0, limited by the workers on the mat).
    """
    queue = step["queue"]
    while queue:
        hid, product, makers = queue[0]
        choices = produce_choices(state, product, makers)
        if len(choices) > 1:
            seat = state.active_seat
            return [decision(seat, "produce_amounts", queue=queue, hex=hid, product=product)]
        produce_one(state, hid, product, choices[0] if choices else 0)
        queue.pop(0)
    return []


def legal_produce_amounts(state: GameState) -> list[str]:
    _hid, product, makers = state.pending["queue"][0]
    verb = "workers" if product == "worker" else "amount"
    return [format_number(verb, n) for n in produce_choices(state, product, makers)]


def apply_produce_amounts(state: GameState, action: str) -> list[Step]:
    queue = state.pending["queue"]
    hid, product, _makers = queue.pop(0)
    produce_one(state, hid, product, parse_number(action))
    return [auto("produce", queue=queue)]


# --- bottom actions ------------------------------------------------------------


def legal_bottom(state: GameState) -> list[str]:
    return bottom_options(state, state.pending["action"]) + ["skip"]


def apply_bottom(state: GameState, action: str) -> list[Step]:
    if action == "skip":
        return []
    resource, amount = bottom_payment(state.active, state.pending["action"])
    return sequence(BOTTOM_ACTION, action=action, resource=resource, left=amount)


def pay_bottom(state: GameState, step: Step) -> list[Step]:
    """Pay by itself while only one way remains; otherwise ask where from."""
    player = state.active
    while step["left"] > 0:
        source = forced_payment(state, player, step["resource"], step["left"])
        if source is None:
            return [decision(player.seat, "pay", resource=step["resource"], left=step["left"])]
        pay_one(state, player, step["resource"], source)
        step["left"] -= 1
    return []


def legal_pay(state: GameState) -> list[str]:
    pending = state.pending
    return pay_sources(state, state.players[pending["seat"]], pending["resource"])


def apply_pay(state: GameState, action: str) -> list[Step]:
    """One unit paid; paying goes on with one fewer to pay."""
    pending = state.pending
    pay_one(state, state.players[pending["seat"]], pending["resource"], action)
    return [auto("pay_bottom", resource=pending["resource"], left=pending["left"] - 1)]


def bottom_effect(state: GameState, step: Step) -> list[Step]:
    """The effect, then the coins (the player may take fewer)."""
    player = state.active
    bottom = do_bottom_effect(state, player, step["action"])
    coins = bottom_coins(player, bottom)
    if coins == 0:
        return []
    return [decision(player.seat, "bottom_coins", action=bottom, coins=coins)]


def legal_bottom_coins(state: GameState) -> list[str]:
    """The player may take the coins of the bottom action, or only part of them."""
    return [format_number("coins", n) for n in range(state.pending["coins"] + 1)]


def apply_bottom_coins(state: GameState, action: str) -> list[Step]:
    state.active.coins += parse_number(action)
    return []


def recruit_bonuses(state: GameState, step: Step) -> list[Step]:
    pay_recruit_bonuses(state, verb_of(step["action"]))
    return []


AUTO_STEPS = {
    "produce": produce,
    "pay_bottom": pay_bottom,
    "bottom_effect": bottom_effect,
    "recruit_bonuses": recruit_bonuses,
}
DECISIONS = {
    "top": (legal_top, apply_top),
    "trade_place": (legal_trade_place, apply_trade_place),
    "produce_amounts": (legal_produce_amounts, apply_produce_amounts),
    "bottom": (legal_bottom, apply_bottom),
    "pay": (legal_pay, apply_pay),
    "bottom_coins": (legal_bottom_coins, apply_bottom_coins),
}
