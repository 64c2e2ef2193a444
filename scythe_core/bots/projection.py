"""The next few turns of one seat's economy, played out on a board-free model.

A one-turn search judges where its turn ends; what a position will bring over the
turns after (workers on a village growing more workers, resources that make the next
bottom actions possible) is the seat's *projection*: its economy alone (resources,
coins, power, popularity, workers by the product of their territory, the counts of
its star goals and its mat's costs) played on for a few own turns, each the section
after which it is worth most, and the coins and stars that gives. Units move there
only as a count: a Move sends units that share a hex (or wait at home) to new
territories, one each, as far as the rivers let them before a mech with Riverwalk is
deployed (:mod:`.room`). Nobody else plays: it is a guide for comparing the ends of
one turn, not a forecast.

In the game's last few turns against an Automa, :mod:`.endgame` tries every order of
sections on the same model instead.
"""

from __future__ import annotations

from functools import lru_cache

from ..data.board import TERRAIN
from ..data.components import (
    PRODUCTION,
    STARS_TO_END,
    mat_section,
)
from ..model.state import Player
from ..rules.economy import (
    bottom_cost_for,
    star_goal_values,
    top_slot_amount,
)
from .economy import BOTTOM_GOAL_INDEX, RESOURCES, WORKERS_INDEX, Economy
from .room import ROOM_MAX


def snapshot(player: Player, held: dict[str, int], territories: int, room: int = ROOM_MAX) -> tuple:
    """The seat's economy as a hashable tuple (the projection's starting point);
    ``room``: the new territories its units can walk to (:mod:`.room`)."""
    on_hex: dict[str, int] = {}
    for hid in player.workers:
        if hid in PRODUCT_AT:
            on_hex[hid] = on_hex.get(hid, 0) + 1
    producing = tuple(sorted((PRODUCT_AT[h], n) for h, n in on_hex.items()))
    goal_values = star_goal_values(player)
    sections, produce_hexes, bolster, trade_popularity, move_coins, move_units = mat_terms_of(
        player.mat, tuple(player.upgraded_top), tuple(player.upgraded_bottom.items())
    )
    units = [h for h in player.workers if h]
    units += player.mechs
    if player.character:
        units.append(player.character)
    # Units beyond one per hex could each take a new territory (a home base counts as a
    # hex here: all but one unit at home; counting them all did worse against the Automa).
    spare = len(units) - len({h for h in units if h in TERRAIN})
    return (
        tuple(held.get(res, 0) for res in RESOURCES),
        player.coins,
        player.power,
        player.popularity,
        goal_values[WORKERS_INDEX],
        producing,
        tuple(goal_values[i] for i in BOTTOM_GOAL_INDEX),
        tuple(sorted(g for g, n in player.stars.items() if n)),
        player.star_count,
        produce_hexes,
        bolster,
        trade_popularity,
        move_coins,
        sections,
        -1 if player.last_section is None else player.last_section,
        territories,
        spare,
        move_units,
        room,
    )


#: Each territory that produces something, with its product.
PRODUCT_AT = {hid: PRODUCTION[terrain] for hid, terrain in TERRAIN.items() if terrain in PRODUCTION}


@lru_cache(maxsize=1024)
def mat_terms_of(mat: str, upgraded_top: tuple[str, ...], upgraded_bottom: tuple) -> tuple:
    """:func:`mat_terms` by the upgrades in the order they were made (kept: the search
    asks it for every position it judges)."""
    return mat_terms(mat, frozenset(upgraded_top), tuple(sorted(upgraded_bottom)))


@lru_cache(maxsize=1024)
def mat_terms(mat: str, upgraded_top: frozenset[str], upgraded_bottom: tuple) -> tuple:
    """What a snapshot takes from the mat and its upgrades (the same for many positions):
    each section's (top, bottom, cost now, lowest cost, coins), then the amounts of the
    upgradable top-row benefits a projection uses."""
    cubes = dict(upgraded_bottom)
    sections = []
    for i in range(4):
        top, bottom, _base, low, coins = mat_section(mat, i)
        cost = bottom_cost_for(mat, bottom, cubes.get(bottom, 0))
        sections.append((top, bottom, cost, low, coins))
    slots = ("produce_territories", "bolster_power", "trade_popularity", "move_coins", "move_units")
    return (tuple(sections), *(top_slot_amount(slot, upgraded_top) for slot in slots))


@lru_cache(maxsize=8192)
def projected_value(
    snap: tuple, turns: int, progress_coins: float, discount: float, tier_slope: float
) -> float:
    """What the seat's economy is worth: its coins, the end-game coins of its stars,
    territories and resources at its popularity, and its progress to the stars still
    open (``progress_coins`` per star) now, plus what ``turns`` own turns of it add,
    each turn's gain counted ``discount`` times the turn before's (what can be done
    now is worth more than the same done later). A pure function of its arguments,
    so its answers are kept: the search judges the same economy many times a turn."""
    economy = Economy(snap, tier_slope, progress_coins)
    worth = economy.worth(progress_coins)
    total, weight = worth, 1.0
    for _ in range(turns):
        if economy.star_count >= STARS_TO_END:
            break
        economy.turn()
        weight *= discount
        after = economy.worth(progress_coins)
        total += weight * (after - worth)
        worth = after
    return total


__all__ = ["projected_value", "snapshot"]
