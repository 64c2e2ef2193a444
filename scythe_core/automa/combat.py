"""The Automa in combat: its choice, made after the human's (see rules/automa_rules.py for the rest).

The human always chooses first. Then a fresh Automa card is drawn sideways onto
the combat discard: its combat table gives the power the Automa spends (by its
current power: 0-7, 8-13, 14+; never more than it has) and how many random combat
cards from its hand it adds. A losing Automa's combat units go to its faction mat
(Ultimaszyna: its home base). A human who takes a territory from the Automa (wins
as attacker, or drives off only Automa workers) places the resources shown on the
top card of the Automa's main discard; an Automa that wins as attacker removes all.
"""

from __future__ import annotations

from ..data.automa_cards import CARDS, combat_column
from ..model import rng
from ..model.actions import format_commit
from ..model.log import say
from ..model.state import GameState
from .turn import draw_card


def combat_commit(state: GameState, seat: int, hid: str) -> str:
    """The Automa's combat choice, made after the human's: a fresh card's table."""
    player = state.players[seat]
    card = draw_card(state, player, for_combat=True)
    column = combat_column(player.power)
    wanted = CARDS[card]["combat"][column]
    dial = min(wanted, player.power)
    hand = list(player.combat_cards)
    count = min(CARDS[card]["cards"], len(hand))
    chosen = []
    for _ in range(count):
        state.rng, pick = rng.randbelow(state.rng, len(hand))
        chosen.append(hand.pop(pick))
    params = {
        "hex": hid,
        "card": card,
        "power": player.power,
        "column": column,
        "dial": dial,
        "table": wanted,
        "cards": count,
    }
    say(state, seat, "combat_choice", params)
    return format_commit(dial, chosen)
