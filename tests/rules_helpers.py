"""Small builders for the rules tests: chosen factions and mats, pieces placed by hand.

Tests edit the state directly to build a position (units, resources, tracks), then
drive the turn only through ``legal_actions`` and ``apply_in_place``, so every step
is checked for legality by the engine itself.
"""

from __future__ import annotations

from scythe_core import legal_actions, new_game
from scythe_core.data.components import BOTTOM_ACTIONS, MATS
from scythe_core.engine import apply_in_place
from scythe_core.flow.scheduler import begin_turn
from scythe_core.model.state import GameState, Player

#: One legal (faction, mat) pair per faction, used when a test does not care.
DEFAULT_MATS = {
    "nordic": "mechanical",
    "saxony": "engineering",
    "polania": "industrial",
    "crimea": "agricultural",
    "rusviet": "patriotic",
}


def make_game(*factions: str, mats: dict | None = None, seed: int = 1, active: int = 0):
    """A game with the given factions (seat 0, 1, ...), seat ``active`` to choose a section."""
    chosen = dict(DEFAULT_MATS, **(mats or {}))
    state = new_game({"seed": seed, "seats": [{"faction": f, "mat": chosen[f]} for f in factions]})
    make_active(state, active)
    return state


def make_active(state: GameState, seat: int) -> None:
    """Make ``seat`` the active player at the start of its turn."""
    state.turn_index = state.turn_order.index(seat)
    begin_turn(state)


def section_of_top(player: Player, top: str) -> int:
    """The mat section (0-3) whose top action is ``top``."""
    return [t for t, *_ in MATS[player.mat]["sections"]].index(top)


def section_of_bottom(bottom: str) -> int:
    return BOTTOM_ACTIONS.index(bottom)


def bottom_coins(player: Player, bottom: str) -> int:
    return MATS[player.mat]["sections"][section_of_bottom(bottom)][3]


def play(state: GameState, *actions: str) -> GameState:
    """Apply each action in turn (each must be legal); returns the same state.

    When a bottom action asks how many of its coins to take and the next given
    action does not answer that, all the coins are taken (the usual choice).
    """
    for i, action in enumerate(actions):
        apply_in_place(state, action)
        following = actions[i + 1] if i + 1 < len(actions) else ""
        if state.pending.get("kind") == "bottom_coins" and not following.startswith("coins:"):
            apply_in_place(state, f"coins:{state.pending['coins']}")
        finish_turn_unless(state, following)
    return state


def finish_turn_unless(state: GameState, following: str = "") -> None:
    """Answer the end-of-turn question with "end_turn" unless the test answers it."""
    if state.pending.get("kind") == "turn_end" and not following.startswith(
        ("end_turn", "objective:")
    ):
        apply_in_place(state, "end_turn")


def choose_top(state: GameState, top: str) -> GameState:
    """Choose the section of the active player's mat with this top action."""
    return play(state, f"section:{section_of_top(state.active, top)}")


def choose_bottom(state: GameState, bottom: str) -> GameState:
    """Choose the section with this bottom action and skip its top action."""
    return play(state, f"section:{section_of_bottom(bottom)}", "skip")


def set_workers(player: Player, *hexes: str) -> None:
    """Put the player's workers on these hexes; the rest stay on the mat."""
    player.workers = list(hexes) + [None] * (8 - len(hexes))


def clear_board(state: GameState) -> None:
    """Every character home, no workers, mechs, structures or resources on the board."""
    for p in state.players:
        p.character = p.home
        set_workers(p)
        p.mechs = []
        p.mech_abilities = []
        p.structures = {}
    state.resources = {}


def give_mech_abilities(player: Player, *names: str) -> None:
    """Unlock mech abilities by name (mechs are parked on the home base)."""
    from scythe_core.data.components import FACTIONS

    for name in names:
        slot = FACTIONS[player.faction]["mechs"].index(name)
        player.mech_abilities.append(slot)
        player.mechs.append(player.home)


def steps(state: GameState, uid: str) -> set[str]:
    """Hexes a unit could step to now (the active player's Move must be pending)."""
    from scythe_core import apply

    after = apply(state, f"unit:{uid}")
    return {a[3:] for a in legal_actions(after) if a.startswith("to:")}


def start_move(state: GameState) -> GameState:
    """Choose the Move section and the Move option."""
    return play(choose_top(state, "move"), "move")


def pay_all(state: GameState) -> GameState:
    """Answer "pay" decisions with the first legal source until none is pending."""
    while state.pending.get("kind") == "pay":
        apply_in_place(state, legal_actions(state)[0])
    if state.pending.get("kind") == "bottom_coins":
        apply_in_place(state, f"coins:{state.pending['coins']}")
    finish_turn_unless(state)
    return state


def legal(state: GameState) -> list[str]:
    return legal_actions(state)
