"""End-game scoring: coins, stars, territories, resources and the structure bonus.

Rules: rulebook "Speleinde en puntentelling" (rules/000, 002 "GAME END AND SCORING"),
data sheet sections 4 and 5, and the Automa rulebook "Puntentelling" (rules/003).

Coins per star, per territory and per 2 resources depend on the popularity tier
(:func:`scythe_core.data.popularity_tier`); the structure bonus does not.

>>> from scythe_core.setup import new_game
>>> state = new_game({"seed": 1, "seats": [{"faction": "nordic", "mat": "industrial"},
...                                       {"faction": "saxony", "mat": "engineering"}]})
>>> entry = score_breakdown(state, 0)
>>> entry["territory_count"], entry["territories"]  # two workers, popularity 2 -> 2 coins each
(2, 4)
>>> [e["rank"] for e in final_scores(state)]
[1, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..data.board import ADJACENT, ENCOUNTER_SPOTS, FACTORY, LAKES, POSITIONS, TERRAIN, TUNNELS
from ..data.components import popularity_tier
from ..data.hexes import Hex
from ..model.seats import seat_rules
from ..model.state import GameState, Player

#: At the end of the game the Factory counts as this many territories.
FACTORY_TERRITORIES = 3
#: The Automa's popularity marker stays on this space all game (rules/003).
AUTOMA_POPULARITY = 10
#: Against an Automa a human scores at most this many resources per territory (rules/003).
AUTOMA_GAME_RESOURCE_CAP = 6

#: Coins by count: (lowest count, coins), highest bracket first.
Brackets = tuple[tuple[int, int], ...]
_ADJACENT_BRACKETS: Brackets = ((6, 9), (4, 6), (2, 4), (1, 2))
_ON_TUNNEL_BRACKETS: Brackets = ((3, 6), (2, 4), (1, 2))
_FOUR_STEP_BRACKETS: Brackets = ((4, 9), (3, 6), (2, 4), (1, 2))

# The three hex axes, one direction each (the opposite directions give the same lines).
_ROW_AXES = ("E", "SE", "SW")
_OPPOSITE = {"E": "W", "SE": "NW", "SW": "NE"}


def _hex(hid: str) -> Hex:
    return Hex.from_offset(*POSITIONS[hid])


def _adjacent_to(targets: Iterable[str]) -> Callable[[list[str]], int]:
    """Counter: distinct target hexes that neighbour at least one structure.

    Adjacency is geometric (rivers do not matter). A structure standing on a target
    hex does not make that hex "adjacent"; another structure must neighbour it.
    """
    target_set = frozenset(targets)

    def count(sites: list[str]) -> int:
        near: set[str] = set()
        for site in sites:
            near.update(h for h in ADJACENT[site] if h in target_set)
        return len(near)

    return count


def _on_tunnels(sites: list[str]) -> int:
    """Tunnel territories with a structure on them (a Mine is not a tunnel here)."""
    return len(set(sites) & TUNNELS)


def _on_farms_tundras(sites: list[str]) -> int:
    return sum(1 for s in set(sites) if TERRAIN[s] in ("farm", "tundra"))


def _row_steps() -> dict[str, dict[str, str | None]]:
    """For every board hex and each direction of the row axes: the board hex one step on."""
    by_cell = {_hex(hid): hid for hid in POSITIONS}
    directions = (*_ROW_AXES, *_OPPOSITE.values())
    return {
        hid: {d: by_cell.get(cell.neighbour(d)) for d in directions}
        for cell, hid in by_cell.items()
    }


_ROW_STEP = _row_steps()


def longest_row(sites: Iterable[str]) -> int:
    """Most structures in one unbroken straight line, along any of the three hex axes.

    >>> longest_row(["r4c4", "r4c5", "r4c6"]), longest_row(["r1c1", "r4c4"]), longest_row([])
    (3, 1, 0)
    """
    cells = set(sites)
    best = 0
    for cell in cells:
        steps = _ROW_STEP[cell]
        for axis in _ROW_AXES:
            if steps[_OPPOSITE[axis]] in cells:
                continue  # not the start of a run along this axis
            length, step = 1, steps[axis]
            while step in cells:
                length, step = length + 1, _ROW_STEP[step][axis]
            best = max(best, length)
    return best


#: Structure bonus tile -> (what it counts, coins by count).
STRUCTURE_BONUS: dict[str, tuple[Callable[[list[str]], int], Brackets]] = {
    "adjacent_tunnels": (_adjacent_to(TUNNELS), _ADJACENT_BRACKETS),
    "adjacent_lakes": (_adjacent_to(LAKES), _ADJACENT_BRACKETS),
    "adjacent_encounters": (_adjacent_to(ENCOUNTER_SPOTS), _ADJACENT_BRACKETS),
    "on_tunnels": (_on_tunnels, _ON_TUNNEL_BRACKETS),
    "in_a_row": (longest_row, _FOUR_STEP_BRACKETS),
    "on_farms_tundras": (_on_farms_tundras, _FOUR_STEP_BRACKETS),
}


def bracket_coins(brackets: Brackets, count: int) -> int:
    """Coins for a count on a bracket table (0 below the lowest bracket)."""
    for low, coins in brackets:
        if count >= low:
            return coins
    return 0


def structure_bonus_count(tile: str, sites: list[str]) -> int:
    """How many of the tile's goals the structures on ``sites`` reach."""
    counter, _ = STRUCTURE_BONUS[tile]
    return counter(sites)


