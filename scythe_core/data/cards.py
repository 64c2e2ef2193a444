"""Card data: encounter, Factory and objective cards, with short texts in English and Dutch.

Effects are structured data restated from the project's data sheet (sections 7-9);
the texts are generated or written in our own words, never the printed card prose.

A benefit is a list of parts ``(kind, amount)``. Kinds: ``coins``, ``popularity``,
``power``, ``cards`` (combat cards), a resource (``oil``, ``metal``, ``food``,
``wood``), ``any`` (resources of any types, chosen one by one), ``worker``,
``build``, ``deploy``, ``enlist``, ``upgrade``, ``produce`` (territories) and
``peek`` (look at an opponent's combat cards).

>>> encounter_option(1, 2)
{'cost': {'coins': 2}, 'gain': [('food', 4)]}
>>> encounter_text(1, "en")[1]
'Pay 2 coins: gain 4 food.'
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

_OBJECTIVE_TEXTS = {
    1: ("Control 3 or more mountains.", "Beheer 3 of meer bergen."),
    2: ("Control 3 or more tunnel territories.", "Beheer 3 of meer tunnelgebieden."),
    3: ("Control 3 or more farms.", "Beheer 3 of meer boerderijen."),
    4: ("Control 3 or more tundras.", "Beheer 3 of meer toendra's."),
    5: (
        "Control the Factory while no one has more power than you.",
        "Beheer de Fabriek terwijl niemand meer kracht heeft dan jij.",
    ),
    6: (
        "This turn, make an opponent's worker retreat, and have 7 or more power.",
        "Laat deze beurt een werker van een tegenstander terugtrekken en heb 7 of meer kracht.",
    ),
    7: (
        "Own a Factory card and at least 1 mech, with no more than 3 workers.",
        "Bezit een Fabriekkaart en minstens 1 mech, met niet meer dan 3 werkers.",
    ),
    8: (
        "Hold 2 coins or fewer, at least 4 workers and at least 7 popularity.",
        "Heb hoogstens 2 munten, minstens 4 werkers en minstens 7 populariteit.",
    ),
    9: (
        "Control one territory holding 9 or more resources, with every type among them.",
        "Beheer een gebied met 9 of meer grondstoffen, waaronder elk soort.",
    ),
    10: ("Control 3 or more forests.", "Beheer 3 of meer bossen."),
    11: ("Control 3 or more villages.", "Beheer 3 of meer dorpen."),
    12: ("Hold 20 coins or more.", "Heb 20 of meer munten."),
    13: (
        "Have 6 or more of your pieces (character, workers, mechs, structures) on one territory.",
        "Heb 6 of meer eigen stukken (karakter, werkers, mechs, gebouwen) op een gebied.",
    ),
    14: (
        "Have at least 1 upgrade, mech, structure and recruit, and control one of each resource.",
        "Heb minstens 1 opwaardering, mech, gebouw en rekruut, en beheer elk soort grondstof.",
    ),
    15: (
        "Have exactly as many workers as recruits.",
        "Heb precies evenveel werkers als rekruten.",
    ),
    16: (
        "Control a territory with your character, exactly 1 mech, exactly 1 worker "
        "and 5 or more resources.",
        "Beheer een gebied met je karakter, precies 1 mech, precies 1 werker "
        "en 5 of meer grondstoffen.",
    ),
    17: (
        "Own no Factory card and control 2 or more territories next to the Factory.",
        "Bezit geen Fabriekkaart en beheer 2 of meer gebieden naast de Fabriek.",
    ),
    18: (
        "Have 0 power, at least 13 popularity and at least 5 workers.",
        "Heb 0 kracht, minstens 13 populariteit en minstens 5 werkers.",
    ),
    19: (
        "Control 5 or more territories bordering one and the same lake.",
        "Beheer 5 of meer gebieden die aan hetzelfde meer grenzen.",
    ),
    20: (
        "Have built 3 or more structures, have at least 7 popularity and no mechs.",
        "Heb 3 of meer gebouwen, minstens 7 populariteit en geen mechs.",
    ),
    21: (
        "Control 9 or more resources of a single type.",
        "Beheer 9 of meer grondstoffen van een en hetzelfde soort.",
    ),
    22: (
        "Own a Factory card and have made no upgrades.",
        "Bezit een Fabriekkaart en heb nog geen opwaarderingen gedaan.",
    ),
    23: (
        "Hold 8 or more combat cards and have a star for winning a combat.",
        "Heb 8 of meer gevechtskaarten en een ster voor een gewonnen gevecht.",
    ),
    24: (
        "Have 5 or more workers on one territory next to the Factory.",
        "Heb 5 of meer werkers op een gebied naast de Fabriek.",
    ),
    25: (
        "Have at most 3 popularity, at least 13 power and at least 2 mechs.",
        "Heb hoogstens 3 populariteit, minstens 13 kracht en minstens 2 mechs.",
    ),
    26: (
        "Control a mountain, farm, village, forest and tundra, each with one of your workers.",
        "Beheer een berg, boerderij, dorp, bos en toendra, elk met een eigen werker.",
    ),
    27: (
        "Have 3 or more structures that are not next to your home base.",
        "Heb 3 of meer gebouwen die niet naast je thuisbasis staan.",
    ),
}


def objective_text(card: int, lang: str = "en") -> str:
    """The objective's condition in our own words (``lang`` is "en" or "nl")."""
    return _OBJECTIVE_TEXTS[card][_lang_index(lang)]


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


