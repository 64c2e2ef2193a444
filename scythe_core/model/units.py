"""Units by id: "character", "mech:<i>", "worker:<i>" (index into the player's lists)."""

from __future__ import annotations

from .actions import parse_unit
from .state import Player

#: Where a unit off the board stands: on its faction mat (the Automa's defeated units).
ON_MAT = ""


def unit_location(player: Player, uid: str) -> str:
    kind, index = parse_unit(uid)
    if index is None:
        return player.character
    return player.mechs[index] if kind == "mech" else player.workers[index]


def set_unit_location(player: Player, uid: str, hid: str) -> None:
    kind, index = parse_unit(uid)
    if index is None:
        player.character = hid
    elif kind == "mech":
        player.mechs[index] = hid
    else:
        player.workers[index] = hid
