"""The Automa's five move procedures: neighbourhoods, teleport, units, destinations.

Each procedure follows the rulebook's five steps: select the unit (closest to the
Automa home base, then reading order), find the valid territories (in the
neighbourhood of any Automa unit, or of its home base), pick the unit up, choose
the destination (the rule of the procedure, then closest to the Factory, then
reading order) and place it. :func:`plan_move` only decides; it returns a plan
with the reasons in English and Dutch, and :mod:`scythe_core.automa` carries it out.

Distances are counted in hexes on the board (:func:`board.hex_distance`), rivers
and lakes ignored. "Enemy units" whose neighbourhood a worker avoids are enemy
combat units (the rulebook's worked example), each with its own movement rules.
The Automa's character on its faction mat has the location ``""``.
"""

from __future__ import annotations

from collections.abc import Callable

from .automa_cards import STAR_CARDS
from .board import (
    ADJACENT,
    FACTORY,
    TERRAIN,
    hex_distance,
    is_home_base,
    is_river_between,
    land_neighbours,
    reading_order_key,
)
from .movement import step_destinations
from .state import GameState, Player

#: The location of an Automa character on its faction mat (off the board).
ON_MAT = ""

Text = tuple[str, str]

SYMBOL_NAMES: dict[str, Text] = {
    "W": ("move worker", "beweeg werker"),
    "M": ("non-attacking mech move", "niet-aanvallende mechbeweging"),
    "C": ("non-attacking character move", "niet-aanvallende karakterbeweging"),
    "E": ("encounter/Factory", "ontmoeting/Fabriek"),
    "AW": ("attack vs. worker", "aanval vs. werker"),
}

#: Unit names with their article: "the worker" / "de werker", "het karakter".
UNIT_NAMES: dict[str, Text] = {
    "worker": ("the worker", "de werker"),
    "mech": ("the mech", "de mech"),
    "character": ("the character", "het karakter"),
}


def symbol_name(symbol: str) -> Text:
    """The English and Dutch name of a move symbol (without its faction bracket)."""
    symbol = symbol.split(":")[-1]
    if symbol in SYMBOL_NAMES:
        return SYMBOL_NAMES[symbol]
    need = symbol[1:]
    return (
        f"attack vs. combat unit (power at least {need})",
        f"aanval vs. gevechtseenheid (kracht minstens {need})",
    )


def place_name(player: Player, hid: str) -> Text:
    if hid == player.home:
        return ("its home base", "zijn thuisbasis")
    return (hid, hid)


def say(state: GameState, seat: int, en: str, nl: str, moves: list | None = None, **extra) -> None:
    """One explanation line in the game log, in English and Dutch.

    ``moves`` lists the units the line puts somewhere else, each as
    ``[seat, unit id, from hex, to hex]`` (``None`` = off the board), so a page can
    show an Automa turn unit by unit; ``extra`` adds other plain-JSON facts."""
    entry = {"seat": seat, "event": "automa", "text": {"en": en, "nl": nl}}
    if moves:
        entry["moves"] = moves
    entry.update(extra)
    state.log.append(entry)


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
    if enemy.controller == "automa":
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

Criterion = tuple[Callable, str, str]


def choose(options: list, criteria: list[Criterion]) -> tuple[object, Text]:
    """The best option (lowest keys) and the criterion that decided, in EN and NL."""
    ranked = sorted(options, key=lambda o: tuple(key(o) for key, _, _ in criteria))
    best = ranked[0]
    if len(ranked) == 1:
        return best, ("the only choice", "de enige keuze")
    runner_up = ranked[1]
    for key, en, nl in criteria:
        if key(best) != key(runner_up):
            return best, (en, nl)
    return best, ("all equal, the first one", "allemaal gelijk, de eerste")


def _factory(hid: str) -> int:
    return hex_distance(hid, FACTORY)


FACTORY_CLOSEST: Criterion = (_factory, "closest to the Factory", "dichtst bij de Fabriek")
READING: Criterion = (reading_order_key, "reading order", "leesvolgorde")


def select_unit(player: Player, kinds: tuple[str, ...]) -> tuple[tuple[str, str], Text] | None:
    """The unit of these kinds closest to the home base (tie: reading order).

    A character and a mech on the same hex tie completely; the character is taken
    (the rulebook gives no further tie-breaker)."""
    units = [(uid, hid) for uid, kind, hid in automa_units(player) if kind in kinds]
    if not units:
        return None
    criteria = [
        (
            lambda u: hex_distance(u[1], player.home),
            "closest to its home base",
            "dichtst bij zijn thuisbasis",
        ),
        (lambda u: reading_order_key(u[1]), "reading order", "leesvolgorde"),
    ]
    return choose(units, criteria)


# --- the five procedures --------------------------------------------------------


def invalid(en: str, nl: str) -> dict:
    return {"valid": False, "why": (en, nl)}


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


