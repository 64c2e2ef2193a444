"""The Automa's log entries in words, English and Dutch.

The engine records what the Automa did as data: each entry of ``state.log`` with
``"event": "automa"`` has a ``code`` and, when the event has any, ``params`` (plain
JSON: ints, strings, lists, small dicts), next to the fields a page uses to show the
turn (``moves``, ``hex``, ``removed``). This module turns such an entry into a
sentence; nothing here is stored in the game state, and no rule module imports it.
The words come from the engine's catalogues (:mod:`.catalogue`): an event code
``card_drawn`` is worded by the entry ``event.card_drawn``, a counted one in the
plural form its count needs.

>>> describe_event({"event": "automa", "code": "card_drawn", "params": {"card": 3, "plan": 1}}, "en")
'The Automa draws card 3 (Plan I).'
>>> describe_event({"event": "automa", "code": "coins_gained", "params": {"coins": 1}}, "nl")
'De Automa krijgt 1 munt.'
>>> describe_event({"event": "automa", "code": "coins_gained", "params": {"coins": 2}}, "nl")
'De Automa krijgt 2 munten.'

Reasons for a move symbol (``why`` of ``symbol_invalid``, ``unit_why`` and ``to_why``
of ``symbol_valid``) and facts (``fact``) are codes as well; see :data:`REASONS`,
:data:`TIE_BREAKERS` and :data:`FACTS`.
"""

from __future__ import annotations

from ..data.board import TERRAIN, is_home_base
from ..model.actions import unit_kind
from ..model.annotation import BOT_REASONS as ANNOTATED_REASONS
from .catalogue import LANGUAGES, nwords, words
from .hex_names import hex_coordinate

#: Move symbols (without their faction bracket), see ``automa_moves.plan_move``.
SYMBOLS = ("W", "M", "C", "E", "AW")
UNIT_KINDS = ("worker", "mech", "character")
#: Countable nouns of :func:`counted` (catalogue entries ``count.<noun>``).
NOUNS = (
    "coin",
    "resource",
    "enemy_worker",
    "random_combat_card",
    "other_automa_unit",
    "enemy_combat_unit",
)
#: Why a move symbol is not valid (``params["why"]["code"]`` of ``symbol_invalid``).
REASONS = (
    "no_worker",
    "no_worker_territory",
    "worker_territories_threatened",
    "no_unit",
    "no_unit_territory",
    "character_on_mat",
    "no_encounter",
    "encounters_blocked",
    "power_too_low",
    "no_combat_unit",
    "no_enemy_combat_unit",
    "no_enemy_worker",
)
#: What decided the choice of a unit or a destination (``unit_why``, ``to_why``).
TIE_BREAKERS = (
    "only_choice",
    "all_equal",
    "only_character",
    "closest_to_home",
    "closest_to_factory",
    "reading_order",
    "most_automa_units",
    "closest_to_enemy",
    "fewest_enemies",
    "most_resources",
)
#: A fact about the chosen destination (``fact`` of ``symbol_valid``: code and ``n``).
FACTS = ("automa_units_around", "enemy_distance", "enemy_units_there", "resources_there")
#: What a flipped combat card may cancel (``target`` of ``combat_card_flipped``).
FLIP_TARGETS = ("move_unit", "place_worker", "place_unit")
#: Where a losing Automa's combat units go (``to`` of ``combat_lost``).
RETREAT_PLACES = ("mat", "home")

#: The combat table's power brackets (``column`` of ``combat_choice``).
POWER_BRACKETS = ("0-7", "8-13", "14+")

PLAN_NUMBERS = {1: "I", 2: "II"}

#: Event codes worded by the catalogue entry ``event.<code>`` (``symbol_valid``:
#: :func:`move_text`; ``combat_card_flipped``: ``flip.cancels``/``flip.passes``).
TEMPLATES = (
    "deck_reshuffled",
    "card_drawn",
    "turn_skipped",
    "no_valid_move",
    "star_stays",
    "symbol_skipped",
    "symbol_invalid",
    "workers_driven_home",
    "resources_removed",
    "encounter_token_removed",
    "factory_card_taken",
    "combat_choice",
    "combat_lost",
    "no_resources_placed",
    "resources_placed",
    "combat_card_flipped",
    "combat_card_taken",
    "coins_gained",
    "power_gained",
    "power_star",
    "no_worker_on_mat",
    "worker_deployed",
    "no_mech_on_mat",
    "character_returns",
    "mech_deployed",
    "recruit_bonus",
    "star_cube_advances",
    "water_unrestricted",
    "star_space",
    "plan_switched",
)

#: For a counted event (a plural entry): the param holding the count.
COUNTS: dict[str, str] = {
    "workers_driven_home": "count",
    "resources_removed": "count",
    "combat_choice": "cards",
    "coins_gained": "coins",
}

#: The amount a card text names for each recruit's ongoing bonus (``bonus``).
BONUS_AMOUNTS = {"power": "power", "coins": "coins", "popularity": "popularity", "cards": "cards"}


def counted(n: int, noun: str, lang: str) -> str:
    """``n`` and a noun of :data:`NOUNS` in the right plural form: "1 coin", "2 munten"."""
    return nwords(f"count.{noun}", n, lang, n=n)


def symbol_name(symbol: str, lang: str) -> str:
    """The name of a move symbol (with or without its faction bracket)."""
    symbol = symbol.split(":")[-1]
    if symbol in SYMBOLS:
        return words(f"symbol.{symbol}", lang)
    return words("symbol.attack", lang, need=symbol[1:])


