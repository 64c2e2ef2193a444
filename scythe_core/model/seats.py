"""The rules a seat plays by: the full rules, or the Automa's where its rulebook differs.

Rules ask ``seat_rules(player)`` and never test the controller themselves. The Automa
(its own rulebook) has no mech or faction abilities (so no Speed, no tunnels through
a Mine, no unlimited combat stars as Saxony), no objectives, a popularity that never
changes, only the power star besides combat and its star card, and its own combat
rules: it commits by a card after every human, a defeated Automa's combat units
leave the board, and a territory taken from or by it gains or loses resources.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data.components import AUTOMA_STAR_GOALS, FACTIONS, STAR_GOALS
from .state import Player


@dataclass(frozen=True)
class SeatRules:
    #: Mech and faction abilities apply.
    uses_abilities: bool
    #: Popularity goes up and down (the Automa's never changes).
    changes_popularity: bool
    #: Holds objective cards that may be revealed.
    has_objectives: bool
    #: Star categories (besides combat, objectives and the star card) it can earn.
    star_goals: tuple[str, ...]
    #: Plays the Automa's combat rules: commits by card after the humans, defeated
    #: combat units leave the board, resources change with the territory.
    automa_combat: bool
    #: Its turn is one card (``automa_turn``), not a section of a player mat.
    plays_cards: bool


FULL_RULES = SeatRules(
    uses_abilities=True,
    changes_popularity=True,
    has_objectives=True,
    star_goals=tuple(STAR_GOALS),
    automa_combat=False,
    plays_cards=False,
)
AUTOMA_RULES = SeatRules(
    uses_abilities=False,
    changes_popularity=False,
    has_objectives=False,
    star_goals=AUTOMA_STAR_GOALS,
    automa_combat=True,
    plays_cards=True,
)


def seat_rules(player: Player) -> SeatRules:
    """The one place that looks at a seat's controller (humans and bots: full rules)."""
    return AUTOMA_RULES if player.controller == "automa" else FULL_RULES


def has_mech_ability(player: Player, name: str) -> bool:
    """A mech ability the player has unlocked by deploying that mech."""
    if not seat_rules(player).uses_abilities:
        return False
    abilities = FACTIONS[player.faction]["mechs"]
    return any(abilities[i] == name for i in player.mech_abilities)


def mech_abilities(player: Player) -> set[str]:
    """Every mech ability the player has unlocked (none for a seat that uses no abilities)."""
    if not seat_rules(player).uses_abilities:
        return set()
    abilities = FACTIONS[player.faction]["mechs"]
    return {abilities[i] for i in player.mech_abilities}


def has_faction_ability(player: Player, name: str) -> bool:
    """The faction's own ability (Relentless, Dominate, Swim, Meander, Coercion)."""
    return seat_rules(player).uses_abilities and FACTIONS[player.faction]["ability"] == name
