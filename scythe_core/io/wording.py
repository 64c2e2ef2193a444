"""The Automa's log entries in words, English and Dutch.

The engine records what the Automa did as data: each entry of ``state.log`` with
``"event": "automa"`` has a ``code`` and, when the event has any, ``params`` (plain
JSON: ints, strings, lists, small dicts), next to the fields a page uses to show the
turn (``moves``, ``hex``, ``removed``). This module turns such an entry into a
sentence; nothing here is stored in the game state, and no rule module imports it.

>>> describe_event({"event": "automa", "code": "card_drawn", "params": {"card": 3, "plan": 1}}, "en")
'The Automa draws card 3 (Plan I).'
>>> describe_event({"event": "automa", "code": "coins_gained", "params": {"coins": 2}}, "nl")
'De Automa krijgt 2 munt(en).'

Reasons for a move symbol (``why`` of ``symbol_invalid``, ``unit_why`` and ``to_why``
of ``symbol_valid``) and facts (``fact``) are codes as well; see :data:`REASONS`,
:data:`TIE_BREAKERS` and :data:`FACTS`.
"""

from __future__ import annotations

from ..data.board import is_home_base
from ..model.actions import unit_kind

LANGUAGES = ("en", "nl")

#: (English, Dutch)
Text = tuple[str, str]

#: Move symbols (without their faction bracket), see ``automa_moves.plan_move``.
SYMBOL_NAMES: dict[str, Text] = {
    "W": ("move worker", "beweeg werker"),
    "M": ("non-attacking mech move", "niet-aanvallende mechbeweging"),
    "C": ("non-attacking character move", "niet-aanvallende karakterbeweging"),
    "E": ("encounter/Factory", "ontmoeting/Fabriek"),
    "AW": ("attack vs. worker", "aanval vs. werker"),
}

#: Unit kinds with their article: "the worker" / "de werker", "het karakter".
UNIT_NAMES: dict[str, Text] = {
    "worker": ("the worker", "de werker"),
    "mech": ("the mech", "de mech"),
    "character": ("the character", "het karakter"),
}

#: Unit kinds without an article.
UNIT_NOUNS: dict[str, Text] = {
    "worker": ("worker", "werker"),
    "mech": ("mech", "mech"),
    "character": ("character", "karakter"),
}

#: Countable nouns: (one, many, either) in English and in Dutch. The log has always
#: written "either" ("worker(s)"); proper plurals are a change in :func:`counted` alone.
NOUNS: dict[str, tuple[tuple[str, str, str], tuple[str, str, str]]] = {
    "coin": (("coin", "coins", "coin(s)"), ("munt", "munten", "munt(en)")),
    "resource": (
        ("resource", "resources", "resource(s)"),
        ("grondstof", "grondstoffen", "grondstof(fen)"),
    ),
    "enemy_worker": (
        ("enemy worker", "enemy workers", "enemy worker(s)"),
        ("vijandelijke werker", "vijandelijke werkers", "vijandelijke werker(s)"),
    ),
    "random_combat_card": (
        ("random combat card", "random combat cards", "random combat card(s)"),
        (
            "willekeurige gevechtskaart",
            "willekeurige gevechtskaarten",
            "willekeurige gevechtskaart(en)",
        ),
    ),
    "other_automa_unit": (
        ("other Automa unit", "other Automa units", "other Automa unit(s)"),
        ("andere Automa-eenheid", "andere Automa-eenheden", "andere Automa-eenhe(i)d(en)"),
    ),
    "enemy_combat_unit": (
        ("enemy combat unit", "enemy combat units", "enemy combat unit(s)"),
        (
            "vijandelijke gevechtseenheid",
            "vijandelijke gevechtseenheden",
            "vijandelijke gevechtseenhe(i)d(en)",
        ),
    ),
}

