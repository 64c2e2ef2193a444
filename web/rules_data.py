"""The rules reference's paragraphs, and which paragraph each thing of the game links to.

Pure Python. A paragraph has an id (``top.move``, ``ability.swim``, ``structure.mill``,
``objective.13``: the engine's own ids wherever the game has one) and sits in a
chapter. Its words are in the page catalogues: the body is ``rules.<id>``, the title
the page's usual name of the thing (``top.move``, ``ability.swim``) or ``rules.<id>.title``.
The lists are built from the engine's data (actions, factions, mechs, structures,
tiles, decks), so a new ability or card cannot be left without a paragraph unnoticed
(``tests/test_rules_reference.py``). Cards get a paragraph each, worded from the
engine's card texts (``scythe_core.io.card_texts``).

>>> paragraph_for_action("bolster:power/1", "top")
'top.bolster'
>>> paragraph_for_event({"event": "automa", "code": "plan_switched"})
'automa.stars'
>>> paragraph_for_part("mech:2", "nordic")
'ability.artillery'
>>> paragraph_for_card("objective", 13)
'objective.13'
"""

from __future__ import annotations

from types import MappingProxyType

from scythe_core.data.cards import ENCOUNTERS, FACTORY, OBJECTIVES
from scythe_core.data.components import (
    BOTTOM_ACTIONS,
    FACTIONS,
    STRUCTURE_BONUS_TILES,
    STRUCTURES,
    TOP_ACTIONS,
)
from scythe_core.model.actions import verb_of

FACTION_ABILITIES = tuple(FACTIONS[f]["ability"] for f in FACTIONS)
#: Every mech ability once (Riverwalk and Speed are on every faction's mat).
MECH_ABILITIES = tuple(dict.fromkeys(m for f in FACTIONS for m in FACTIONS[f]["mechs"]))

#: The chapters in reading order: (chapter id, its paragraph ids).
CHAPTERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("basics", ("goal", "setup", "turn", "mats", "tracks", "control")),
    ("top", tuple(f"top.{a}" for a in TOP_ACTIONS)),
    ("bottom", tuple(f"bottom.{a}" for a in BOTTOM_ACTIONS)),
    (
        "movement",
        ("movement", "move.rivers", "move.lakes", "move.tunnels", "move.carry", "move.enemy"),
    ),
    ("combat", ("combat", "combat.after")),
    ("encounters", ("encounters",)),
    ("factory", ("factory",)),
    ("objectives", ("objectives",)),
    ("stars", ("stars",)),
    ("end", ("end", "scoring", "scoring.ties")),
    ("factions", tuple(f"ability.{a}" for a in FACTION_ABILITIES)),
    ("mechs", tuple(f"ability.{a}" for a in MECH_ABILITIES)),
    (
        "structures",
        (
            *(f"structure.{s}" for s in STRUCTURES),
            "structure_bonus",
            *(f"tile.{t}" for t in STRUCTURE_BONUS_TILES),
        ),
    ),
    ("recruits", ("recruits.ongoing", "recruits.once")),
    (
        "automa",
        (
            "automa.overview",
            "automa.turn",
            "automa.cards",
            "automa.moves",
            "automa.gains",
            "automa.stars",
            "automa.combat",
            "automa.resources",
            "automa.levels",
        ),
    ),
    ("bots", ("bots",)),
    (
        "cards",
        (
            *(f"objective.{n}" for n in OBJECTIVES),
            *(f"encounter.{n}" for n in ENCOUNTERS),
            *(f"factory.{n}" for n in FACTORY),
        ),
    ),
)
#: Every paragraph id, in reading order.
PARAGRAPHS: tuple[str, ...] = tuple(p for _, ids in CHAPTERS for p in ids)
CHAPTER_OF = MappingProxyType({p: chapter for chapter, ids in CHAPTERS for p in ids})
#: Card paragraphs: their words come from the engine's card texts, not from ``rules.<id>``.
CARD_DECKS = ("objective", "encounter", "factory")
#: Paragraphs whose title is the page's usual name of the thing (its id is that key).
NAMED_BY_PAGE = ("top.", "bottom.", "ability.", "structure.", "tile.")


