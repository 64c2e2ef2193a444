"""How much a bot commits to a combat: enough to win when the odds allow, else nothing.

The other side's hidden cards are guessed from what is public: its power, how many
combat cards it holds, and how many it may add (one per character or mech there).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.actions import is_commit, parse_commit
from ..model.state import GameState

#: What the bot expects each unseen combat card to add (the deck averages 3.1).
CARD_GUESS = (4, 3, 3, 3)
#: The most power a dial shows.
DIAL_MAX = 7


@dataclass(frozen=True)
class CommitChoice:
    action: str
    #: "fight" (commits to win) or "hold" (the odds are poor: commits nothing).
    plan: str
    #: The strength it expects the other side to show.
    expected: int


def foe_strength(state: GameState, seat: int, hid: str) -> int:
    """The strength the other side of the combat at ``hid`` can probably show."""
    combat = state.turn["combat"]
    foe_seat = combat["defender"] if combat["attacker"] == seat else combat["attacker"]
    foe = state.players[foe_seat]
    units = foe.combat_units_at(hid) + (1 if hid in foe.workers else 0)
    held = foe.combat_cards if isinstance(foe.combat_cards, int) else len(foe.combat_cards)
    cards = sum(CARD_GUESS[: min(units, held, len(CARD_GUESS))])
    return min(foe.power, DIAL_MAX) + cards


def choose_commit(state: GameState, seat: int, legal: list[str], margin: int) -> CommitChoice:
    """The cheapest commit that beats the expected strength by ``margin``, or nothing."""
    combat = state.turn["combat"]
    attacking = combat["attacker"] == seat
    expected = foe_strength(state, seat, combat["hex"])
    need = expected + margin + (0 if attacking else 1)
    best: tuple[float, str] | None = None
    strongest: tuple[int, str] = (-1, legal[0])
    for action in legal:
        if not is_commit(action):
            continue
        commit = parse_commit(action)
        total = commit.dial + sum(commit.cards)
        cost = commit.dial + 0.7 * sum(commit.cards) + 0.1 * len(commit.cards)
        strongest = max(strongest, (total, action))
        if total >= need and (best is None or cost < best[0]):
            best = (cost, action)
    if best is not None:
        return CommitChoice(best[1], "fight", expected)
    nothing = next((a for a in legal if a == "commit:0:-"), None)
    if nothing is not None:
        return CommitChoice(nothing, "hold", expected)
    return CommitChoice(strongest[1], "fight", expected)


__all__ = ["CommitChoice", "choose_commit", "foe_strength"]
