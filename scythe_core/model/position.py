"""Where the pieces stand: the snapshot that facts about the position are remembered
with (``GameState.position_facts``) and the control that follows from it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..data.board import TERRAIN


class Player(Protocol):
    """What these functions read of a ``state.Player`` (which imports this module)."""

    seat: int
    faction: str
    controller: str
    character: str
    mechs: list[str]
    workers: list[str | None]
    structures: dict[str, str]
    mech_abilities: list[int]


Snapshot = list[tuple]


def position_snapshot(players: Sequence[Player]) -> Snapshot:
    """Everything control and movement reach depend on but whose turn it is, copied: per
    seat where its workers, mechs and character stand, its structures, its mech
    abilities, its faction and controller (compared by :func:`same_position`)."""
    return [
        (
            p.workers[:],
            p.mechs[:],
            p.character,
            dict(p.structures),
            p.mech_abilities[:],
            p.faction,
            p.controller,
        )
        for p in players
    ]


def same_position(players: Sequence[Player], snapshot: Snapshot) -> bool:
    """Whether the pieces stand as in ``snapshot`` (:func:`position_snapshot`); asked at
    every decision, so it compares field by field and stops at the first difference."""
    if len(players) != len(snapshot):
        return False
    for i, p in enumerate(players):
        workers, mechs, character, structures, abilities, faction, controller = snapshot[i]
        if (
            p.workers != workers
            or p.mechs != mechs
            or p.character != character
            or p.structures != structures
            or p.mech_abilities != abilities
            or p.faction != faction
            or p.controller != controller
        ):
            return False
    return True


def shares_a_territory(players: Sequence[Player]) -> bool:
    """Whether units of two factions stand on one territory (a combat is pending there):
    then control depends on whose turn it is (:func:`work_out_control`)."""
    seen: set[str] = set()
    for p in players:
        places = {p.character, *p.mechs, *p.workers}
        places.discard(None)
        places.discard("")
        if any(TERRAIN[h] != "home" for h in seen.intersection(places)):
            return True
        seen |= places
    return False


def work_out_control(players: Sequence[Player], active: int) -> dict[str, int]:
    """Every controlled territory (lakes included) with the seat that controls it (see
    ``GameState.control_map``); ``active``: the seat whose turn it is."""
    control: dict[str, int] = {}
    for p in players:
        seat = p.seat
        for hid in {p.character, *p.mechs, *p.workers}:
            if not hid or TERRAIN[hid] == "home":
                continue
            held = control.get(hid)
            if held is None or held == active:
                # Two factions on one territory: the one that is not active holds it.
                control[hid] = seat
    for p in players:
        for hid in p.structures.values():
            control.setdefault(hid, p.seat)
    return control
