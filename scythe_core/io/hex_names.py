"""Hexes as players name them: a coordinate the board prints on its edges.

Rows are lettered A-I from the top (the board prints the letters on its left and
right edges), columns numbered 1-8 from the left (on its top and bottom edges). The
rows are straight; the hexes of a column zig-zag by half a hex, as on any board of
pointy-top hexes. A home base has no coordinate: it is named by its faction.

Internal ids (``r2c5``) never reach a player; everything a player reads names a hex
through :func:`hex_coordinate` (the page adds the terrain's name in the player's
language).

>>> hex_coordinate("r2c5"), hex_coordinate("r4c3"), hex_coordinate("HB-nordic")
('C6', 'E4', None)
>>> ROW_LETTERS[:3], column_numbers()[:3]
('ABC', (1, 2, 3))
"""

from __future__ import annotations

from ..data.board import board_summary, is_home_base

#: One letter per board row, top to bottom (rows 0-8).
ROW_LETTERS = "ABCDEFGHI"
_CELLS = {h["id"]: (h["row"], h["col"]) for h in board_summary()["hexes"]}


def hex_coordinate(hid: str) -> str | None:
    """``"C6"``: the row's letter and the column's number; None for a home base."""
    if is_home_base(hid) or hid not in _CELLS:
        return None
    row, col = _CELLS[hid]
    return f"{ROW_LETTERS[row]}{col + 1}"


def row_letters() -> tuple[str, ...]:
    """The letters the board prints, one per row that holds a hex."""
    return tuple(ROW_LETTERS[r] for r in sorted({r for r, _ in _CELLS.values()}))


def column_numbers() -> tuple[int, ...]:
    """The numbers the board prints, one per column that holds a hex."""
    return tuple(c + 1 for c in sorted({c for _, c in _CELLS.values()}))
