"""The Automa in combat: its choice after the human's, its losers, the resources.

The human always chooses first. Then a fresh Automa card is drawn sideways onto
the combat discard: its combat table gives the power the Automa spends (by its
current power: 0-7, 8-13, 14+; never more than it has) and how many random combat
cards from its hand it adds. A losing Automa's combat units go to its faction mat
(Ultimaszyna: its home base). A human who takes a territory from the Automa (wins
as attacker, or drives off only Automa workers) places the resources shown on the
top card of the Automa's main discard; an Automa that wins as attacker removes all.
"""

from __future__ import annotations

from . import rng
from .automa import draw_card, is_automa, remove_resources, say
from .automa_cards import CARDS, combat_column
from .automa_moves import ON_MAT
from .board import TERRAIN
from .data import PRODUCTION
from .state import GameState, Player


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
    return f"commit:{dial}:{'+'.join(map(str, sorted(chosen))) or '-'}"


def retreat_loser(state: GameState, player: Player, hid: str) -> None:
    """A losing Automa: combat units to its faction mat (Ultimaszyna: home), workers home."""
    to_mat = player.level != "ultimaszyna"
    if player.character == hid:
        player.character = ON_MAT if to_mat else player.home
    for i in reversed(range(len(player.mechs))):
        if player.mechs[i] == hid:
            if to_mat:
                del player.mechs[i]
                del player.mech_abilities[i]
            else:
                player.mechs[i] = player.home
    player.workers = [player.home if w == hid else w for w in player.workers]
    say(state, player.seat, "combat_lost", {"hex": hid, "to": "mat" if to_mat else "home"})


def after_combat(
    state: GameState, attacker: Player, defender: Player, winner: Player, hid: str
) -> None:
    """Resources after a combat: removed when an Automa attacker wins, placed when a human does."""
    if winner is not attacker:
        return
    if is_automa(attacker):
        remove_resources(state, attacker, hid)
    elif is_automa(defender):
        resources_for_conqueror(state, defender, hid)


def resources_for_conqueror(state: GameState, player: Player, hid: str) -> None:
    """A human takes a territory from this Automa: the top main-discard card's resources."""
    card = player.automa["last_main"]
    amount = CARDS[card]["resources"] if card else 0
    resource = PRODUCTION.get(TERRAIN[hid])
    if not amount or resource in (None, "worker"):
        say(state, player.seat, "no_resources_placed", {"hex": hid})
        return
    state.add_resource(hid, resource, amount)
    params = {"card": card, "amount": amount, "resource": resource, "hex": hid}
    say(state, player.seat, "resources_placed", params)
