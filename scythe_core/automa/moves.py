"""The Automa's five move procedures: neighbourhoods, teleport, units, destinations.

Each procedure follows the rulebook's five steps: select the unit (closest to the
Automa home base, then reading order), find the valid territories (in the
neighbourhood of any Automa unit, or of its home base), pick the unit up, choose
the destination (the rule of the procedure, then closest to the Factory, then
reading order) and place it. :func:`plan_move` only decides; it returns a plan
with the reasons as codes (worded by :mod:`scythe_core.io.wording`), and
:mod:`scythe_core.automa` carries it out.

Distances are counted in hexes on the board (:func:`board.hex_distance`), rivers
and lakes ignored. "Enemy units" whose neighbourhood a worker avoids are enemy
combat units (the rulebook's worked example), each with its own movement rules.
The Automa's character on its faction mat has the location ``""``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..data.automa_cards import STAR_CARDS
from ..data.board import (
    ADJACENT,
    FACTORY,
    TERRAIN,
    hex_distance,
    is_home_base,
    is_river_between,
    land_neighbours,
    reading_order_key,
)
from ..model.seats import seat_rules
from ..model.state import GameState, Player
from ..model.units import ON_MAT
from ..rules.movement import step_destinations

#: The location of an Automa character on its faction mat (off the board).


# --- movement and neighbourhoods ----------------------------------------------


def water_restricted(player: Player) -> bool:
    """While the star-card cube is on a water space: no lakes, no river crossings."""
    automa = player.automa or {}
    level = player.level or "automa"
    if level == "ultimaszyna":
        return False
    return STAR_CARDS[level][automa.get("cube", 0)] == "X"


def automa_steps(player: Player, hid: str) -> set[str]:
    """Board hexes one step from hid for an Automa unit (no tunnels, no abilities)."""
    restricted = water_restricted(player)
    found = set()
    for n in ADJACENT[hid]:
        if is_home_base(n):
            continue
        if restricted and (TERRAIN[n] == "lake" or is_river_between(hid, n)):
            continue
        found.add(n)
    return found


def neighbourhood(player: Player, hid: str) -> set[str]:
    """A unit's territory plus one step; units on home bases (or the mat) have none."""
    if hid == ON_MAT or is_home_base(hid):
        return set()
    return {hid} | automa_steps(player, hid)


def home_neighbourhood(player: Player) -> set[str]:
    """The home base's neighbourhood: the two territories next to it."""
    return set(land_neighbours(player.home))


def automa_units(player: Player) -> list[tuple[str, str, str]]:
    """(unit id, kind, location) of every unit on the board or on the home base."""
    units = []
    if player.character != ON_MAT:
        units.append(("character", "character", player.character))
    units += [(f"mech:{i}", "mech", h) for i, h in enumerate(player.mechs)]
    units += [(f"worker:{i}", "worker", h) for i, h in enumerate(player.workers) if h]
    return units


def reach(player: Player, with_home: bool = True) -> set[str]:
    """Teleport: every territory in the neighbourhood of any Automa unit (or home base)."""
    zone = home_neighbourhood(player) if with_home else set()
    for _, _, hid in automa_units(player):
        zone |= neighbourhood(player, hid)
    return zone


def enemy_neighbourhood(state: GameState, enemy: Player, kind: str, hid: str) -> set[str]:
    """Where an enemy unit could go with a move of one territory (with its own rules)."""
    if hid == ON_MAT or is_home_base(hid):
        return set()
    if seat_rules(enemy).plays_cards:  # an Automa moves by its own rules
        return neighbourhood(enemy, hid)

    return {hid} | set(step_destinations(state, enemy.seat, kind, hid))


