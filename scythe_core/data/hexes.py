"""Hex maths for the Scythe board (pointy-top hexes, "even-r" offset rows).

The board data names hexes by offset coordinates ``r{row}c{col}``: even rows are
shifted half a hex to the east of odd rows. Internally we convert to axial
coordinates, where neighbours and distances are simple sums.

>>> Hex.from_offset(4, 3).to_offset()
(4, 3)
>>> Hex.from_offset(0, 0).distance(Hex.from_offset(1, 0))
1
"""

from __future__ import annotations

from dataclasses import dataclass

# Axial direction vectors, named by compass direction for pointy-top hexes.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (1, 0),
    "NE": (1, -1),
    "NW": (0, -1),
    "W": (-1, 0),
    "SW": (-1, 1),
    "SE": (0, 1),
}


@dataclass(frozen=True, order=True)
class Hex:
    """An axial hex coordinate (q, r)."""

    q: int
    r: int

    @classmethod
    def from_offset(cls, row: int, col: int) -> Hex:
        """Convert even-r offset coordinates (row, col) to axial."""
        return cls(col - (row + (row & 1)) // 2, row)

    def to_offset(self) -> tuple[int, int]:
        """Return (row, col) in even-r offset coordinates."""
        return self.r, self.q + (self.r + (self.r & 1)) // 2

    def neighbour(self, direction: str) -> Hex:
        dq, dr = DIRECTIONS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> list[Hex]:
        return [self.neighbour(d) for d in DIRECTIONS]

    def distance(self, other: Hex) -> int:
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> str | None:
        """The compass direction of an adjacent hex, or None if not adjacent."""
        for name, (dq, dr) in DIRECTIONS.items():
            if (self.q + dq, self.r + dr) == (other.q, other.r):
                return name
        return None
