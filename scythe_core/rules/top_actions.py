"""Top-row actions: Move / gain coins, Trade, Bolster, Produce."""

from __future__ import annotations

from itertools import combinations

from ..data.board import TERRAIN, reading_order_key
from ..data.components import PRODUCTION, RESOURCES, TOP_SLOTS
from ..model.actions import format_partial, format_produce, split_partial, unit_kind
from ..model.seats import has_mech_ability, seat_rules
from ..model.state import GameState, Player
from ..model.units import set_unit_location, unit_location
from .automa_rules import resources_for_conqueror
from .economy import (
    can_afford_track_cost,
    deploy_worker,
    draw_combat_cards,
    gain_popularity,
    gain_power,
    produce_cost,
    top_amount,
)
from .movement import legal_steps, stops_on_entry

# --- options -----------------------------------------------------------------


#: Top-row gains counted on an upgradable slot: option -> slot.
COUNTED_GAINS = {
    "coins": "move_coins",
    "bolster:power": "bolster_power",
    "bolster:cards": "bolster_cards",
    "trade:popularity": "trade_popularity",
}


#: (counted gain, its full amount) -> the parts that may be taken instead, formatted
#: once ("bolster:power/0", "bolster:power/1", ...) for every amount a slot can give.
PARTIAL_GAINS: dict[tuple[str, int], tuple[str, ...]] = {
    (option, full): tuple(format_partial(option, n) for n in range(full))
    for option, slot in COUNTED_GAINS.items()
    for full in TOP_SLOTS[slot][1:]
}


def with_partial_gains(player: Player, options: list[str]) -> list[str]:
    """Each counted gain may also be taken in part: "bolster:power/1" takes only 1."""
    result = list(options)
    for option in options:
        if option in COUNTED_GAINS:
            full = top_amount(player, COUNTED_GAINS[option])
            result += PARTIAL_GAINS[option, full]
    return sorted(result)


def gain_amount(player: Player, action: str) -> tuple[str, int]:
    """("bolster:power", 1) for "bolster:power/1"; the full amount without a suffix."""
    option, part = split_partial(action)
    return option, part if part is not None else top_amount(player, COUNTED_GAINS[option])


def top_options(state: GameState) -> list[str]:
    """Legal choices for the top action of the chosen section (without "skip")."""
    player = state.active
    action = state.pending["action"]
    if action == "move":
        options = ["coins"]
        if has_movable_unit(state):
            options.append("move")
        return with_partial_gains(player, options)
    if action in ("trade", "bolster"):
        if player.coins < 1:
            return []
        if action == "bolster":
            return with_partial_gains(player, ["bolster:cards", "bolster:power"])
        options = ["trade:popularity"]
        if trade_territories(state, player.seat):
            options.append("trade:resources")
        return with_partial_gains(player, options)
    if action == "produce":
        return produce_options(state, player)
    raise AssertionError(action)


def take_coins(player: Player, action: str) -> None:
    player.coins += gain_amount(player, action)[1]


def bolster(state: GameState, player: Player, action: str) -> None:
    """Pay 1 coin for power or combat cards; the Monument adds 1 popularity."""
    player.coins -= 1
    option, amount = gain_amount(player, action)
    if option == "bolster:power":
        gain_power(player, amount)
    else:
        draw_combat_cards(state, player, amount)
    if "monument" in player.structures:
        gain_popularity(player, 1)


def pay_for_trade(player: Player) -> None:
    """Trade costs 1 coin; the Armory adds 1 power."""
    player.coins -= 1
    if "armory" in player.structures:
        gain_power(player, 1)


def gain_trade_popularity(player: Player, action: str) -> None:
    gain_popularity(player, gain_amount(player, action)[1])


# --- trade -------------------------------------------------------------------


def trade_territories(state: GameState, seat: int) -> list[str]:
    """Controlled territories with at least one of the seat's workers (not lakes).

    Our readings: a worker is only on a lake aboard a mech and resources may not stay
    there, so a lake takes no traded resources; the two resources may go to different
    territories ("any territories" in the English summary)."""
    player = state.players[seat]
    return [
        h
        for h in state.controlled_territories(seat)
        if h in player.workers and TERRAIN[h] != "lake"
    ]


def trade_places(state: GameState) -> list[str]:
    """ "gain:<resource>@<hex>" for one traded resource."""
    hexes = trade_territories(state, state.active_seat)
    return [f"gain:{res}@{h}" for h in hexes for res in RESOURCES]