def enemy_threat(state: GameState, player: Player) -> set[str]:
    """Territories in the neighbourhood of an enemy combat unit."""
    zone: set[str] = set()
    for enemy in state.players:
        if enemy.seat == player.seat:
            continue
        spots = [("character", enemy.character)] + [("mech", m) for m in enemy.mechs]
        for kind, hid in spots:
            zone |= enemy_neighbourhood(state, enemy, kind, hid)
    return zone


def enemy_combat_targets(state: GameState, player: Player) -> list[str]:
    """Enemy combat units' locations on the board, or on home bases if none is on it."""
    spots = [
        hid
        for enemy in state.players
        if enemy.seat != player.seat
        for hid in [enemy.character, *enemy.mechs]
        if hid != ON_MAT
    ]
    on_board = [h for h in spots if not is_home_base(h)]
    return on_board or spots


def has_enemy_units(state: GameState, player: Player, hid: str) -> bool:
    return any(p.units_at(hid) for p in state.players if p.seat != player.seat)


# --- choosing with tie-breakers -------------------------------------------------

#: A tie-breaker: the key (lower is better) and its code (``wording.TIE_BREAKERS``).
Criterion = tuple[Callable, str]


def choose(options: list, criteria: list[Criterion]) -> tuple[object, str]:
    """The best option (lowest keys) and the code of the criterion that decided."""
    ranked = sorted(options, key=lambda o: tuple(key(o) for key, _ in criteria))
    best = ranked[0]
    if len(ranked) == 1:
        return best, "only_choice"
    runner_up = ranked[1]
    for key, code in criteria:
        if key(best) != key(runner_up):
            return best, code
    return best, "all_equal"


def _factory(hid: str) -> int:
    return hex_distance(hid, FACTORY)


FACTORY_CLOSEST: Criterion = (_factory, "closest_to_factory")
READING: Criterion = (reading_order_key, "reading_order")


def select_unit(player: Player, kinds: tuple[str, ...]) -> tuple[tuple[str, str], str] | None:
    """The unit of these kinds closest to the home base (tie: reading order).

    A character and a mech on the same hex tie completely; the character is taken
    (the rulebook gives no further tie-breaker)."""
    units = [(uid, hid) for uid, kind, hid in automa_units(player) if kind in kinds]
    if not units:
        return None
    criteria = [
        (lambda u: hex_distance(u[1], player.home), "closest_to_home"),
        (lambda u: reading_order_key(u[1]), "reading_order"),
    ]
    return choose(units, criteria)


# --- the five procedures --------------------------------------------------------


def invalid(code: str, **params) -> dict:
    """Not valid, and why: a code of ``wording.REASONS`` with its parameters."""
    return {"valid": False, "why": {"code": code, **params}}


def plan_move(state: GameState, player: Player, symbol: str) -> dict:
    """Decide one move symbol: a plan {"valid", "unit", "from", "to", ...} or why not."""
    if symbol == "W":
        return plan_worker(state, player)
    if symbol in ("M", "C"):
        return plan_unit_move(state, player, "mech" if symbol == "M" else "character")
    if symbol == "E":
        return plan_encounter(state, player)
    if symbol == "AW":
        return plan_attack_workers(state, player)
    return plan_attack(state, player, int(symbol[1:]))


def _plan(unit: tuple[str, str], unit_why: str, dest: str, dest_why: str, **extra) -> dict:
    return {
        "valid": True,
        "unit": unit[0],
        "from": unit[1],
        "to": dest,
        "unit_why": unit_why,
        "to_why": dest_why,
        "attack": None,
        **extra,
    }


def plan_worker(state: GameState, player: Player) -> dict:
    picked = select_unit(player, ("worker",))
    if picked is None:
        return invalid("no_worker")
    (uid, origin), unit_why = picked
    valid = [
        h
        for h in reach(player)
        if not has_enemy_units(state, player, h) and player.workers.count(h) - (h == origin) == 0
    ]
    if not valid:
        return invalid("no_worker_territory")
    threat = enemy_threat(state, player)
    safe = [h for h in valid if h not in threat]
    if not safe:
        return invalid("worker_territories_threatened")
    counts = neighbour_counts(player, uid, safe)
    dest, why = choose(
        safe,
        [
            (lambda h: -counts[h], "most_automa_units"),
            FACTORY_CLOSEST,
            READING,
        ],
    )
    fact = {"code": "automa_units_around", "n": counts[dest]}
    return _plan((uid, origin), unit_why, dest, why, counts=counts, fact=fact)


