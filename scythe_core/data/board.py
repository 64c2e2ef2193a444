"""The base-game Scythe board as data: terrain, tunnels, encounters, rivers, home bases.

Hexes are named ``r{row}c{col}`` (see :mod:`scythe_core.hexes`); home bases are
``HB-<Faction>``. The map is immutable module-level data; nothing here changes
during a game.

>>> TERRAIN["r4c3"]
'factory'
>>> is_river_between("r1c3", "r1c4")
True
>>> sorted(land_neighbours("HB-Nordic"))
['r1c4', 'r1c5']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal, get_args

from .hexes import Hex

#: The closed set of terrains (home bases are "home").
Terrain = Literal["mountain", "farm", "village", "forest", "tundra", "lake", "factory", "home"]
TERRAINS: Final[tuple[Terrain, ...]] = get_args(Terrain)

MOUNTAIN: Final[Terrain] = "mountain"
FARM: Final[Terrain] = "farm"
VILLAGE: Final[Terrain] = "village"
FOREST: Final[Terrain] = "forest"
TUNDRA: Final[Terrain] = "tundra"
LAKE: Final[Terrain] = "lake"
FACTORY_TERRAIN: Final[Terrain] = "factory"
HOME: Final[Terrain] = "home"

#: The five terrains that produce something (village produces workers).
PRODUCING_TERRAINS = (MOUNTAIN, FARM, VILLAGE, FOREST, TUNDRA)

FACTORY = "r4c3"

_TERRAIN_CODES: dict[str, Terrain] = {
    "M": MOUNTAIN,
    "F": FARM,
    "V": VILLAGE,
    "W": FOREST,
    "T": TUNDRA,
    "L": LAKE,
    "X": FACTORY_TERRAIN,
}

# One string per row, one token per column; "." is off the board, "H" a home base.
# A trailing "t" marks a tunnel, a trailing "e" an encounter spot.
_LAYOUT = (
    ".  H  .  .  H  .  .  .",
    ".  M  F  Ve W  T  V  .",
    "L  Te L  Tt Me F  Fe .",
    "H  W  Mt W  L  Wt V  H",
    "F  Ve L  X  M  Te M  .",
    "We W  Ft T  L  Vt L  .",
    "M  Ve Ve Tt W  Me T  .",
    "H  T  L  F  Me V  F  H",
    ".  .  H  V  .  .  .  .",
)

#: Home bases by faction, with their (row, col) on the layout.
HOME_BASE_POSITIONS: dict[str, tuple[int, int]] = {
    "albion": (0, 1),
    "nordic": (0, 4),
    "polania": (3, 0),
    "rusviet": (3, 7),
    "saxony": (7, 0),
    "togawa": (7, 7),
    "crimea": (8, 2),
}

RIVER_EDGE_LIST = [
    "r1c3|r1c4",
    "r1c3|r2c3",
    "r1c4|r2c3",
    "r1c5|r1c6",
    "r1c5|r2c5",
    "r2c1|r3c1",
    "r2c3|r2c4",
    "r2c4|r2c5",
    "r2c4|r3c5",
    "r2c5|r3c6",
    "r2c6|r3c6",
    "r2c6|HB-rusviet",
    "r3c1|r3c2",
    "r3c2|r4c1",
    "r3c5|r3c6",
    "r3c5|r4c5",
    "r4c0|r5c0",
    "r4c0|r5c1",
    "r4c1|r5c1",
    "r4c1|r5c2",
    "r4c4|r4c5",
    "r4c5|r5c5",
    "r5c0|r6c0",
    "r5c1|r6c0",
    "r5c1|r6c1",
    "r5c2|r6c1",
    "r6c1|r6c2",
    "r6c2|r7c3",
    "r6c3|r7c3",
    "r6c3|r7c4",
    "r6c4|r7c4",
    "r7c4|r7c5",
]


def home_base_id(faction: str) -> str:
    """The id of a faction's home base, e.g. ``HB-nordic``."""
    return f"HB-{faction}"