#: Why a move symbol is not valid (``params["why"]["code"]`` of ``symbol_invalid``).
REASONS: dict[str, Text] = {
    "no_worker": (
        "no worker on the board or its home base",
        "geen werker op het bord of de thuisbasis",
    ),
    "no_worker_territory": (
        "no territory in reach without enemy units or another Automa worker",
        "geen bereikbaar gebied zonder vijandelijke eenheden of een andere Automa-werker",
    ),
    "worker_territories_threatened": (
        "every valid territory is in the neighbourhood of an enemy combat unit",
        "elk geldig gebied ligt in de buurt van een vijandelijke gevechtseenheid",
    ),
    "no_unit": (
        "no {kind} on the board or its home base",
        "geen {kind} op het bord of de thuisbasis",
    ),
    "no_unit_territory": (
        "no territory in reach without enemy units or other Automa units",
        "geen bereikbaar gebied zonder vijandelijke of andere Automa-eenheden",
    ),
    "character_on_mat": (
        "the character is on the faction mat",
        "het karakter staat op de factiemat",
    ),
    "no_encounter": (
        "no encounter token (or Factory without a card) in any unit's neighbourhood",
        "geen ontmoetingsfiche (of Fabriek zonder kaart) in de buurt van een eenheid",
    ),
    "encounters_blocked": (
        "every such territory holds an enemy unit or an Automa mech",
        "elk zulk gebied bevat een vijandelijke eenheid of een Automa-mech",
    ),
    "power_too_low": (
        "its power {power} is below {need}",
        "zijn kracht {power} is lager dan {need}",
    ),
    "no_combat_unit": ("no combat unit in play", "geen gevechtseenheid in het spel"),
    "no_enemy_combat_unit": (
        "no enemy combat unit in any neighbourhood",
        "geen vijandelijke gevechtseenheid in een buurt",
    ),
    "no_enemy_worker": (
        "no enemy worker without a combat unit in any neighbourhood",
        "geen vijandelijke werker zonder gevechtseenheid in een buurt",
    ),
}

#: What decided the choice of a unit or a destination (``unit_why``, ``to_why``).
TIE_BREAKERS: dict[str, Text] = {
    "only_choice": ("the only choice", "de enige keuze"),
    "all_equal": ("all equal, the first one", "allemaal gelijk, de eerste"),
    "only_character": ("the only character", "het enige karakter"),
    "closest_to_home": ("closest to its home base", "dichtst bij zijn thuisbasis"),
    "closest_to_factory": ("closest to the Factory", "dichtst bij de Fabriek"),
    "reading_order": ("reading order", "leesvolgorde"),
    "most_automa_units": (
        "in the neighbourhood of the most Automa units",
        "in de buurt van de meeste Automa-eenheden",
    ),
    "closest_to_enemy": (
        "shortest distance to an enemy combat unit",
        "kortste afstand tot een vijandelijke gevechtseenheid",
    ),
    "fewest_enemies": ("fewest enemy combat units", "minste vijandelijke gevechtseenheden"),
    "most_resources": ("most resources", "meeste grondstoffen"),
}

#: A fact about the chosen destination (``fact`` of ``symbol_valid``: code and ``n``).
FACTS: dict[str, Text] = {
    "automa_units_around": ("{other_automa_unit} around it", "{other_automa_unit} eromheen"),
    "enemy_distance": ("{n} from an enemy combat unit", "{n} van een vijandelijke gevechtseenheid"),
    "enemy_units_there": ("{enemy_combat_unit} there", "{enemy_combat_unit} daar"),
    "resources_there": ("{resource} there", "{resource} daar"),
}

#: What a flipped combat card may cancel (``target`` of ``combat_card_flipped``).
FLIP_TARGETS: dict[str, Text] = {
    "move_unit": ("moving a unit", "het bewegen van een eenheid"),
    "place_worker": ("placing a worker", "het plaatsen van een werker"),
    "place_unit": ("placing a unit", "het plaatsen van een eenheid"),
}

#: Where a losing Automa's combat units go (``to`` of ``combat_lost``).
RETREAT_PLACES: dict[str, Text] = {
    "mat": ("its faction mat", "zijn factiemat"),
    "home": ("its home base", "zijn thuisbasis"),
}

#: The combat table's power brackets (``column`` of ``combat_choice``).
POWER_BRACKETS = ("0-7", "8-13", "14+")

PLAN_NUMBERS = {1: "I", 2: "II"}