def neighbour_counts(player: Player, picked: str, hexes: list[str]) -> dict[str, int]:
    """For each hex: how many other Automa units have it in their neighbourhood."""
    hoods = [neighbourhood(player, hid) for uid, _, hid in automa_units(player) if uid != picked]
    return {h: sum(h in hood for hood in hoods) for h in hexes}


def plan_unit_move(state: GameState, player: Player, kind: str) -> dict:
    picked = select_unit(player, (kind,))
    if picked is None:
        return invalid("no_unit", kind=kind)
    (uid, origin), unit_why = picked
    valid = [
        h
        for h in reach(player)
        if not has_enemy_units(state, player, h) and player.units_at(h) - (h == origin) == 0
    ]
    if not valid:
        return invalid("no_unit_territory")
    targets = enemy_combat_targets(state, player)

    def distance(h: str) -> int:
        return min((hex_distance(h, t) for t in targets), default=0)

    dest, why = choose(
        valid,
        [
            (distance, "closest_to_enemy"),
            FACTORY_CLOSEST,
            READING,
        ],
    )
    fact = {"code": "enemy_distance", "n": distance(dest)}
    return _plan((uid, origin), unit_why, dest, why, fact=fact)


def plan_encounter(state: GameState, player: Player) -> dict:
    if player.character == ON_MAT:
        return invalid("character_on_mat")
    goals = [
        h
        for h in reach(player, with_home=False)
        if h in state.encounter_tokens or (h == FACTORY and player.factory_card is None)
    ]
    if not goals:
        return invalid("no_encounter")
    free = [h for h in goals if not has_enemy_units(state, player, h) and h not in player.mechs]
    if not free:
        return invalid("encounters_blocked")
    dest, why = choose(free, [FACTORY_CLOSEST, READING])
    return _plan(("character", player.character), "only_character", dest, why)


def plan_attack(state: GameState, player: Player, need: int) -> dict:
    if player.power < need:
        return invalid("power_too_low", power=player.power, need=need)
    picked = select_unit(player, ("character", "mech"))
    if picked is None:
        return invalid("no_combat_unit")
    valid = [h for h in reach(player) if state.enemy_combat_units_at(player.seat, h)]
    if not valid:
        return invalid("no_enemy_combat_unit")

    def enemies(h: str) -> int:
        return sum(p.combat_units_at(h) for p in state.players if p.seat != player.seat)

    dest, why = choose(
        valid,
        [
            (enemies, "fewest_enemies"),
            FACTORY_CLOSEST,
            READING,
        ],
    )
    fact = {"code": "enemy_units_there", "n": enemies(dest)}
    return _plan(picked[0], picked[1], dest, why, attack="combat", fact=fact)


def plan_attack_workers(state: GameState, player: Player) -> dict:
    picked = select_unit(player, ("character", "mech"))
    if picked is None:
        return invalid("no_combat_unit")
    valid = [
        h
        for h in reach(player)
        if state.enemy_workers_at(player.seat, h)
        and not state.enemy_combat_units_at(player.seat, h)
    ]
    if not valid:
        return invalid("no_enemy_worker")

    def resources(h: str) -> int:
        return -sum(state.resources_at(h).values())

    dest, why = choose(valid, [(resources, "most_resources"), FACTORY_CLOSEST, READING])
    fact = {"code": "resources_there", "n": -resources(dest)}
    return _plan(picked[0], picked[1], dest, why, attack="workers", fact=fact)
