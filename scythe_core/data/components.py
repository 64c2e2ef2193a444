"""Component data for the base game: factions, player mats, tracks, tiles, decks.

Facts only, restated from the project's data sheet; texts are our own words.
"""

from __future__ import annotations

from typing import Literal, get_args

#: The closed set of resources.
Resource = Literal["oil", "metal", "food", "wood"]
RESOURCES: tuple[Resource, ...] = get_args(Resource)
#: What a territory may produce: a resource, or workers (villages).
Product = Resource | Literal["worker"]

#: What each terrain produces ("worker" for villages).
PRODUCTION: dict[str, Product] = {
    "mountain": "metal",
    "farm": "food",
    "tundra": "oil",
    "forest": "wood",
    "village": "worker",
}

#: Clockwise seating order of the base factions around the board.
SEATING_ORDER = ("nordic", "rusviet", "crimea", "saxony", "polania")

FACTIONS: dict[str, dict] = {
    "nordic": {
        "power": 4,
        "combat_cards": 1,
        "ability": "swim",
        "mechs": ("riverwalk", "seaworthy", "artillery", "speed"),
        "riverwalk": ("forest", "mountain"),
    },
    "rusviet": {
        "power": 3,
        "combat_cards": 2,
        "ability": "relentless",
        "mechs": ("riverwalk", "township", "peoples_army", "speed"),
        "riverwalk": ("farm", "village"),
    },
    "polania": {
        "power": 2,
        "combat_cards": 3,
        "ability": "meander",
        "mechs": ("riverwalk", "submerge", "camaraderie", "speed"),
        "riverwalk": ("village", "mountain"),
    },
    "crimea": {
        "power": 5,
        "combat_cards": 0,
        "ability": "coercion",
        "mechs": ("riverwalk", "wayfare", "scout", "speed"),
        "riverwalk": ("farm", "tundra"),
    },
    "saxony": {
        "power": 1,
        "combat_cards": 4,
        "ability": "dominate",
        "mechs": ("riverwalk", "underpass", "disarm", "speed"),
        "riverwalk": ("forest", "mountain"),
    },
}

TOP_ACTIONS = ("move", "trade", "bolster", "produce")
BOTTOM_ACTIONS = ("upgrade", "deploy", "build", "enlist")

#: The resource each bottom action costs.
BOTTOM_COST_RESOURCE = {"upgrade": "oil", "deploy": "metal", "build": "wood", "enlist": "food"}

#: Recruit ongoing bonus earned under each bottom action.
RECRUIT_ONGOING_BONUS = {
    "upgrade": "power",
    "deploy": "coins",
    "build": "popularity",
    "enlist": "cards",
}

#: Recruit one-time bonuses on the faction mat, and the amount each gives.
RECRUIT_ONE_TIME = ("power", "coins", "popularity", "cards")
RECRUIT_ONE_TIME_AMOUNT = 2

#: Structure built from under each top action, and its effect.
STRUCTURE_UNDER = {"move": "mine", "trade": "armory", "bolster": "monument", "produce": "mill"}
STRUCTURES = ("mine", "armory", "monument", "mill")

#: Upgradable top-row slots: (top action, slot name) -> (base amount, upgraded amount).
TOP_SLOTS: dict[str, tuple[str, int, int]] = {
    "move_units": ("move", 2, 3),
    "move_coins": ("move", 1, 2),
    "trade_popularity": ("trade", 1, 2),
    "bolster_power": ("bolster", 2, 3),
    "bolster_cards": ("bolster", 1, 2),
    "produce_territories": ("produce", 2, 3),
}