#: Entries worded by filling in their params (``{name}`` = a param, ``{noun}`` = a count
#: of a noun of :data:`NOUNS`, taken from the param named in :data:`COUNTS`).
TEMPLATES: dict[str, Text] = {
    "deck_reshuffled": (
        "The Automa deck is empty: all 19 cards are reshuffled.",
        "De Automastapel is leeg: alle 19 kaarten worden geschud.",
    ),
    "card_drawn": (
        "The Automa draws card {card} (Plan {plan_number}).",
        "De Automa trekt kaart {card} (Plan {plan_number}).",
    ),
    "turn_skipped": (
        "The skip symbol leads the move row: the Automa skips this turn.",
        "Het overslaan-symbool staat op de eerste rij: de Automa slaat deze beurt over.",
    ),
    "no_valid_move": (
        "No move symbol was valid: no move this turn.",
        "Geen enkel bewegingssymbool was geldig: geen beweging deze beurt.",
    ),
    "star_stays": (
        "The card shows a crossed-out star: the star-card cube stays.",
        "De kaart toont een doorgekruiste ster: het blokje op de sterrenkaart blijft staan.",
    ),
    "symbol_skipped": (
        "Skipped '{symbol_name}' in brackets: only for {faction}.",
        "'{symbol_name}' tussen haakjes overgeslagen: enkel voor {faction}.",
    ),
    "symbol_invalid": (
        "Tried '{symbol_name}': not valid, {reason}.",
        "'{symbol_name}' geprobeerd: niet geldig, {reason}.",
    ),
    "workers_driven_home": (
        "{enemy_worker} on {hex} go back to their home base.",
        "{enemy_worker} op {hex} keren terug naar hun thuisbasis.",
    ),
    "resources_removed": (
        "All {resource} on {hex} are removed.",
        "Alle {resource} op {hex} worden verwijderd.",
    ),
    "encounter_token_removed": (
        "The character ends on {hex}: its encounter token is removed.",
        "Het karakter eindigt op {hex}: de ontmoetingsfiche wordt verwijderd.",
    ),
    "factory_card_taken": (
        "The character is on the Factory: the Automa takes a random Factory card face down.",
        "Het karakter staat op de Fabriek: de Automa neemt een willekeurige Fabriekkaart, gedekt.",
    ),
    "combat_choice": (
        "Combat on {hex}: the Automa draws card {card} sideways. At power {power} "
        "({bracket}) it uses {dial} power (table {table}) and {random_combat_card}.",
        "Gevecht op {hex}: de Automa trekt kaart {card} zijdelings. Bij kracht {power} "
        "({bracket}) gebruikt hij {dial} kracht (tabel {table}) en {random_combat_card}.",
    ),
    "combat_lost": (
        "The Automa lost on {hex}: its combat units go to {place}.",
        "De Automa verloor op {hex}: zijn gevechtseenheden gaan naar {place}.",
    ),
    "no_resources_placed": (
        "No resources are placed on {hex}.",
        "Er worden geen grondstoffen op {hex} geplaatst.",
    ),
    "resources_placed": (
        "Card {card} on top of the main discard shows {amount}: "
        "{amount} {resource} placed on {hex}.",
        "Kaart {card} bovenop de hoofdaflegstapel toont {amount}: "
        "{amount} {resource} op {hex} geplaatst.",
    ),
    "combat_card_flipped": (
        "Flipped a combat card for {target}: {value}{outcome}",
        "Gevechtskaart omgedraaid voor {target}: {value}{outcome}",
    ),
    "combat_card_taken": (
        "The Automa takes a hidden combat card.",
        "De Automa krijgt een gedekte gevechtskaart.",
    ),
    "coins_gained": ("The Automa gains {coin}.", "De Automa krijgt {coin}."),
    "power_gained": (
        "The Automa gains {power} power (now {total}).",
        "De Automa krijgt {power} kracht (nu {total}).",
    ),
    "power_star": (
        "It reaches the end of the power track for the first time: a star.",
        "Hij bereikt voor het eerst het einde van het krachtspoor: een ster.",
    ),
    "no_worker_on_mat": (
        "No worker is left on its faction mat.",
        "Er staat geen werker meer op zijn factiemat.",
    ),
    "worker_deployed": (
        "A worker from its faction mat goes to its home base.",
        "Een werker van zijn factiemat gaat naar zijn thuisbasis.",
    ),
    "no_mech_on_mat": (
        "No mech is left on its faction mat.",
        "Er staat geen mech meer op zijn factiemat.",
    ),
    "character_returns": (
        "The character comes back from its faction mat to its home base.",
        "Het karakter komt van zijn factiemat terug naar zijn thuisbasis.",
    ),
    "mech_deployed": (
        "A mech from its faction mat goes to its home base.",
        "Een mech van zijn factiemat gaat naar zijn thuisbasis.",
    ),
    "recruit_bonus": (
        "Recruit bonus ({recruit}): seat {seat} gains 1 {bonus}.",
        "Rekrutbonus ({recruit}): stoel {seat} krijgt 1 {bonus}.",
    ),
    "star_cube_advances": (
        "The star-card cube advances to space {space}.",
        "Het blokje op de sterrenkaart gaat naar vak {space}.",
    ),
    "water_unrestricted": (
        "From now on its units treat lakes as territories and cross every river.",
        "Vanaf nu beschouwen zijn eenheden meren als gebieden en steken ze elke rivier over.",
    ),
    "star_space": (
        "The cube reaches a star space: the Automa places a star.",
        "Het blokje bereikt een sterrenvak: de Automa plaatst een ster.",
    ),
    "plan_switched": (
        "First star from the star card: all 19 cards are reshuffled "
        "and Plan II is used from now on.",
        "Eerste ster van de sterrenkaart: alle 19 kaarten worden geschud "
        "en vanaf nu geldt Plan II.",
    ),
}

#: For a template's counted noun: the param holding the count.
COUNTS: dict[str, dict[str, str]] = {
    "workers_driven_home": {"enemy_worker": "count"},
    "resources_removed": {"resource": "count"},
    "combat_choice": {"random_combat_card": "cards"},
    "coins_gained": {"coin": "coins"},
}