# --- produce -----------------------------------------------------------------


def produce_territories(state: GameState, player: Player) -> list[str]:
    """Territories the player may produce on: controlled, with a worker or the Mill."""
    mill = player.structures.get("mill")
    return [
        h
        for h in state.controlled_territories(player.seat)
        if TERRAIN[h] in PRODUCTION and (h in player.workers or h == mill)
    ]


def produce_options(state: GameState, player: Player) -> list[str]:
    """Up to 2 (3 upgraded) territories, plus the Mill's territory as an extra one.

    The rulebook: the Mill produces as one worker, with any workers there, and
    "het is een extra gebied voor productie" (it is an additional territory).
    """
    if not can_afford_track_cost(player, produce_cost(player)):
        return []
    hexes = produce_territories(state, player)
    mill = player.structures.get("mill")
    others = [h for h in hexes if h != mill]
    extras = ([], [mill]) if mill in hexes else ([],)
    limit = top_amount(player, "produce_territories")
    options = []
    for k in range(min(limit, len(others)) + 1):
        for combo in combinations(others, k):
            for extra in extras:
                chosen = sorted([*combo, *extra], key=reading_order_key)
                if chosen:
                    options.append(format_produce(chosen))
    return sorted(options)


def production_queue(player: Player, hexes: list[str], mill: str | None) -> list[list]:
    """[hex, product, producers] for each territory, in reading order (the Mill is one
    producer more on its territory)."""
    return [
        [hid, PRODUCTION[TERRAIN[hid]], player.workers.count(hid) + (1 if hid == mill else 0)]
        for hid in sorted(hexes, key=reading_order_key)
    ]


def produce_choices(state: GameState, product: str, makers: int) -> list[int]:
    """How many a territory may produce (the full amount first)."""
    if product == "worker":
        return list(range(min(makers, state.active.workers.count(None)), -1, -1))
    return list(range(makers, 0, -1))


def produce_one(state: GameState, hid: str, product: str, amount: int) -> None:
    """One territory produces ``amount`` (workers come from the mat)."""
    if product == "worker":
        for _ in range(amount):
            deploy_worker(state.active, hid)
    elif amount:
        state.add_resource(hid, product, amount)


# --- move --------------------------------------------------------------------


def has_movable_unit(state: GameState) -> bool:
    """Whether any unit may still move (:func:`movable_units` is not empty)."""
    return bool(movable_units(state, first_only=True))


def movable_units(state: GameState, first_only: bool = False) -> list[str]:
    """One representative unit id per (kind, location) that may still move (only the
    first one found with ``first_only``)."""
    player = state.active
    seat = player.seat
    moved = state.turn.get("moved", ())
    facts = state.position_facts()
    units = facts.get(("units", seat))
    if units is None:
        # (unit id, kind, where it stands), as unit_kind and unit_location would give them.
        units = [("character", "character", player.character)]
        units += [(f"mech:{i}", "mech", h) for i, h in enumerate(player.mechs)]
        units += [
            (f"worker:{i}", "worker", w) for i, w in enumerate(player.workers) if w is not None
        ]
        facts["units", seat] = units
    seen: set[tuple[str, str]] = set()
    result = []
    for uid, kind, where in units:
        if uid in moved:
            continue
        key = (kind, where)
        if key in seen:
            continue
        seen.add(key)
        if legal_steps(state, seat, kind, where, facts):
            result.append(uid)
            if first_only:
                break
    return result


def start_unit_move(state: GameState, uid: str) -> dict:
    """The facts of one unit's move as it starts (its origin is remembered)."""
    player = state.active
    speed = unit_kind(uid) != "worker" and has_mech_ability(player, "speed")
    state.turn.setdefault("origins", {})[uid] = unit_location(player, uid)
    return {
        "unit": uid,
        "at": unit_location(player, uid),
        "steps_left": 2 if speed else 1,
        "stepped": False,
        # Resources carried: they stay on the board and go along step by step.
        "cargo": {},
        "passengers": [],
    }


def _can_load(state: GameState, pending: dict) -> bool:
    if not pending["stepped"]:
        return True
    return unit_kind(pending["unit"]) == "mech" and has_mech_ability(state.active, "speed")