def _parse_layout() -> tuple[
    dict[str, str], frozenset[str], frozenset[str], dict[str, tuple[int, int]]
]:
    terrain: dict[str, str] = {}
    tunnels: set[str] = set()
    encounters: set[str] = set()
    positions: dict[str, tuple[int, int]] = {}
    homes = {pos: home_base_id(f) for f, pos in HOME_BASE_POSITIONS.items()}
    for row, line in enumerate(_LAYOUT):
        for col, token in enumerate(line.split()):
            if token == ".":
                continue
            if token == "H":
                hid = homes[(row, col)]
                terrain[hid] = HOME
                positions[hid] = (row, col)
                continue
            hid = f"r{row}c{col}"
            terrain[hid] = _TERRAIN_CODES[token[0]]
            positions[hid] = (row, col)
            if token.endswith("t"):
                tunnels.add(hid)
            if token.endswith("e"):
                encounters.add(hid)
    return terrain, frozenset(tunnels), frozenset(encounters), positions


TERRAIN, TUNNELS, ENCOUNTER_SPOTS, POSITIONS = _parse_layout()

#: Every hex of the board proper (territories, lakes and the Factory), in reading order.
BOARD_HEXES: tuple[str, ...] = tuple(h for h in TERRAIN if TERRAIN[h] != HOME)
#: Territories: board hexes that are not lakes (the Factory included).
TERRITORIES: tuple[str, ...] = tuple(h for h in BOARD_HEXES if TERRAIN[h] != LAKE)
LAKES: tuple[str, ...] = tuple(h for h in BOARD_HEXES if TERRAIN[h] == LAKE)
HOME_BASES: tuple[str, ...] = tuple(h for h in TERRAIN if TERRAIN[h] == HOME)

RIVER_EDGES: frozenset[frozenset[str]] = frozenset(
    frozenset(edge.split("|")) for edge in RIVER_EDGE_LIST
)


def _hex_of(hid: str) -> Hex:
    row, col = POSITIONS[hid]
    return Hex.from_offset(row, col)


def _build_adjacency() -> dict[str, tuple[str, ...]]:
    by_hex = {_hex_of(h): h for h in TERRAIN}
    adjacency: dict[str, tuple[str, ...]] = {}
    for hid in TERRAIN:
        found = [by_hex[n] for n in _hex_of(hid).neighbours() if n in by_hex]
        # Home bases never touch each other; keep only home-to-board links.
        if TERRAIN[hid] == HOME:
            found = [n for n in found if TERRAIN[n] != HOME]
        else:
            found = [n for n in found if not (TERRAIN[n] == HOME and TERRAIN[hid] == HOME)]
        adjacency[hid] = tuple(sorted(found, key=reading_order_key))
    return adjacency


#: Sort key in reading order: top row first, then left to right (``hid`` -> its (row,
#: column); the dict's own lookup, as sorting calls it for every hex).
reading_order_key: Callable[[str], tuple[int, int]] = POSITIONS.__getitem__


#: Geometric neighbours of every hex (lakes and home bases included, rivers ignored).
ADJACENT: dict[str, tuple[str, ...]] = _build_adjacency()


def is_river_between(a: str, b: str) -> bool:
    """True when a river runs along the shared edge of two adjacent hexes."""
    return frozenset((a, b)) in RIVER_EDGES


def is_lake(hid: str) -> bool:
    return TERRAIN.get(hid) == LAKE


def is_home_base(hid: str) -> bool:
    return TERRAIN.get(hid) == HOME


def land_neighbours(hid: str) -> tuple[str, ...]:
    """Neighbours reachable by land: not across a river, not a lake, not a home base."""
    return tuple(
        n for n in ADJACENT[hid] if not is_river_between(hid, n) and TERRAIN[n] not in (LAKE, HOME)
    )


def hex_distance(a: str, b: str) -> int:
    """Straight-line distance in hexes (ignores rivers and lakes)."""
    return _hex_of(a).distance(_hex_of(b))


def board_summary() -> dict:
    """The board as plain JSON for the page: hexes with terrain and markers, rivers."""
    return {
        "hexes": [
            {
                "id": h,
                "row": POSITIONS[h][0],
                "col": POSITIONS[h][1],
                "terrain": TERRAIN[h],
                "tunnel": h in TUNNELS,
                "encounter": h in ENCOUNTER_SPOTS,
                "factory": h == FACTORY,
            }
            for h in TERRAIN
        ],
        "rivers": sorted(sorted(edge, key=reading_order_key) for edge in RIVER_EDGES),
    }
