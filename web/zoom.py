"""Zooming and panning the board: the SVG ``viewBox`` as a window onto the whole board.

Pure Python (board units only; the page turns pointer positions into board units).
The window never leaves the board and never zooms out past the whole board.

>>> z = BoardZoom((0.0, 0.0, 100.0, 80.0))
>>> z.zoom_at(2.0, 0.0, 0.0); z.view_box()
(0.0, 0.0, 50.0, 40.0)
>>> z.pan(-10.0, 0.0); z.view_box()
(10.0, 0.0, 50.0, 40.0)
>>> z.reveal(75.0, 10.0, 5.0), z.view_box()  # a point off to the right comes into view
(True, (30.0, 0.0, 50.0, 40.0))
>>> z.reveal(50.0, 20.0, 5.0)
False
>>> z.reset(); z.view_box()
(0.0, 0.0, 100.0, 80.0)
"""

from __future__ import annotations

MAX_SCALE = 4.0
DRAG_PX = 6.0  # a pointer that moves farther than this pans instead of clicking


class BoardZoom:
    """The zoom factor and the centre of the visible window, in board units."""

    def __init__(self, base: tuple[float, float, float, float]) -> None:
        self.base = base
        self.reset()

    def reset(self) -> None:
        x, y, w, h = self.base
        self.scale = 1.0
        self.cx, self.cy = x + w / 2, y + h / 2

    @property
    def zoomed(self) -> bool:
        return self.scale > 1.001

    def view_box(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the visible window, kept inside the board."""
        x, y, w, h = self.base
        vw, vh = w / self.scale, h / self.scale
        self.cx = min(max(self.cx, x + vw / 2), x + w - vw / 2)
        self.cy = min(max(self.cy, y + vh / 2), y + h - vh / 2)
        return (
            round(self.cx - vw / 2, 2),
            round(self.cy - vh / 2, 2),
            round(vw, 2),
            round(vh, 2),
        )

    def attr(self) -> str:
        return " ".join(f"{v:.1f}" for v in self.view_box())

    def zoom_at(self, factor: float, px: float, py: float) -> None:
        """Zoom by ``factor`` keeping the board point (px, py) where it is on screen."""
        scale = min(max(self.scale * factor, 1.0), MAX_SCALE)
        ratio = self.scale / scale
        self.cx = px - (px - self.cx) * ratio
        self.cy = py - (py - self.cy) * ratio
        self.scale = scale
        self.view_box()

    def pan(self, dx: float, dy: float) -> None:
        """Move the board by (dx, dy) board units (the window moves the other way)."""
        self.cx -= dx
        self.cy -= dy
        self.view_box()

    def reveal(self, px: float, py: float, margin: float) -> bool:
        """Pan just enough that (px, py) lies ``margin`` inside the window; True if it moved."""
        x, y, w, h = self.view_box()
        mx, my = min(margin, w / 4), min(margin, h / 4)
        dx = min(0.0, px - mx - x) + max(0.0, px + mx - x - w)
        dy = min(0.0, py - my - y) + max(0.0, py + my - y - h)
        if not dx and not dy:
            return False
        self.cx += dx
        self.cy += dy
        self.view_box()
        return True
