"""The board while an Automa turn is watched line by line ("watch" speed).

The engine plays an Automa turn as one action; its explanation lines record every unit
they move (``moves``) and every resource they remove. Showing the first ``shown`` lines,
the board is the final view rewound over the lines not yet shown, and the units of the
newest line slide in from where they stood. A bot's turn, watched decision by decision,
has no such lines: its units slide from where the view before the decision had them
(``moved_units``). Pure Python (no ``js``).

>>> view = {"players": [{"seat": 0, "faction": "rusviet", "character": "r2c2",
...          "mechs": [], "workers": []}], "resources": {}}
>>> lines = [{"event": "automa", "moves": [[0, "character", "r1c1", "r2c2"]]}]
>>> board, arrivals = watched_board(view, lines, 0)
>>> board["players"][0]["character"], arrivals
('r1c1', {})
>>> board, arrivals = watched_board(view, lines, 1)
>>> board["players"][0]["character"], arrivals
('r2c2', {('r2c2', 'rusviet', 'character'): 'r1c1'})
"""

from __future__ import annotations

from scythe_core.io.ui_helpers import rewind_view
from scythe_core.model.actions import unit_kind


def watched_board(view: dict, lines: list, shown: int) -> tuple[dict, dict]:
    """(the view to draw, arrivals) with ``lines[:shown]`` of the turn shown so far.

    Arrivals map (hex, faction, unit kind) to the hex the unit left, for the units the
    newest shown line put on the board (see ``render_pieces.pieces_svg``)."""
    board = rewind_view(view, lines[shown:]) if shown < len(lines) else view
    arrivals: dict[tuple[str, str, str], str] = {}
    if shown:
        players = board["players"]
        for seat, uid, origin, dest in lines[shown - 1].get("moves", ()):
            if origin and dest and origin != dest:
                kind = unit_kind(uid)
                arrivals[(dest, players[seat]["faction"], kind)] = origin
    return board, arrivals


def moved_units(before: list, after: list) -> dict[tuple[str, str, str], str]:
    """Arrivals (as in ``watched_board``) of the units whose hex differs between two
    views' players: each unit that stood on a hex before and stands on another now.

    >>> old = [{"faction": "saxony", "character": "HB-saxony", "mechs": ["r6c0", None],
    ...         "workers": ["r6c0", "r7c1"]}]
    >>> new = [{"faction": "saxony", "character": "r6c0", "mechs": ["r5c0", "r6c0"],
    ...         "workers": ["r6c1", "r7c1"]}]
    >>> sorted(moved_units(old, new).items())
    [(('r5c0', 'saxony', 'mech'), 'r6c0'), (('r6c0', 'saxony', 'character'), 'HB-saxony'), (('r6c1', 'saxony', 'worker'), 'r6c0')]
    """
    arrivals: dict[tuple[str, str, str], str] = {}
    for old, new in zip(before, after, strict=False):
        units = [("character", old.get("character"), new.get("character"))]
        units += [("mech", a, b) for a, b in zip(old["mechs"], new["mechs"], strict=False)]
        units += [("worker", a, b) for a, b in zip(old["workers"], new["workers"], strict=False)]
        for kind, origin, dest in units:
            if origin and dest and origin != dest:
                arrivals[(dest, new["faction"], kind)] = origin
    return arrivals


__all__ = ["moved_units", "watched_board"]
