"""Card data: encounter, Factory and objective cards (their texts: io/card_texts.py).

Effects are structured data restated from the project's data sheet (sections 7-9);
the texts are generated or written in our own words, never the printed card prose.

A benefit is a list of parts ``(kind, amount)``. Kinds: ``coins``, ``popularity``,
``power``, ``cards`` (combat cards), a resource (``oil``, ``metal``, ``food``,
``wood``), ``any`` (resources of any types, chosen one by one), ``worker``,
``build``, ``deploy``, ``enlist``, ``upgrade``, ``produce`` (territories) and
``peek`` (look at an opponent's combat cards).

>>> encounter_option(1, 2)
{'cost': {'coins': 2}, 'gain': [('food', 4)]}
>>> factory_card(2)["choose"]
[[('enlist', 1)], [('upgrade', 1)]]
"""

from __future__ import annotations

from .components import ENCOUNTER_CARDS, FACTORY_CARDS, OBJECTIVE_CARDS

#: Game options that add the promo cards to a deck (all off by default).
PROMO_OPTIONS = {
    "encounter": "promo_encounters",
    "factory": "promo_factory",
    "objective": "promo_objectives",
}

PROMO_ENCOUNTERS = tuple(range(29, 37))
PROMO_FACTORY = tuple(range(13, 19))
PROMO_OBJECTIVES = tuple(range(24, 28))

_SHORT = {"pop": "popularity", "$": "coins"}


def _parse_parts(text: str) -> list[tuple[str, int]]:
    parts = []
    for item in text.split(","):
        kind, _, amount = item.strip().partition(" ")
        parts.append((_SHORT.get(kind, kind), int(amount or 1)))
    return parts


def _parse_option(text: str) -> dict:
    cost_text, _, gain_text = text.rpartition(":")
    cost = {}
    if cost_text:
        kind, amount = cost_text.split()
        cost[_SHORT.get(kind, kind)] = int(amount)
    return {"cost": cost, "gain": _parse_parts(gain_text)}


# --- encounter cards ---------------------------------------------------------

# card | option 1 (free) | option 2 (costs coins) | option 3 (costs popularity)
_ENCOUNTER_TABLE = """
1  | $ 2, pop 1     | $ 2: food 4          | pop 2: build
2  | cards 1, pop 1 | $ 2: wood 4          | pop 2: enlist
3  | food 2, pop 1  | $ 2: worker, food 3  | pop 3: deploy
4  | metal 2, pop 1 | $ 3: enlist          | pop 2: metal 4
5  | food 2, pop 1  | $ 4: deploy          | pop 2: food 2, metal 2
6  | $ 2, pop 1     | $ 3: enlist          | pop 2: food 4
7  | oil 2, pop 1   | $ 2: upgrade         | pop 2: oil 4
8  | $ 2, pop 1     | $ 2: oil 4           | pop 2: enlist
9  | oil 2, pop 1   | $ 3: build           | pop 2: oil 4
10 | oil 2, pop 1   | $ 4: deploy          | pop 2: $ 2, any 2
11 | food 2, pop 1  | $ 2: worker, food 3  | pop 2: build
12 | wood 2, pop 1  | $ 3: build           | pop 2: worker, wood 3
13 | $ 2, pop 1     | $ 2: power 2, pop 2  | pop 3: any 5
14 | food 2, pop 1  | $ 2: any 3           | pop 2: worker, metal 3
15 | pop 2          | $ 2: any 3           | pop 3: any 5
16 | food 2, pop 1  | $ 2: worker, any 2   | pop 2: enlist
17 | cards 1, pop 1 | $ 2: power 2, cards 2 | pop 3: deploy
18 | food 2, pop 1  | $ 2: any 3           | pop 2: worker, wood 3
19 | $ 2, pop 1     | $ 2: food 4          | pop 2: cards 2, power 3
20 | cards 1, pop 1 | $ 2: pop 3           | pop 2: wood 4
21 | pop 2          | $ 4: deploy          | pop 2: cards 2, power 3
22 | $ 2, pop 1     | $ 2: metal 4         | pop 2: build
23 | $ 2, pop 1     | $ 3: enlist          | pop 2: worker, food 3
24 | cards 1, pop 1 | $ 2: any 3           | pop 3: deploy
25 | power 2, pop 1 | $ 2: power 4         | pop 2: upgrade, any 2
26 | power 2, pop 1 | $ 2: pop 3           | pop 2: build
27 | $ 2, pop 1     | $ 2: metal 4         | pop 3: deploy
28 | $ 2, pop 1     | $ 2: worker, any 2   | pop 2: build
29 | $ 2, pop 1     | $ 3: upgrade         | pop 2: oil 3, food 1
30 | power 2, pop 1 | $ 2: power 4         | pop 2: build
31 | wood 2, pop 1  | $ 2: pop 3           | pop 2: peek, cards 3
32 | $ 2, pop 1     | $ 2: power 2, cards 2 | pop 2: upgrade, any 2
33 | $ 2, pop 1     | $ 2: power 2, cards 2 | pop 2: upgrade, food 2
34 | $ 2, pop 1     | $ 2: metal 4         | pop 2: enlist
35 | pop 2          | $ 2: wood 4          | pop 2: worker, oil 3
36 | oil 2, pop 1   | $ 4: deploy          | pop 2: worker, oil 3
"""