# Mat sections, left to right: (top action, bottom base cost, bottom min cost, coins).
# The bottom row is always upgrade, deploy, build, enlist.
MATS: dict[str, dict] = {
    "industrial": {
        "number": 1,
        "popularity": 2,
        "coins": 4,
        "sections": (
            ("bolster", 3, 2, 3),
            ("produce", 3, 1, 2),
            ("move", 3, 2, 1),
            ("trade", 4, 2, 0),
        ),
    },
    "engineering": {
        "number": 2,
        "popularity": 2,
        "coins": 5,
        "sections": (
            ("produce", 3, 2, 2),
            ("trade", 4, 2, 0),
            ("bolster", 3, 1, 3),
            ("move", 3, 2, 1),
        ),
    },
    "patriotic": {
        "number": 3,
        "popularity": 2,
        "coins": 6,
        "sections": (
            ("move", 2, 2, 1),
            ("bolster", 4, 1, 3),
            ("trade", 4, 2, 0),
            ("produce", 3, 2, 2),
        ),
    },
    "mechanical": {
        "number": 4,
        "popularity": 3,
        "coins": 6,
        "sections": (
            ("trade", 3, 2, 0),
            ("bolster", 3, 1, 2),
            ("move", 3, 2, 2),
            ("produce", 4, 2, 2),
        ),
    },
    "agricultural": {
        "number": 5,
        "popularity": 4,
        "coins": 7,
        "sections": (
            ("move", 2, 2, 1),
            ("trade", 4, 2, 0),
            ("produce", 4, 2, 2),
            ("bolster", 3, 1, 3),
        ),
    },
}

#: Faction/mat pairs that are never dealt together.
BANNED_PAIRS = frozenset({("rusviet", "industrial"), ("crimea", "patriotic")})

POWER_MAX = 16
POPULARITY_MAX = 18
STARS_TO_END = 6

#: Star goals met by a count reaching this value; one star each, in the order they are placed.
STAR_GOALS = {
    "upgrades": 6,
    "mechs": 4,
    "structures": 4,
    "recruits": 4,
    "workers": 8,
    "power": POWER_MAX,
    "popularity": POPULARITY_MAX,
}
#: The only star goal the Automa can meet (besides combats and its star card).
AUTOMA_STAR_GOALS = ("power",)

#: Coins the Trade and Bolster top actions cost (Move and Produce cost none; Produce has
#: its own track cost below).
TOP_ACTION_COINS = {"trade": 1, "bolster": 1}

#: Produce cost by workers on the board: (min workers, power, popularity, coins).
PRODUCE_COST_STEPS = ((4, 1, 0, 0), (6, 1, 1, 0), (8, 1, 1, 1))

#: Combat card values and how many of each are in the deck.
COMBAT_DECK = {2: 16, 3: 12, 4: 8, 5: 6}

#: Popularity tiers: (lowest popularity, coins per star, per territory, per 2 resources).
POPULARITY_TIERS = ((13, 5, 4, 3), (7, 4, 3, 2), (0, 3, 2, 1))

STRUCTURE_BONUS_TILES = (
    "adjacent_tunnels",
    "adjacent_lakes",
    "adjacent_encounters",
    "on_tunnels",
    "in_a_row",
    "on_farms_tundras",
)

#: Base-game card numbers.
FACTORY_CARDS = tuple(range(1, 13))
OBJECTIVE_CARDS = tuple(range(1, 24))
ENCOUNTER_CARDS = tuple(range(1, 29))

STAR_CATEGORIES = (
    "upgrades",
    "mechs",
    "structures",
    "recruits",
    "workers",
    "objective",
    "combat",
    "power",
    "popularity",
)


def mat_section(mat: str, index: int) -> tuple[str, str, int, int, int]:
    """(top action, bottom action, base cost, min cost, coins) of a mat section."""
    top, base, low, coins = MATS[mat]["sections"][index]
    return top, BOTTOM_ACTIONS[index], base, low, coins


def bottom_slots(mat: str, bottom: str) -> int:
    """How many technology cubes the bottom action of this mat can take."""
    _, _, base, low, _ = mat_section(mat, BOTTOM_ACTIONS.index(bottom))
    return base - low


def popularity_tier(popularity: int) -> tuple[int, int, int]:
    """Coins per star, per territory and per 2 resources at this popularity."""
    for low, star, territory, resources in POPULARITY_TIERS:
        if popularity >= low:
            return star, territory, resources
    raise ValueError(popularity)
