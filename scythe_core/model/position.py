"""Where the pieces stand: the key that facts about the position are remembered under
(``GameState.position_facts``) and the control that follows from it."""

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


def position_key(players: Sequence[Player]) -> tuple:
    """Everything control and movement reach depend on but whose turn it is: per seat its
    faction and controller, where its units and its structures stand, its mech abilities."""
    key: tuple = ()
    for p in players:
        key += (
            p.faction,
            p.controller,
            p.character,
            *p.mechs,
            "|",
            *p.workers,
            "|",
            *p.structures.items(),
            *p.mech_abilities,
            "/",
        )
    return key


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
