"""Card texts in English and Dutch, in our own words: objectives, encounter options,
Factory cards and benefits, generated from the card data (never the printed prose).

>>> encounter_text(1, "en")[1]
'Pay 2 coins: gain 4 food.'
"""

from __future__ import annotations

from ..data.cards import ENCOUNTERS, FACTORY

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
