"""Bottom-row actions: Upgrade, Deploy, Build, Enlist; paying for them; recruit bonuses.

The effect functions (``upgrade_choices``/``do_upgrade`` and so on) are shared with
Factory cards and encounters, which grant these actions without cost or bonuses.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence

from ..data.board import TERRAIN
from ..data.components import (
    BOTTOM_ACTIONS,
    BOTTOM_COST_RESOURCE,
    RECRUIT_ONE_TIME,
    RECRUIT_ONE_TIME_AMOUNT,
    RECRUIT_ONGOING_BONUS,
    STRUCTURE_UNDER,
    TOP_SLOTS,
    bottom_slots,
    mat_section,
)
from ..model.actions import join_action, parse_choice_pair, parse_pay, parse_placement, split_action
from ..model.seats import has_faction_ability
from ..model.state import GameState, Player
from .economy import (
    bottom_cost,
    draw_combat_cards,
    gain_popularity,
    gain_power,
)

# --- effects (no cost) -------------------------------------------------------


def upgrade_choices(player: Player) -> list[str]:
    """ "<top slot>><bottom action>" pairs: a cube from a top slot to a free bottom slot."""
    tops = [s for s in TOP_SLOTS if s not in player.upgraded_top]
    bottoms = [
        b for b in BOTTOM_ACTIONS if player.upgraded_bottom.get(b, 0) < bottom_slots(player.mat, b)
    ]
    return [f"{t}>{b}" for t in tops for b in bottoms]


def do_upgrade(player: Player, choice: str) -> None:
    top, bottom = parse_choice_pair(choice)
    player.upgraded_top.append(top)
    player.upgraded_bottom[bottom] = player.upgraded_bottom.get(bottom, 0) + 1


def worker_territories(state: GameState, player: Player) -> list[str]:
    """Controlled land territories with at least one of the player's workers."""
    return [
        h
        for h in state.controlled_territories(player.seat)
        if h in player.workers and TERRAIN[h] != "lake"
    ]


def deploy_choices(state: GameState, player: Player, hexes: list[str] | None = None) -> list[str]:
    """ "<mech slot>@<hex>": an undeployed mech onto a worker territory (never a lake)."""
    hexes = worker_territories(state, player) if hexes is None else hexes
    slots = [i for i in range(4) if i not in player.mech_abilities]
    return [f"{i}@{h}" for i in slots for h in hexes if TERRAIN[h] != "lake"]


def do_deploy(player: Player, choice: str) -> None:
    slot, hid = parse_placement(choice)
    player.mech_abilities.append(int(slot))
    player.mechs.append(hid)


def build_choices(state: GameState, player: Player, hexes: list[str] | None = None) -> list[str]:
    """ "<structure>@<hex>": one structure per territory, not on lakes or home bases."""
    hexes = worker_territories(state, player) if hexes is None else hexes
    taken = {h for p in state.players for h in p.structures.values()}
    free = [h for h in hexes if h not in taken and TERRAIN[h] not in ("lake", "home")]
    todo = [s for s in STRUCTURE_UNDER.values() if s not in player.structures]
    return [f"{s}@{h}" for s in sorted(todo) for h in free]


def do_build(player: Player, choice: str) -> None:
    structure, hid = parse_placement(choice)
    player.structures[structure] = hid


def enlist_choices(player: Player) -> list[str]:
    """ "<bottom action>><one-time bonus>": a recruit token onto a free bonus space."""
    sections = [b for b in BOTTOM_ACTIONS if b not in player.recruits]
    bonuses = [b for b in RECRUIT_ONE_TIME if b not in player.recruits.values()]
    return [f"{s}>{b}" for s in sections for b in bonuses]


def do_enlist(state: GameState, player: Player, choice: str) -> None:
    section, bonus = parse_choice_pair(choice)
    player.recruits[section] = bonus
    gain_bonus(state, player, bonus, RECRUIT_ONE_TIME_AMOUNT)


def gain_bonus(state: GameState, player: Player, bonus: str, amount: int) -> None:
    if bonus == "power":
        gain_power(player, amount)
    elif bonus == "coins":
        player.coins += amount
    elif bonus == "popularity":
        gain_popularity(player, amount)
    elif bonus == "cards":
        draw_combat_cards(state, player, amount)
    else:
        raise AssertionError(bonus)


EFFECT_CHOICES = {
    "upgrade": lambda state, player: upgrade_choices(player),
    "deploy": deploy_choices,
    "build": build_choices,
    "enlist": lambda state, player: enlist_choices(player),
}


def do_effect(state: GameState, player: Player, bottom: str, choice: str) -> None:
    if bottom == "upgrade":
        do_upgrade(player, choice)
    elif bottom == "deploy":
        do_deploy(player, choice)
    elif bottom == "build":
        do_build(player, choice)
    else:
        do_enlist(state, player, choice)


