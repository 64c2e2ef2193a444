"""The board while an Automa turn is watched line by line ("watch" speed).

The engine plays an Automa turn as one action; its explanation lines record every unit
they move (``moves``) and every resource they remove. Showing the first ``shown`` lines,
the board is the final view rewound over the lines not yet shown, and the units of the
newest line slide in from where they stood. Pure Python (no ``js``).

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


__all__ = ["watched_board"]