def _parse_encounters() -> dict[int, tuple[dict, ...]]:
    cards = {}
    for line in _ENCOUNTER_TABLE.strip().splitlines():
        number, *options = (cell.strip() for cell in line.split("|"))
        cards[int(number)] = tuple(_parse_option(o) for o in options)
    return cards


#: Encounter card number -> its three options {"cost": {...}, "gain": [(kind, n), ...]}.
ENCOUNTERS: dict[int, tuple[dict, ...]] = _parse_encounters()


def encounter_option(card: int, option: int) -> dict:
    """Option 1-3 of an encounter card."""
    return ENCOUNTERS[card][option - 1]


# --- Factory cards -----------------------------------------------------------

# card | cost | benefit (alternatives separated by "/")
_FACTORY_TABLE = """
1  | $ 1, cards 1     | produce 2
2  | pop 1            | enlist / upgrade
3  | cards 1          | pop 2
4  | cards 1          | $ 3
5  | power 1          | pop 2
6  | power 1          | $ 3
7  | pop 1            | deploy / build
8  | cards 1          | any 3
9  | $ 2              | upgrade, pop 1
10 | $ 2              | deploy, power 1
11 | $ 2              | build, pop 1
12 | $ 2              | enlist, power 1
13 | different 2      | deploy / build
14 | cards 1          | worker, $ 2
15 | resources 1      | cards 1, power 2
16 | resources 1      | power 1, pop 1, $ 1
17 | cards 1          | upgrade, power 1
18 | different 2      | enlist / upgrade
"""


def _parse_factory() -> dict[int, dict]:
    cards = {}
    for line in _FACTORY_TABLE.strip().splitlines():
        number, cost, gain = (cell.strip() for cell in line.split("|"))
        cards[int(number)] = {
            "cost": dict(_parse_parts(cost)),
            "choose": [_parse_parts(alt) for alt in gain.split("/")],
        }
    return cards


#: Factory card number -> {"cost": {...}, "choose": [benefit, ...]} (one benefit is taken).
#: Cost kinds: coins, popularity, power, cards, resources (any), different (of distinct types).
FACTORY: dict[int, dict] = _parse_factory()


def factory_card(card: int) -> dict:
    return FACTORY[card]


# --- objective cards ---------------------------------------------------------

#: Objective card number -> clauses (stat, comparison, value) that must all hold.
#: The stats are computed by :mod:`scythe_core.objectives`.
OBJECTIVES: dict[int, tuple[tuple[str, str, int], ...]] = {
    1: (("control:mountain", ">=", 3),),
    2: (("control:tunnel", ">=", 3),),
    3: (("control:farm", ">=", 3),),
    4: (("control:tundra", ">=", 3),),
    5: (("control:factory", ">=", 1), ("highest_power", ">=", 1)),
    6: (("workers_forced_out", ">=", 1), ("power", ">=", 7)),
    7: (("factory_card", ">=", 1), ("mechs", ">=", 1), ("workers", "<=", 3)),
    8: (("coins", "<=", 2), ("workers", ">=", 4), ("popularity", ">=", 7)),
    9: (("stockpile", ">=", 9),),
    10: (("control:forest", ">=", 3),),
    11: (("control:village", ">=", 3),),
    12: (("coins", ">=", 20),),
    13: (("pieces_on_one_territory", ">=", 6),),
    14: (
        ("upgrades", ">=", 1),
        ("mechs", ">=", 1),
        ("structures", ">=", 1),
        ("recruits", ">=", 1),
        ("resource:oil", ">=", 1),
        ("resource:metal", ">=", 1),
        ("resource:food", ">=", 1),
        ("resource:wood", ">=", 1),
    ),
    15: (("workers_minus_recruits", "==", 0),),
    16: (("wolf_territories", ">=", 1),),
    17: (("factory_card", "<=", 0), ("control_next_to_factory", ">=", 2)),
    18: (("power", "<=", 0), ("popularity", ">=", 13), ("workers", ">=", 5)),
    19: (("most_around_one_lake", ">=", 5),),
    20: (("structures", ">=", 3), ("popularity", ">=", 7), ("mechs", "<=", 0)),
    21: (("most_of_one_resource", ">=", 9),),
    22: (("factory_card", ">=", 1), ("upgrades", "<=", 0)),
    23: (("combat_cards", ">=", 8), ("combat_stars", ">=", 1)),
    24: (("most_workers_next_to_factory", ">=", 5),),
    25: (("popularity", "<=", 3), ("power", ">=", 13), ("mechs", ">=", 2)),
    26: (("worker_terrain_types", ">=", 5),),
    27: (("structures_away_from_home", ">=", 3),),
}

# --- which cards are in play -------------------------------------------------


def deck_cards(deck: str, options: dict | None = None) -> tuple[int, ...]:
    """Card numbers of a deck ("encounter", "factory", "objective") for these game options.

    The base game uses encounters 1-28, Factory cards 1-12 and objectives 1-23;
    the options ``promo_encounters``, ``promo_factory`` and ``promo_objectives``
    add the promo cards.

    >>> deck_cards("factory", {"promo_factory": True})[-1]
    18
    """
    base, promo = {
        "encounter": (ENCOUNTER_CARDS, PROMO_ENCOUNTERS),
        "factory": (FACTORY_CARDS, PROMO_FACTORY),
        "objective": (OBJECTIVE_CARDS, PROMO_OBJECTIVES),
    }[deck]
    if (options or {}).get(PROMO_OPTIONS[deck]):
        return tuple(base) + promo
    return tuple(base)
