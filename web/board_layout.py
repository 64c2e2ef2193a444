"""Pixel layout of the board: where each hex sits in the SVG (the engine knows no pixels).

Pointy-top hexes in "even-r" offset rows: even rows are shifted half a hex east.
Hex ids and their (row, col) come from ``scythe_core.data.board.board_summary()``.

>>> layout = BoardLayout([{"id": "a", "row": 0, "col": 0}, {"id": "b", "row": 0, "col": 1}])
>>> [round(v, 1) for v in layout.center("b")]
[146.6, 48.0]
>>> sorted((round(x), round(y)) for x, y in layout.shared_edge("a", "b"))
[(112, 28), (112, 68)]
"""

from __future__ import annotations

import math

SIZE = 40.0  # centre to corner
WIDTH = math.sqrt(3) * SIZE  # flat side to flat side
ROW_STEP = 1.5 * SIZE
MARGIN = 8.0
#: The band around the hexes that holds the coordinates printed on the board's edges.
EDGE = 16.0

Point = tuple[float, float]
#: Arrow keys as screen directions (x right, y down).
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class BoardLayout:
    """Centres, corners and shared edges of the hexes of one board, in SVG units."""

    def __init__(self, hexes: list[dict]) -> None:
        self.cells = {h["id"]: (h["row"], h["col"]) for h in hexes}
        self.min_row = min(r for r, _ in self.cells.values())
        self.min_col = min(c for _, c in self.cells.values())

    def center(self, hid: str) -> Point:
        row, col = self.cells[hid]
        shift = 0.5 if row % 2 == 0 else 0.0
        x = WIDTH * (col - self.min_col + shift + 0.5) + MARGIN
        y = ROW_STEP * (row - self.min_row) + SIZE + MARGIN
        return x, y

    def corners(self, hid: str, scale: float = 1.0) -> list[Point]:
        """The six corners, clockwise from the upper right (pointy top)."""
        cx, cy = self.center(hid)
        radius = SIZE * scale
        angles = (math.radians(60 * i - 30) for i in range(6))
        return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]

    def shared_edge(self, a: str, b: str) -> tuple[Point, Point]:
        """The two corners of ``a`` nearest to the centre of its neighbour ``b``."""
        bx, by = self.center(b)
        nearest = sorted(self.corners(a), key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
        return nearest[0], nearest[1]

    def hex_toward(self, hid: str, key: str) -> str | None:
        """Where an arrow key (``ARROWS``) moves the focus from ``hid``; None at the edge.

        Left/Right: the nearest hex in the same row. Up/Down: a hex in the nearest row
        above/below with a centre within 45 degrees of straight up/down, the straightest
        one; of the two equally slanted hexes, the one with the same column number, so
        Up, Up... zig-zags along a column and Down walks back the same way.
        """
        step_x, step_y = ARROWS[key]
        x0, y0 = self.center(hid)
        row0, col0 = self.cells[hid]
        best: tuple | None = None
        for other, (row, col) in self.cells.items():
            x, y = self.center(other)
            dx, dy = round(x - x0, 3), round(y - y0, 3)
            if step_x and row == row0 and dx * step_x > 0:
                rank = (abs(dx), 0.0, False, other)
            elif step_y and dy * step_y > 0 and abs(dx) <= abs(dy):
                rank = (abs(dy), abs(dx), col != col0, other)
            else:
                continue
            best = min(best, rank) if best else rank
        return best[-1] if best else None

    def _extent(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the hexes' corners."""
        xs = [x for h in self.cells for x, _ in self.corners(h)]
        ys = [y for h in self.cells for _, y in self.corners(h)]
        return min(xs), min(ys), max(xs), max(ys)

    def view_box(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) that holds every hex and the edge labels, plus a margin."""
        left, top, right, bottom = self._extent()
        x0, y0 = left - EDGE - MARGIN, top - EDGE - MARGIN
        return x0, y0, right + EDGE + MARGIN - x0, bottom + EDGE + MARGIN - y0

    def edge_labels(self, coordinate_of) -> list[tuple[str, str, float, float]]:
        """(side, text, x, y) of each coordinate printed on the board's edges, where
        ``coordinate_of(hid)`` is a hex's coordinate ("C6", None for a home base).

        A row's letter stands at both ends of the row, level with it. The hexes of a
        column zig-zag by half a hex, so its number stands above (below) the hex of
        that column in the outermost row that holds most of the columns: following
        the number down, every other row's hex sits straight under it.
        """
        rows: dict[int, str] = {}
        cols: dict[int, str] = {}
        by_row: dict[int, list[str]] = {}
        for hid, (row, col) in self.cells.items():
            name = coordinate_of(hid)
            if name:
                rows[row], cols[col] = name[:1], name[1:]
                by_row.setdefault(row, []).append(hid)
        if not rows:
            return []
        left, top, right, bottom = self._extent()
        half = EDGE / 2
        found = []
        for row, letter in sorted(rows.items()):
            y = ROW_STEP * (row - self.min_row) + SIZE + MARGIN
            found += [("left", letter, left - half, y), ("right", letter, right + half, y)]
        full = [r for r in sorted(by_row) if 2 * len(by_row[r]) >= len(cols)]
        for side, row, y in (("top", full[0], top - half), ("bottom", full[-1], bottom + half)):
            shift = 0.5 if row % 2 == 0 else 0.0
            for col, number in sorted(cols.items()):
                x = WIDTH * (col - self.min_col + shift + 0.5) + MARGIN
                found.append((side, number, x, y))
        return found


def points_attr(points: list[Point]) -> str:
    """An SVG ``points`` attribute, rounded to 0.1 unit."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
