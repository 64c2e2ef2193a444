"""Where the Automa's rulebook changes the rules for the other seats too.

A defeated Automa's combat units leave the board for its faction mat (Ultimaszyna:
its home base). A human who takes a territory from the Automa (wins as attacker, or
drives off only Automa workers) places the resources shown on the top card of the
Automa's main discard; an Automa that takes a territory removes every resource on it.
The Automa's own choices (its moves, gains and combat commit) are its controller's,
in the ``automa*`` modules.
"""

from __future__ import annotations

from ..data.automa_cards import CARDS
from ..data.board import TERRAIN
from ..data.components import PRODUCTION
from ..model.log import say
from ..model.seats import seat_rules
from ..model.state import GameState, Player
from ..model.units import ON_MAT


def remove_resources(state: GameState, player: Player, hid: str) -> None:
    """The Automa takes a territory: every resource on it is removed."""
    if not state.resources_at(hid):
        return
    removed = state.resources.pop(hid)
    count = sum(removed.values())
    say(
        state,
        player.seat,
        "resources_removed",
        {"count": count, "hex": hid},
        hex=hid,
        removed=dict(removed),
    )


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
    if seat_rules(attacker).automa_combat:
        remove_resources(state, attacker, hid)
    elif seat_rules(defender).automa_combat:
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