def title_key(paragraph: str) -> str:
    """The page catalogue key of a paragraph's title."""
    if paragraph.startswith(NAMED_BY_PAGE):
        return paragraph
    return f"rules.{paragraph}.title"


def is_card(paragraph: str) -> bool:
    """``objective.13``, ``encounter.5``, ``factory.2`` (not the ``factory`` chapter's own)."""
    deck, _, number = paragraph.partition(".")
    return deck in CARD_DECKS and number.isdigit()


# --- what links where ----------------------------------------------------------

#: Action verbs to the paragraph that explains them (``top``/``bottom`` verbs: their own).
VERB_PARAGRAPHS = MappingProxyType(
    {
        "section": "turn",
        "automa": "automa.turn",
        "coins": "top.move",
        **{verb: f"top.{verb}" for verb in TOP_ACTIONS},
        **{verb: f"bottom.{verb}" for verb in BOTTOM_ACTIONS},
        "gain": "top.trade",
        "amount": "top.produce",
        "workers": "top.produce",
        "pay": "turn",
        "unit": "movement",
        "load": "move.carry",
        "drop": "move.carry",
        "to": "movement",
        "stop": "movement",
        "fight": "combat",
        "artillery": "ability.artillery",
        "commit": "combat",
        "retreat": "combat.after",
        "option": "encounters",
        "res": "encounters",
        "worker": "encounters",
        "peek": "encounters",
        "all": "encounters",
        "factory": "factory",
        "take": "factory",
        "objective": "objectives",
        "done": "turn",
        "skip": "turn",
        "end_turn": "turn",
    }
)
#: Decision kinds to their paragraph (where the verb alone does not say enough).
KIND_PARAGRAPHS = MappingProxyType(
    {
        "section": "turn",
        "automa_turn": "automa.turn",
        "top": "turn",
        "trade_place": "top.trade",
        "produce_amounts": "top.produce",
        "bottom": "turn",
        "pay": "turn",
        "bottom_coins": "turn",
        "move": "movement",
        "move_unit": "movement",
        "factory_bottom": "factory",
        "combat_order": "combat",
        "artillery": "ability.artillery",
        "combat_commit": "combat",
        "retreat": "combat.after",
        "encounter": "encounters",
        "benefit": "encounters",
        "factory_pick": "factory",
        "factory_top": "factory",
        "factory_pay": "factory",
        "turn_end": "objectives",
    }
)
#: Verbs whose paragraph is the decision's rather than their own.
KIND_FIRST = ("done", "skip", "gain", "pay", "unit")


def paragraph_for_action(action: str, kind: str = "") -> str:
    """The paragraph an action button links to (``kind``: the pending decision's kind)."""
    verb = verb_of(action)
    if verb in KIND_FIRST and kind in KIND_PARAGRAPHS:
        return KIND_PARAGRAPHS[kind]
    if verb == "unit" and kind == "factory_bottom":
        return "factory"
    return VERB_PARAGRAPHS.get(verb) or KIND_PARAGRAPHS.get(kind, "turn")


def paragraph_for_kind(kind: str) -> str:
    """The paragraph of a pending decision (the prompt's link)."""
    return KIND_PARAGRAPHS.get(kind, "turn")