def move_unit_options(state: GameState, pending: dict) -> list[str]:
    """Load, drop, a step ("to:<hex>"), or stop (after a step) for the moving unit."""
    player = state.active
    at = pending["at"]
    options = []
    if _can_load(state, pending):
        for res, n in state.resources_at(at).items():
            if n > pending["cargo"].get(res, 0):
                options.append(f"load:{res}")
        if unit_kind(pending["unit"]) == "mech":
            moved = set(state.turn.get("moved", ()))
            seen = set()
            for i, w in enumerate(player.workers):
                wid = f"worker:{i}"
                if w == at and wid not in pending["passengers"]:
                    key = wid in moved
                    if key not in seen:
                        seen.add(key)
                        options.append(f"load:{wid}")
        if pending["stepped"] and TERRAIN[at] != "lake":
            options += [f"drop:{res}" for res in sorted(pending["cargo"])]
            options += [f"drop:{w}" for w in pending["passengers"]]
    options += [f"to:{h}" for h in legal_steps(state, player.seat, unit_kind(pending["unit"]), at)]
    if pending["stepped"]:
        options.append("stop")
    return sorted(options)


def update_cargo(state: GameState, pending: dict, verb: str, arg: str) -> None:
    """Load or drop one resource or worker (a mech carries workers)."""
    if verb == "load":
        if unit_kind(arg) == "worker":
            pending["passengers"].append(arg)
            state.turn.setdefault("origins", {}).setdefault(arg, pending["at"])
        else:
            pending["cargo"][arg] = pending["cargo"].get(arg, 0) + 1
        return
    if unit_kind(arg) == "worker":
        pending["passengers"].remove(arg)
    else:
        pending["cargo"][arg] -= 1
        if not pending["cargo"][arg]:
            del pending["cargo"][arg]


def step_unit(state: GameState, pending: dict, dest: str) -> bool:
    """One step with the cargo; False when the unit's move is over."""
    player = state.active
    uid = pending["unit"]
    kind = unit_kind(uid)
    if TERRAIN[pending["at"]] == "lake":
        _take_everything_off_lake(state, player, pending)
    stop = stops_on_entry(state, player.seat, kind, dest)
    for res, n in pending["cargo"].items():
        state.add_resource(pending["at"], res, -n)
        state.add_resource(dest, res, n)
    set_unit_location(player, uid, dest)
    for wid in pending["passengers"]:
        set_unit_location(player, wid, dest)
    pending["at"] = dest
    pending["stepped"] = True
    pending["steps_left"] -= 1
    return not (
        stop or pending["steps_left"] == 0 or not legal_steps(state, player.seat, kind, dest)
    )


def _take_everything_off_lake(state: GameState, player: Player, pending: dict) -> None:
    """Workers and resources may not be left on a lake after moving off it.

    The last character or mech leaving takes the resources along. Workers need a
    mech ("nor may a worker move off the lake without the assistance of the mech"),
    so the last *mech* leaving takes them, even if the character stays behind:
    the character could never carry them off later.
    """
    lake = pending["at"]
    if player.combat_units_at(lake) == 1:
        pending["cargo"] = dict(state.resources_at(lake))
    if unit_kind(pending["unit"]) == "mech" and player.mechs.count(lake) == 1:
        for i, w in enumerate(player.workers):
            wid = f"worker:{i}"
            if w == lake and wid not in pending["passengers"]:
                pending["passengers"].append(wid)
                state.turn.setdefault("origins", {}).setdefault(wid, lake)


def _drive_out_workers(state: GameState, player: Player, hid: str) -> None:
    """Enemy workers alone on hid retreat home; the mover loses 1 popularity each.

    Camaraderie spares the popularity: the rulebook applies it to every time the
    character or mechs force enemy workers to retreat during one's turn.
    """
    lose = 0 if has_mech_ability(player, "camaraderie") else 1
    for enemy in state.players:
        if enemy.seat == player.seat:
            continue
        driven = hid in enemy.workers
        for i, w in enumerate(enemy.workers):
            if w == hid:
                enemy.workers[i] = enemy.home
                gain_popularity(player, -lose)
                state.log.append({"seat": player.seat, "event": "worker_retreat", "hex": hid})
        if driven and seat_rules(enemy).automa_combat:
            resources_for_conqueror(state, enemy, hid)


def drive_out_workers_after_move(state: GameState) -> None:
    """After the whole Move: enemy workers alone with the mover's character or mechs."""
    player = state.active
    for hid in sorted({player.character, *player.mechs}, key=reading_order_key):
        if not state.enemy_combat_units_at(player.seat, hid):
            _drive_out_workers(state, player, hid)