def _plan(unit: tuple[str, str], unit_why: Text, dest: str, dest_why: Text, **extra) -> dict:
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
        return invalid(
            "no worker on the board or its home base", "geen werker op het bord of de thuisbasis"
        )
    (uid, origin), unit_why = picked
    valid = [
        h
        for h in reach(player)
        if not has_enemy_units(state, player, h) and player.workers.count(h) - (h == origin) == 0
    ]
    if not valid:
        return invalid(
            "no territory in reach without enemy units or another Automa worker",
            "geen bereikbaar gebied zonder vijandelijke eenheden of een andere Automa-werker",
        )
    threat = enemy_threat(state, player)
    safe = [h for h in valid if h not in threat]
    if not safe:
        return invalid(
            "every valid territory is in the neighbourhood of an enemy combat unit",
            "elk geldig gebied ligt in de buurt van een vijandelijke gevechtseenheid",
        )
    counts = neighbour_counts(player, uid, safe)
    dest, why = choose(
        safe,
        [
            (
                lambda h: -counts[h],
                "in the neighbourhood of the most Automa units",
                "in de buurt van de meeste Automa-eenheden",
            ),
            FACTORY_CLOSEST,
            READING,
        ],
    )
    n = counts[dest]
    fact = (f"{n} other Automa unit(s) around it", f"{n} andere Automa-eenhe(i)d(en) eromheen")
    return _plan((uid, origin), unit_why, dest, why, counts=counts, fact=fact)


def neighbour_counts(player: Player, picked: str, hexes: list[str]) -> dict[str, int]:
    """For each hex: how many other Automa units have it in their neighbourhood."""
    hoods = [neighbourhood(player, hid) for uid, _, hid in automa_units(player) if uid != picked]
    return {h: sum(h in hood for hood in hoods) for h in hexes}


def plan_unit_move(state: GameState, player: Player, kind: str) -> dict:
    picked = select_unit(player, (kind,))
    if picked is None:
        return invalid(
            f"no {kind} on the board or its home base",
            f"geen {UNIT_NAMES[kind][1].split()[1]} op het bord of de thuisbasis",
        )
    (uid, origin), unit_why = picked
    valid = [
        h
        for h in reach(player)
        if not has_enemy_units(state, player, h) and player.units_at(h) - (h == origin) == 0
    ]
    if not valid:
        return invalid(
            "no territory in reach without enemy units or other Automa units",
            "geen bereikbaar gebied zonder vijandelijke of andere Automa-eenheden",
        )
    targets = enemy_combat_targets(state, player)

    def distance(h: str) -> int:
        return min((hex_distance(h, t) for t in targets), default=0)

    dest, why = choose(
        valid,
        [
            (
                distance,
                "shortest distance to an enemy combat unit",
                "kortste afstand tot een vijandelijke gevechtseenheid",
            ),
            FACTORY_CLOSEST,
            READING,
        ],
    )
    d = distance(dest)
    fact = (f"{d} from an enemy combat unit", f"{d} van een vijandelijke gevechtseenheid")
    return _plan((uid, origin), unit_why, dest, why, fact=fact)


def plan_encounter(state: GameState, player: Player) -> dict:
    if player.character == ON_MAT:
        return invalid("the character is on the faction mat", "het karakter staat op de factiemat")
    goals = [
        h
        for h in reach(player, with_home=False)
        if h in state.encounter_tokens or (h == FACTORY and player.factory_card is None)
    ]
    if not goals:
        return invalid(
            "no encounter token (or Factory without a card) in any unit's neighbourhood",
            "geen ontmoetingsfiche (of Fabriek zonder kaart) in de buurt van een eenheid",
        )
    free = [h for h in goals if not has_enemy_units(state, player, h) and h not in player.mechs]
    if not free:
        return invalid(
            "every such territory holds an enemy unit or an Automa mech",
            "elk zulk gebied bevat een vijandelijke eenheid of een Automa-mech",
        )
    dest, why = choose(free, [FACTORY_CLOSEST, READING])
    unit_why = ("the only character", "het enige karakter")
    return _plan(("character", player.character), unit_why, dest, why)


def plan_attack(state: GameState, player: Player, need: int) -> dict:
    if player.power < need:
        return invalid(
            f"its power {player.power} is below {need}",
            f"zijn kracht {player.power} is lager dan {need}",
        )
    picked = select_unit(player, ("character", "mech"))
    if picked is None:
        return invalid("no combat unit in play", "geen gevechtseenheid in het spel")
    valid = [h for h in reach(player) if state.enemy_combat_units_at(player.seat, h)]
    if not valid:
        return invalid(
            "no enemy combat unit in any neighbourhood",
            "geen vijandelijke gevechtseenheid in een buurt",
        )

    def enemies(h: str) -> int:
        return sum(p.combat_units_at(h) for p in state.players if p.seat != player.seat)

    dest, why = choose(
        valid,
        [
            (enemies, "fewest enemy combat units", "minste vijandelijke gevechtseenheden"),
            FACTORY_CLOSEST,
            READING,
        ],
    )
    n = enemies(dest)
    fact = (f"{n} enemy combat unit(s) there", f"{n} vijandelijke gevechtseenhe(i)d(en) daar")
    return _plan(picked[0], picked[1], dest, why, attack="combat", fact=fact)


def plan_attack_workers(state: GameState, player: Player) -> dict:
    picked = select_unit(player, ("character", "mech"))
    if picked is None:
        return invalid("no combat unit in play", "geen gevechtseenheid in het spel")
    valid = [
        h
        for h in reach(player)
        if state.enemy_workers_at(player.seat, h)
        and not state.enemy_combat_units_at(player.seat, h)
    ]
    if not valid:
        return invalid(
            "no enemy worker without a combat unit in any neighbourhood",
            "geen vijandelijke werker zonder gevechtseenheid in een buurt",
        )

    def resources(h: str) -> int:
        return -sum(state.resources_at(h).values())

    dest, why = choose(
        valid, [(resources, "most resources", "meeste grondstoffen"), FACTORY_CLOSEST, READING]
    )
    n = -resources(dest)
    fact = (f"{n} resource(s) there", f"{n} grondstof(fen) daar")
    return _plan(picked[0], picked[1], dest, why, attack="workers", fact=fact)
