"""The new territories a seat's units can walk to before a mech takes them across rivers.

Most home bases lie in a pocket of the board closed by rivers and lakes: workers,
and mechs and a character without Riverwalk, cross no river and enter no lake. A
seat whose pocket is full can take no more territories until it deploys a mech with
Riverwalk; the projection's Move spreads units only as far as this room allows.
Abilities that open other ways (Township, Underpass, Wayfare, Submerge, Seaworthy)
are left out, so the room of a seat that has them is counted short.
"""

from __future__ import annotations

from ..model.seats import has_faction_ability, mech_abilities
from ..model.state import GameState, Player
from ..rules.movement import NEIGHBOURS, tunnel_set

#: The most room counted (a projection spreads to no more territories than this).
ROOM_MAX = 12
#: Each hex's neighbours a unit reaches without crossing a river or entering a lake,
#: and (for workers that swim) across rivers too.
ON_FOOT = {h: tuple(n for n, t, river in steps if t != "lake" and not river) for h, steps in NEIGHBOURS.items()}  # fmt: skip
SWIMMING = {h: tuple(n for n, t, _river in steps if t != "lake") for h, steps in NEIGHBOURS.items()}  # fmt: skip


def territory_room(state: GameState, player: Player, control: dict[str, int]) -> int:
    """Territories nobody controls that the seat's units can walk to through
    territories it or nobody controls (at most ``ROOM_MAX``; ``ROOM_MAX`` once a mech
    has Riverwalk)."""
    if "riverwalk" in mech_abilities(player):
        return ROOM_MAX
    steps = SWIMMING if has_faction_ability(player, "swim") else ON_FOOT
    tunnels = tunnel_set(player)
    frontier = {h for h in (*player.workers, *player.mechs, player.character) if h}
    seen = set(frontier)
    room = 0
    seat = player.seat
    while frontier:
        reached = set()
        for hid in frontier:
            onward = steps.get(hid, ())
            if hid in tunnels:
                onward = (*onward, *tunnels)
            for n in onward:
                if n in seen:
                    continue
                seen.add(n)
                owner = control.get(n)
                if owner is None:
                    room += 1
                    if room >= ROOM_MAX:
                        return ROOM_MAX
                elif owner != seat:
                    continue
                reached.add(n)
        frontier = reached
    return room


__all__ = ["ROOM_MAX", "territory_room"]