#: The Automa's explanation lines (``wording.TEMPLATES`` and ``symbol_valid``) by code.
AUTOMA_EVENT_PARAGRAPHS = MappingProxyType(
    {
        "deck_reshuffled": "automa.cards",
        "card_drawn": "automa.turn",
        "turn_skipped": "automa.levels",
        "no_valid_move": "automa.moves",
        "star_stays": "automa.stars",
        "symbol_skipped": "automa.moves",
        "symbol_invalid": "automa.moves",
        "symbol_valid": "automa.moves",
        "workers_driven_home": "move.enemy",
        "resources_removed": "automa.resources",
        "encounter_token_removed": "automa.moves",
        "factory_card_taken": "automa.moves",
        "combat_choice": "automa.combat",
        "combat_lost": "automa.combat",
        "no_resources_placed": "automa.resources",
        "resources_placed": "automa.resources",
        "combat_card_flipped": "automa.levels",
        "combat_card_taken": "automa.gains",
        "coins_gained": "automa.gains",
        "power_gained": "automa.gains",
        "power_star": "automa.stars",
        "no_worker_on_mat": "automa.gains",
        "worker_deployed": "automa.gains",
        "no_mech_on_mat": "automa.gains",
        "character_returns": "automa.gains",
        "mech_deployed": "automa.gains",
        "recruit_bonus": "recruits.ongoing",
        "star_cube_advances": "automa.stars",
        "water_unrestricted": "automa.stars",
        "star_space": "automa.stars",
        "plan_switched": "automa.stars",
    }
)
#: The other log entries (``event`` of ``state.log``) by event.
EVENT_PARAGRAPHS = MappingProxyType(
    {
        "artillery": "ability.artillery",
        "bot": "bots",
        "combat": "combat",
        "combat_card": "combat.after",
        "disarm": "ability.disarm",
        "encounter": "encounters",
        "encounter_option": "encounters",
        "factory_card": "factory",
        "objective": "objectives",
        "peek": "encounters",
        "scout": "ability.scout",
        "star": "stars",
        "worker_retreat": "move.enemy",
    }
)


def paragraph_for_event(event: dict) -> str | None:
    """The paragraph a log line links to (None for a line no paragraph explains)."""
    kind = str(event.get("event", ""))
    if kind == "automa":
        return AUTOMA_EVENT_PARAGRAPHS.get(str(event.get("code", "")))
    if kind == "objective" and isinstance(event.get("card"), int):
        return paragraph_for_card("objective", event["card"])
    if kind.startswith("benefit_"):
        return paragraph_for_action(kind[8:])
    return EVENT_PARAGRAPHS.get(kind)


def paragraph_for_card(deck: str, card: int | str) -> str:
    """A card's paragraph: its own for the player decks, the Automa's chapter for the
    Automa deck (``automa``) and its star cards (``star``, by level)."""
    if deck == "automa":
        return "automa.cards"
    if deck == "star":
        return "automa.levels"
    return f"{deck}.{card}"


#: The paragraph of each kind of mat part (``mat_targets`` names the parts).
PART_PARAGRAPHS = MappingProxyType(
    {
        "section": "turn",
        "slot": "bottom.upgrade",
        "cost": "turn",
        "recruit": "recruits.ongoing",
        "bonus": "recruits.once",
        "structure": "bottom.build",
        "track": "tracks",
        "held": "control",
    }
)


def paragraph_for_part(part: str, faction: str = "") -> str:
    """The paragraph of a drawn mat part: ``top:2:bolster:power``, ``mech:1``, ``structure:mill``."""
    kind, _, rest = part.partition(":")
    if kind == "top":
        variant = rest.split(":", 1)[-1]
        return VERB_PARAGRAPHS.get(verb_of(variant), "turn")
    if kind == "mech" and faction in FACTIONS and rest.isdigit():
        mechs = FACTIONS[faction]["mechs"]
        return f"ability.{mechs[int(rest)]}" if int(rest) < len(mechs) else "bottom.deploy"
    if kind == "structure" and rest in STRUCTURES:
        return f"structure.{rest}"
    if kind == "cost" and rest in BOTTOM_ACTIONS:
        return f"bottom.{rest}"
    return PART_PARAGRAPHS.get(kind, "mats")


__all__ = [
    "CHAPTERS",
    "PARAGRAPHS",
    "paragraph_for_action",
    "paragraph_for_card",
    "paragraph_for_event",
    "paragraph_for_kind",
    "paragraph_for_part",
]
