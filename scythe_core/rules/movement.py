"""Where units may step: rivers, lakes, tunnels, the Mine and the movement abilities."""

from __future__ import annotations

from ..data.board import (
    ADJACENT,
    FACTORY,
    HOME_BASES,
    LAKES,
    TERRAIN,
    TUNNELS,
    is_river_between,
    reading_order_key,
)
from ..data.components import FACTIONS
from ..model.seats import has_faction_ability, mech_abilities
from ..model.state import GameState, Player


def tunnel_set(player: Player) -> set[str]:
    """Tunnels this player may use: every tunnel plus the player's own Mine."""
    tunnels = set(TUNNELS)
    mine = player.structures.get("mine")
    if mine:
        tunnels.add(mine)
    return tunnels


def _controlled_of_terrain(state: GameState, seat: int, terrain: str) -> set[str]:
    return {h for h in state.controlled_territories(seat) if TERRAIN[h] == terrain}


#: Origin -> (neighbour, its terrain, whether a river lies between), home bases left out.
NEIGHBOURS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    origin: tuple(
        (n, TERRAIN[n], is_river_between(origin, n))
        for n in ADJACENT[origin]
        if TERRAIN[n] != "home"
    )
    for origin in ADJACENT
}


def step_destinations(state: GameState, seat: int, kind: str, origin: str) -> list[str]:
    """Hexes a unit of this kind can reach from origin in one step, ignoring who is there.

    kind is "character", "mech" or "worker". Occupancy rules (workers may not
    enter enemy-held territory) are applied by :func:`legal_steps`.
    """
    player = state.players[seat]
    combat_unit = kind != "worker"
    abilities = mech_abilities(player) if combat_unit else NO_ABILITIES
    lake_ok = "seaworthy" in abilities or "submerge" in abilities
    river_terrains = FACTIONS[player.faction]["riverwalk"] if "riverwalk" in abilities else ()
    swims = not combat_unit and has_faction_ability(player, "swim")

    found = {
        n
        for n, terrain, river in NEIGHBOURS[origin]
        if (lake_ok or terrain != "lake") and (not river or swims or terrain in river_terrains)
    }
    if origin in TUNNELS or "underpass" in abilities or origin == player.structures.get("mine"):
        tunnels = tunnel_set(player)
        if origin in tunnels:
            found |= tunnels
    if abilities:
        _add_ability_steps(state, player, abilities, origin, found)
    found.discard(origin)
    return sorted(found, key=reading_order_key)


#: The abilities of a unit that has none (a worker's: its faction's Swim aside).
NO_ABILITIES: frozenset[str] = frozenset()


def _add_ability_steps(
    state: GameState, player: Player, abilities: set[str], origin: str, found: set[str]
) -> None:
    """The steps that Submerge, Township, Underpass and Wayfare add to ``found``."""
    seat = player.seat
    if "submerge" in abilities and TERRAIN[origin] == "lake":
        found |= set(LAKES)
    if "township" in abilities:
        linked = _controlled_of_terrain(state, seat, "village") | {FACTORY}
        if origin in linked:
            found |= linked
    if "underpass" in abilities:
        linked = _controlled_of_terrain(state, seat, "mountain") | tunnel_set(player)
        if origin in linked:
            found |= linked
    if "wayfare" in abilities:
        active = {p.home for p in state.players}
        found |= {h for h in HOME_BASES if h == player.home or h not in active}


def legal_steps(
    state: GameState, seat: int, kind: str, origin: str, facts: dict | None = None
) -> list[str]:
    """One-step destinations with occupancy rules applied: they follow from the position
    alone, so they are remembered with it (``GameState.position_facts``, which may be
    passed as ``facts`` when the caller has it already); a shared list, do not change it."""
    if facts is None:
        facts = state.position_facts()
    key = ("steps", seat, kind, origin)
    steps = facts.get(key)
    if steps is None:
        steps = facts[key] = _legal_steps(state, seat, kind, origin)
    return steps


def _legal_steps(state: GameState, seat: int, kind: str, origin: str) -> list[str]:
    steps = step_destinations(state, seat, kind, origin)
    if kind != "worker":
        return steps
    if TERRAIN[origin] == "lake" or state.enemy_combat_units_at(seat, origin):
        return []
    return [
        h
        for h in steps
        if not state.enemy_combat_units_at(seat, h) and not state.enemy_workers_at(seat, h)
    ]


def stops_on_entry(state: GameState, seat: int, kind: str, hid: str) -> bool:
    """Whether a unit entering hid must end its movement there."""
    if kind == "worker":
        return False
    if state.enemy_combat_units_at(seat, hid) or state.enemy_workers_at(seat, hid):
        return True
    return kind == "character" and hid in state.encounter_tokens