# --- effect texts ------------------------------------------------------------

_WORDS = {
    "en": {
        "coins": ("coin", "coins"),
        "popularity": ("popularity", "popularity"),
        "power": ("power", "power"),
        "cards": ("combat card", "combat cards"),
        "oil": ("oil", "oil"),
        "metal": ("metal", "metal"),
        "food": ("food", "food"),
        "wood": ("wood", "wood"),
        "any": ("resource of any type", "resources of any types"),
        "resources": ("resource of any type", "resources of any types"),
        "different": ("resource", "resources of different types"),
        "worker": ("worker", "workers"),
    },
    "nl": {
        "coins": ("munt", "munten"),
        "popularity": ("populariteit", "populariteit"),
        "power": ("kracht", "kracht"),
        "cards": ("gevechtskaart", "gevechtskaarten"),
        "oil": ("olie", "olie"),
        "metal": ("metaal", "metaal"),
        "food": ("voedsel", "voedsel"),
        "wood": ("hout", "hout"),
        "any": ("grondstof naar keuze", "grondstoffen naar keuze"),
        "resources": ("grondstof naar keuze", "grondstoffen naar keuze"),
        "different": ("grondstof", "verschillende grondstoffen"),
        "worker": ("werker", "werkers"),
    },
}

_ACTIONS = {
    "en": {
        "build": "build a structure",
        "deploy": "deploy a mech",
        "enlist": "enlist a recruit",
        "upgrade": "upgrade once",
        "produce": "produce on up to {n} territories (no Mill)",
        "peek": "look at one opponent's combat cards",
    },
    "nl": {
        "build": "bouw een gebouw",
        "deploy": "plaats een mech",
        "enlist": "werf een rekruut aan",
        "upgrade": "waardeer eenmaal op",
        "produce": "produceer op hoogstens {n} gebieden (zonder Molen)",
        "peek": "bekijk de gevechtskaarten van een tegenstander",
    },
}

_GLUE = {
    "en": {"and": " and ", "or": " or ", "gain": "gain", "pay": "Pay {}: {}."},
    "nl": {"and": " en ", "or": " of ", "gain": "ontvang", "pay": "Betaal {}: {}."},
}


def _lang_index(lang: str) -> int:
    if lang not in ("en", "nl"):
        raise ValueError(f"unknown language {lang!r}")
    return 0 if lang == "en" else 1


def _amount(kind: str, n: int, lang: str) -> str:
    one, many = _WORDS[lang][kind]
    return f"{n} {one if n == 1 else many}"


def _join(items: list[str], lang: str) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + _GLUE[lang]["and"] + items[-1]


def benefit_text(parts: list[tuple[str, int]], lang: str = "en") -> str:
    """A benefit as a clause: 'gain 1 worker and 3 food', 'upgrade once and gain 2 ...'."""
    _lang_index(lang)
    clauses: list[str] = []
    amounts: list[str] = []

    def flush() -> None:
        if amounts:
            clauses.append(f"{_GLUE[lang]['gain']} {_join(amounts, lang)}")
            amounts.clear()

    for kind, n in parts:
        if kind in _ACTIONS[lang]:
            flush()
            clauses.append(_ACTIONS[lang][kind].format(n=n))
        else:
            amounts.append(_amount(kind, n, lang))
    flush()
    return _join(clauses, lang)


def _sentence(cost: dict, benefit: str, lang: str) -> str:
    if not cost:
        return benefit[0].upper() + benefit[1:] + "."
    paid = _join([_amount(k, n, lang) for k, n in cost.items()], lang)
    return _GLUE[lang]["pay"].format(paid, benefit)


def encounter_text(card: int, lang: str = "en") -> tuple[str, ...]:
    """The three options of an encounter card as short sentences."""
    return tuple(
        _sentence(o["cost"], benefit_text(o["gain"], lang), lang) for o in ENCOUNTERS[card]
    )


def factory_text(card: int, lang: str = "en") -> str:
    """The top action of a Factory card as one short sentence (its bottom is always a Move)."""
    data = FACTORY[card]
    benefit = _GLUE[lang]["or"].join(benefit_text(alt, lang) for alt in data["choose"])
    return _sentence(data["cost"], benefit, lang)


FACTORY_MOVE_TEXT = {
    "en": "Move one unit up to two times (three with Speed for the character or a mech).",
    "nl": "Beweeg een eenheid tot twee keer (drie met Snelheid voor het karakter of een mech).",
}