def _lang_index(lang: str) -> int:
    """0 for English, 1 for Dutch; any other language falls back to English."""
    return LANGUAGES.index(lang) if lang in LANGUAGES else 0


def counted(n: int, noun: str, lang: str) -> str:
    """``n`` and a noun of :data:`NOUNS`: "2 coin(s)" (the one place to make plurals)."""
    _one, _many, either = NOUNS[noun][_lang_index(lang)]
    return f"{n} {either}"


def symbol_name(symbol: str, lang: str) -> str:
    """The name of a move symbol (with or without its faction bracket)."""
    symbol = symbol.split(":")[-1]
    i = _lang_index(lang)
    if symbol in SYMBOL_NAMES:
        return SYMBOL_NAMES[symbol][i]
    need = symbol[1:]
    return (
        f"attack vs. combat unit (power at least {need})",
        f"aanval vs. gevechtseenheid (kracht minstens {need})",
    )[i]


def place_name(hid: str, lang: str) -> str:
    """A hex an Automa unit stands on: its id, or "its home base" (its only home base)."""
    if is_home_base(hid):
        return ("its home base", "zijn thuisbasis")[_lang_index(lang)]
    return hid


def reason_text(why: dict, lang: str) -> str:
    """Why a move symbol is not valid: ``{"code": ..., ...params}`` in words."""
    i = _lang_index(lang)
    values = {k: v for k, v in why.items() if k != "code"}
    if "kind" in values:
        values["kind"] = UNIT_NOUNS[values["kind"]][i]
    return REASONS[why["code"]][i].format(**values)


def fact_text(fact: dict, lang: str) -> str:
    """A fact about a destination: ``{"code": ..., "n": ...}`` in words."""
    n = fact["n"]
    nouns = {noun: counted(n, noun, lang) for noun in NOUNS}
    return FACTS[fact["code"]][_lang_index(lang)].format(n=n, **nouns)


def move_text(params: dict, lang: str) -> str:
    """A valid move symbol: which unit, from where, to where, and why each."""
    i = _lang_index(lang)
    kind = unit_kind(params["unit"])
    unit = UNIT_NAMES[kind][i]
    origin, dest = place_name(params["from"], lang), place_name(params["to"], lang)
    stay = params["from"] == params["to"]
    unit_why = TIE_BREAKERS[params["unit_why"]][i]
    why = TIE_BREAKERS[params["to_why"]][i]
    if params.get("fact"):
        why = f"{why}; {fact_text(params['fact'], lang)}"
    name = symbol_name(params["symbol"], lang)
    if i == 0:
        placed = f"keeps it on {dest}" if stay else f"places it on {dest}"
        return (
            f"Tried '{name}': valid. It takes {unit} on {origin} ({unit_why}) and {placed} ({why})."
        )
    pronoun = "het" if kind == "character" else "hem"
    placed = f"laat {pronoun} op {dest}" if stay else f"plaatst {pronoun} op {dest}"
    return (
        f"'{name}' geprobeerd: geldig. De Automa neemt {unit} op {origin} "
        f"({unit_why}) en {placed} ({why})."
    )


def _template_values(code: str, params: dict, lang: str) -> dict:
    """The params of a template entry, plus the words derived from them."""
    i = _lang_index(lang)
    values = dict(params)
    for noun, key in COUNTS.get(code, {}).items():
        values[noun] = counted(params[key], noun, lang)
    if code == "card_drawn":
        values["plan_number"] = PLAN_NUMBERS[params["plan"]]
    elif code in ("symbol_skipped", "symbol_invalid"):
        values["symbol_name"] = symbol_name(params["symbol"], lang)
        if code == "symbol_invalid":
            values["reason"] = reason_text(params["why"], lang)
    elif code == "combat_choice":
        values["bracket"] = POWER_BRACKETS[params["column"]]
    elif code == "combat_lost":
        values["place"] = RETREAT_PLACES[params["to"]][i]
    elif code == "combat_card_flipped":
        values["target"] = FLIP_TARGETS[params["target"]][i]
        cancelled = (", so it does not happen.", ", dus dit gebeurt niet.")[i]
        values["outcome"] = cancelled if params["cancels"] else "."
    return values


def describe_event(entry: dict, lang: str) -> str:
    """An Automa log entry (``"event": "automa"``) in English (``"en"``) or Dutch (``"nl"``)."""
    code = entry.get("code", "")
    params = entry.get("params") or {}
    if code == "symbol_valid":
        return move_text(params, lang)
    if code not in TEMPLATES:
        return f"{code} {params}".strip()
    return TEMPLATES[code][_lang_index(lang)].format(**_template_values(code, params, lang))


__all__ = ["describe_event", "counted", "place_name", "symbol_name"]
