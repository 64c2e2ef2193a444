"""Units by id: "character", "mech:<i>", "worker:<i>" (index into the player's lists)."""

from __future__ import annotations

from .state import Player

#: Where a unit off the board stands: on its faction mat (the Automa's defeated units).
ON_MAT = ""


def unit_location(player: Player, uid: str) -> str:
    if uid == "character":
        return player.character
    kind, index = uid.split(":")
    return player.mechs[int(index)] if kind == "mech" else player.workers[int(index)]


def unit_kind(uid: str) -> str:
    return uid.split(":")[0]


def set_unit_location(player: Player, uid: str, hid: str) -> None:
    if uid == "character":
        player.character = hid
        return
    kind, index = uid.split(":")
    if kind == "mech":
        player.mechs[int(index)] = hid
    else:
        player.workers[int(index)] = hid
