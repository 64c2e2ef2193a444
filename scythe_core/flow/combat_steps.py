"""Combats after a Move (or an Automa move): their order, then each combat's steps."""

from __future__ import annotations

from ..automa.combat import combat_commit as automa_combat_commit
from ..model.actions import (
    ARTILLERY_FIRE,
    ARTILLERY_HOLD,
    RETREAT_HOME,
    is_artillery_fire,
    parse_fight,
    parse_retreat,
)
from ..model.seats import seat_rules
from ..model.state import GameState
from ..rules.combat import (
    apply_commit_choice,
    combat_hexes,
    commit_options,
    fire_artillery,
    next_ability_choice,
    next_commit_seat,
    resolve_combat,
    retreat_all,
    retreat_lakes,
    start_combat,
)
from .sequences import COMBAT
from .steps import Step, auto, decision, sequence


def combats(state: GameState, step: Step) -> list[Step]:
    """Queue the combats where the active player's units meet enemy character/mechs."""
    hexes = combat_hexes(state)
    if not hexes:
        return []
    state.turn["combats_left"] = hexes
    return [auto("next_combat")]


def next_combat(state: GameState, step: Step) -> list[Step]:
    """The next combat: by itself when one is left, else the player picks the order."""
    hexes = state.turn.get("combats_left")
    if not hexes:
        return []
    if len(hexes) == 1:
        return [*sequence(COMBAT, hex=hexes[0]), auto("next_combat")]
    return [decision(state.active_seat, "combat_order"), auto("next_combat")]


def legal_combat_order(state: GameState) -> list[str]:
    return [f"fight:{h}" for h in state.turn["combats_left"]]


def apply_combat_order(state: GameState, action: str) -> list[Step]:
    return sequence(COMBAT, hex=parse_fight(action))


def begin_combat(state: GameState, step: Step) -> list[Step]:
    start_combat(state, step["hex"])
    return []


def combat_abilities(state: GameState, step: Step) -> list[Step]:
    """Abilities before the combat: the attacker's first, then the defender's.

    Scout and Disarm apply by themselves; Artillery is a choice (pay 1 power)."""
    seat = next_ability_choice(state)
    if seat is None:
        return []
    return [decision(seat, "artillery", hex=state.turn["combat"]["hex"]), step]


def legal_artillery(state: GameState) -> list[str]:
    return [ARTILLERY_FIRE, ARTILLERY_HOLD]


def apply_artillery(state: GameState, action: str) -> list[Step]:
    fire_artillery(state, state.pending["seat"], is_artillery_fire(action))
    return []


def combat_commits(state: GameState, step: Step) -> list[Step]:
    """Ask the attacker, then the defender; an Automa chooses only after every human."""
    hid = state.turn["combat"]["hex"]
    while (seat := next_commit_seat(state)) is not None:
        if not seat_rules(state.players[seat]).automa_combat:
            return [decision(seat, "combat_commit", hex=hid), step]
        apply_commit_choice(state, seat, automa_combat_commit(state, seat, hid))
    return []


def legal_combat_commit(state: GameState) -> list[str]:
    seat = state.pending["seat"]
    return commit_options(state, state.players[seat], state.pending["hex"])


def apply_combat_commit(state: GameState, action: str) -> list[Step]:
    apply_commit_choice(state, state.pending["seat"], action)
    return []


def reveal_combat(state: GameState, step: Step) -> list[Step]:
    """Reveal, decide, pay out; a Seaworthy loser may choose a lake to retreat onto."""
    loser, hid = resolve_combat(state)
    if loser is None:
        return []
    return [decision(loser, "retreat", hex=hid)]


def legal_retreat(state: GameState) -> list[str]:
    player = state.players[state.pending["seat"]]
    lakes = retreat_lakes(state, player, state.pending["hex"])
    return ["retreat:home"] + [f"retreat:{h}" for h in lakes]


def apply_retreat(state: GameState, action: str) -> list[Step]:
    player = state.players[state.pending["seat"]]
    target = parse_retreat(action)
    retreat_all(player, state.pending["hex"], player.home if target == RETREAT_HOME else target)
    return []


AUTO_STEPS = {
    "combats": combats,
    "next_combat": next_combat,
    "start_combat": begin_combat,
    "combat_abilities": combat_abilities,
    "combat_commits": combat_commits,
    "resolve_combat": reveal_combat,
}
DECISIONS = {
    "combat_order": (legal_combat_order, apply_combat_order),
    "artillery": (legal_artillery, apply_artillery),
    "combat_commit": (legal_combat_commit, apply_combat_commit),
    "retreat": (legal_retreat, apply_retreat),
}