# --- payment -----------------------------------------------------------------


def coercion_available(state: GameState, player: Player) -> bool:
    return (
        has_faction_ability(player, "coercion")
        and bool(player.combat_cards)
        and not state.turn.get("coercion_used")
    )


def can_pay_resources(state: GameState, player: Player, resource: str, amount: int) -> bool:
    have = state.controlled_resources(player.seat)[resource]
    return have + (1 if coercion_available(state, player) else 0) >= amount


def pay_sources(state: GameState, player: Player, resource: str) -> list[str]:
    """Where one unit of a resource can be paid from (controlled hexes, or a combat card)."""
    options = [
        f"pay:{h}"
        for h in state.controlled_territories(player.seat)
        if state.resources_at(h).get(resource)
    ]
    if coercion_available(state, player):
        options += [f"pay:card:{v}" for v in sorted(set(player.combat_cards))]
    return sorted(options)


def pay_one(state: GameState, player: Player, resource: str, action: str) -> None:
    """Pay one unit: "pay:<hex>" takes a resource there, "pay:card:<v>" is Coercion."""
    payment = parse_pay(action)
    if payment.card is not None:
        player.combat_cards.remove(payment.card)
        state.combat_discard.append(payment.card)
        state.turn["coercion_used"] = True
    else:
        state.add_resource(payment.hex, resource, -1)


def forced_payment(state: GameState, player: Player, resource: str, left: int) -> str | None:
    """The one way to pay the next unit when there is no real choice, else None."""
    sources = pay_sources(state, player, resource)
    have = state.controlled_resources(player.seat)[resource]
    forced = len(sources) == 1 or (have == left and not coercion_available(state, player))
    return sources[0] if forced else None


# --- the bottom action of a mat section --------------------------------------


def bottom_payment(player: Player, bottom: str) -> tuple[str, int]:
    """The resource a bottom action costs and how many now."""
    return BOTTOM_COST_RESOURCE[bottom], bottom_cost(player, bottom)


def bottom_options(state: GameState, bottom: str) -> list[str]:
    player = state.active
    if not can_pay_resources(state, player, *bottom_payment(player, bottom)):
        return []
    choices = EFFECT_CHOICES[bottom](state, player)
    if not choices:
        # Nothing to upgrade, deploy, build or enlist (the row is complete, or no
        # territory can take the piece): the player may still pay for the coins and
        # the recruit bonuses. The rulebook says so for a completed row; we read its
        # "gain the benefits, or part of them" as allowing it whenever nothing can
        # be placed.
        return [bottom]
    return sorted(join_action(bottom, c) for c in choices)


def do_bottom_effect(state: GameState, player: Player, action: str) -> str:
    """Gain the effect of "<bottom>:<choice>" (none for a bare "<bottom>"); the bottom."""
    bottom, choice = split_action(action)
    if choice:
        if bottom == "enlist":
            # The benefits are the spaces showing before the action: a recruit taken
            # now from the Enlist section uncovers its bonus for later Enlists only.
            state.turn["enlisted_from"] = parse_choice_pair(choice)[0]
        do_effect(state, player, bottom, choice)
    return bottom


def bottom_coins(player: Player, bottom: str) -> int:
    """The coins the mat's bottom action pays."""
    return mat_section(player.mat, BOTTOM_ACTIONS.index(bottom))[4]


def pay_recruit_bonuses(state: GameState, bottom: str) -> None:
    """Ongoing recruit bonuses: the active player, then the left, then the right neighbour."""
    recruits = {p.seat: p.recruits for p in state.players}
    enlisted_from = state.turn.get("enlisted_from")
    for seat in recruit_bonus_receivers(
        state.clockwise, state.active_seat, recruits, bottom, enlisted_from
    ):
        gain_bonus(state, state.players[seat], RECRUIT_ONGOING_BONUS[bottom], 1)


def recruit_bonus_receivers(
    clockwise: Sequence[int],
    active: int,
    recruits: Mapping[int, Container[str]],
    bottom: str,
    enlisted_from: str | None = None,
) -> list[int]:
    """Who gains the ongoing recruit bonus of ``bottom``, in the order they are paid.

    The active seat, then its left (next clockwise), then its right neighbour, each
    once, if it has a recruit under ``bottom`` (``recruits``: seat -> bottom actions
    with a recruit). A recruit the active seat enlisted from ``bottom`` this very
    action (``enlisted_from``) uncovers its bonus for later actions only.
    """
    i = clockwise.index(active)
    n = len(clockwise)
    receivers: list[int] = []
    for seat in (active, clockwise[(i + 1) % n], clockwise[(i - 1) % n]):
        if seat in receivers or bottom not in recruits[seat]:
            continue
        if seat == active and enlisted_from == bottom:
            continue
        receivers.append(seat)
    return receivers