def structure_bonus_coins(tile: str, sites: list[str]) -> int:
    """Coins the structure bonus tile pays for structures on ``sites``."""
    _, brackets = STRUCTURE_BONUS[tile]
    return bracket_coins(brackets, structure_bonus_count(tile, sites))


def is_automa_game(state: GameState) -> bool:
    """True when any seat is played by the Automa (its scoring rules then apply)."""
    return any(seat_rules(p).plays_cards for p in state.players)


def territory_count(state: GameState, seat: int) -> int:
    """Territories and lakes controlled, the Factory counting as three."""
    held = state.controlled_territories(seat)
    return len(held) + (FACTORY_TERRITORIES - 1) * (FACTORY in held)


def resource_count(state: GameState, seat: int, cap: int | None = None) -> int:
    """Resource tokens on territories the seat controls, at most ``cap`` per territory."""
    total = 0
    for hid, bucket in state.resources.items():
        if state.territory_controller(hid) == seat:
            here = sum(bucket.values())
            total += here if cap is None else min(here, cap)
    return total


def units_in_play(player: Player) -> int:
    """Workers, mechs and structures on the board (tie-breaker 1); not those on mats."""
    return player.workers_on_board() + len(player.mechs) + len(player.structures)


def score_breakdown(state: GameState, seat: int) -> dict:
    """One seat's end-game coins by category, with the counts behind them."""
    player = state.players[seat]
    automa = seat_rules(player).plays_cards
    popularity = AUTOMA_POPULARITY if automa else player.popularity
    per_star, per_territory, per_two_resources = popularity_tier(popularity)
    if automa:
        resources = 0  # the Automa neither produces nor scores resources
    else:
        cap = AUTOMA_GAME_RESOURCE_CAP if is_automa_game(state) else None
        resources = resource_count(state, seat, cap)
    territories = territory_count(state, seat)
    sites = [] if automa else list(player.structures.values())
    bonus_count = structure_bonus_count(state.structure_bonus, sites)
    entry = {
        "seat": seat,
        "faction": player.faction,
        "controller": player.controller,
        "coins": player.coins,
        "stars": player.star_count * per_star,
        "territories": territories * per_territory,
        "resources": resources // 2 * per_two_resources,
        "structure_bonus": structure_bonus_coins(state.structure_bonus, sites),
        "star_count": player.star_count,
        "territory_count": territories,
        "resource_count": resources,
        "structure_bonus_tile": state.structure_bonus,
        "structure_bonus_count": bonus_count,
        "popularity": popularity,
        "tier": [per_star, per_territory, per_two_resources],
        "power": player.power,
        "units": units_in_play(player),
    }
    entry["total"] = sum(
        entry[k] for k in ("coins", "stars", "territories", "resources", "structure_bonus")
    )
    return entry


def _rank_key(entry: dict, count_resources: bool) -> tuple[int, ...]:
    """Coins, then the six tie-breakers in rulebook order (higher is better)."""
    return (
        entry["total"],
        entry["units"],
        entry["power"],
        entry["popularity"],
        entry["resource_count"] if count_resources else 0,
        entry["territory_count"],
        entry["star_count"],
    )


def final_scores(state: GameState) -> list[dict]:
    """Every seat's breakdown plus ``rank`` (1 = winner), best first.

    Ties on coins go to the six tie-breakers in order; seats still equal share a
    rank (and the next rank is skipped). Against an Automa resources are no
    tie-breaker.
    """
    count_resources = not is_automa_game(state)
    entries = [score_breakdown(state, p.seat) for p in state.players]
    entries.sort(key=lambda e: (_negate(_rank_key(e, count_resources)), e["seat"]))
    for i, entry in enumerate(entries):
        previous = entries[i - 1] if i else None
        tied = previous is not None and _rank_key(previous, count_resources) == _rank_key(
            entry, count_resources
        )
        entry["rank"] = previous["rank"] if tied else i + 1
    return entries


def _negate(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-v for v in values)


__all__ = [
    "AUTOMA_GAME_RESOURCE_CAP",
    "AUTOMA_POPULARITY",
    "FACTORY_TERRITORIES",
    "STRUCTURE_BONUS",
    "bracket_coins",
    "final_scores",
    "is_automa_game",
    "longest_row",
    "resource_count",
    "score_breakdown",
    "structure_bonus_coins",
    "structure_bonus_count",
    "territory_count",
    "units_in_play",
]