def hex_name(hid: str, lang: str) -> str:
    """A hex as a player reads it: "forest C6", "bos C6", "the Nordic home base"."""
    if is_home_base(hid):
        faction = words(f"faction.{hid.removeprefix('HB-')}", lang)
        return words("place.home_base", lang, faction=faction)
    return words(f"place.{TERRAIN[hid]}", lang, coordinate=hex_coordinate(hid))


def place_name(hid: str, lang: str) -> str:
    """A hex an Automa unit stands on: :func:`hex_name`, or "its home base" (its only one)."""
    if is_home_base(hid):
        return words("place.own_home", lang)
    return hex_name(hid, lang)


def reason_text(why: dict, lang: str) -> str:
    """Why a move symbol is not valid: ``{"code": ..., ...params}`` in words."""
    values = {k: v for k, v in why.items() if k != "code"}
    if "kind" in values:
        values["kind"] = words(f"unit.{values['kind']}", lang)
    return words(f"reason.{why['code']}", lang, **values)


def fact_text(fact: dict, lang: str) -> str:
    """A fact about a destination: ``{"code": ..., "n": ...}`` in words."""
    return nwords(f"fact.{fact['code']}", fact["n"], lang, n=fact["n"])


def move_text(params: dict, lang: str) -> str:
    """A valid move symbol: which unit, from where, to where, and why each."""
    kind = unit_kind(params["unit"])
    verb = "keep" if params["from"] == params["to"] else "place"
    why = words(f"tie.{params['to_why']}", lang)
    if params.get("fact"):
        why = words("move.why_fact", lang, why=why, fact=fact_text(params["fact"], lang))
    return words(
        "move.valid",
        lang,
        symbol_name=symbol_name(params["symbol"], lang),
        unit=words(f"unit.the.{kind}", lang),
        origin=place_name(params["from"], lang),
        unit_why=words(f"tie.{params['unit_why']}", lang),
        placed=words(f"move.{verb}.{kind}", lang, place=place_name(params["to"], lang)),
        why=why,
    )


def _template_values(code: str, params: dict, lang: str) -> dict:
    """The params of a template entry, plus the words derived from them."""
    values = dict(params)
    if "hex" in params:
        values["hex"] = hex_name(params["hex"], lang)
    if code == "card_drawn":
        values["plan_number"] = PLAN_NUMBERS[params["plan"]]
    elif code in ("symbol_skipped", "symbol_invalid"):
        values["symbol_name"] = symbol_name(params["symbol"], lang)
        if code == "symbol_invalid":
            values["reason"] = reason_text(params["why"], lang)
        else:
            values["faction"] = words(f"faction.{params['faction']}", lang)
    elif code == "combat_choice":
        values["bracket"] = POWER_BRACKETS[params["column"]]
    elif code == "combat_lost":
        values["place"] = words(f"retreat.{params['to']}", lang)
    elif code == "combat_card_flipped":
        values["target"] = words(f"flip.{params['target']}", lang)
    elif code == "resources_placed":
        amount = params["amount"]
        values["resource"] = nwords(f"amount.{params['resource']}", amount, lang, n=amount)
    elif code == "recruit_bonus":
        values["recruit"] = words(f"recruit.{params['recruit']}", lang)
        values["player"] = params["seat"] + 1
        values["bonus"] = nwords(f"amount.{BONUS_AMOUNTS[params['bonus']]}", 1, lang, n=1)
    return values


#: A bot's reasons (``"event": "bot"``, see ``scythe_core.bots.reasons``; the closed list
#: and its parameters are in ``scythe_core.model.annotation``): catalogue entries
#: ``bot.<code>``; ``category`` is a star category, ``hex`` a hex.
BOT_REASONS = ANNOTATED_REASONS


def bot_reason_text(entry: dict, lang: str) -> str:
    """A bot's reason (``"event": "bot"``) in words."""
    code = entry.get("code", "")
    params = dict(entry.get("params") or {})
    if code not in BOT_REASONS:
        return f"{code} {params}".strip()
    if "category" in params:
        params["category"] = words(f"bot.star.{params['category']}", lang)
    if "hex" in params:
        params["hex"] = hex_name(params["hex"], lang)
    return words(f"bot.{code}", lang, **params)


def describe_event(entry: dict, lang: str) -> str:
    """An Automa log entry (``"event": "automa"``) or a bot's reason (``"event": "bot"``)
    in English (``"en"``) or Dutch (``"nl"``); any other language falls back to English."""
    if entry.get("event") == "bot":
        return bot_reason_text(entry, lang)
    code = entry.get("code", "")
    params = entry.get("params") or {}
    if code == "symbol_valid":
        return move_text(params, lang)
    if code not in TEMPLATES:
        return f"{code} {params}".strip()
    values = _template_values(code, params, lang)
    if code == "combat_card_flipped":
        return words("flip.cancels" if params["cancels"] else "flip.passes", lang, **values)
    if code in COUNTS:
        return nwords(f"event.{code}", params[COUNTS[code]], lang, **values)
    return words(f"event.{code}", lang, **values)


__all__ = [
    "BOT_REASONS",
    "LANGUAGES",
    "bot_reason_text",
    "describe_event",
    "counted",
    "hex_name",
    "place_name",
    "symbol_name",
]
