"""Pinch, wheel and drag on the board, and the zoom buttons (browser side of ``zoom``).

One finger or a pressed mouse pans a zoomed board; two fingers pinch; the wheel (or a
trackpad pinch) zooms at the pointer. A drag never counts as a click on a hex.
"""

from __future__ import annotations

import math

import js
from board_layout import SIZE
from markup import Markup, html
from pyodide.ffi import create_proxy, to_js
from zoom import DRAG_PX, BoardZoom

BOX = Markup('<div id="zoom-ctl" class="zoom-ctl" role="group"></div>')


def buttons_html(labels: dict) -> Markup:
    """The zoom buttons, their tooltips in the current language."""
    return html(
        '<button type="button" data-cmd="zoom-in" title="{zin}" aria-label="{zin}">+</button>'
        '<button type="button" data-cmd="zoom-out" title="{zout}" aria-label="{zout}">−</button>'
        '<button type="button" data-cmd="zoom-reset" title="{zreset}" aria-label="{zreset}">'
        "⤢</button>",
        zin=labels["zin"],
        zout=labels["zout"],
        zreset=labels["zreset"],
    )


class ZoomControl:
    """Pointer bookkeeping for one board; ``apply`` writes the viewBox."""

    def __init__(self, base: tuple[float, float, float, float]) -> None:
        self.zoom = BoardZoom(base)
        self.pointers: dict[int, tuple[float, float]] = {}
        self.travel = 0.0
        self.swallow_click = False

    def apply(self) -> None:
        board = js.document.getElementById("board")
        if board:
            board.setAttribute("viewBox", self.zoom.attr())

    def board_point(self, x: float, y: float) -> tuple[float, float]:
        board = js.document.getElementById("board")
        point = board.createSVGPoint()
        point.x, point.y = x, y
        mapped = point.matrixTransform(board.getScreenCTM().inverse())
        return float(mapped.x), float(mapped.y)

    def button(self, name: str) -> None:
        x, y, w, h = self.zoom.view_box()
        if name == "zoom-reset":
            self.zoom.reset()
        else:
            self.zoom.zoom_at(1.4 if name == "zoom-in" else 1 / 1.4, x + w / 2, y + h / 2)
        self.apply()

    # --- events ---------------------------------------------------------------

    def on_wheel(self, event) -> None:
        event.preventDefault()
        px, py = self.board_point(event.clientX, event.clientY)
        self.zoom.zoom_at(math.exp(-float(event.deltaY) * 0.002), px, py)
        self.apply()

    def reveal(self, px: float, py: float) -> None:
        """Pan a zoomed board so the board point (px, py) is in view, with a margin."""
        if self.zoom.zoomed and self.zoom.reveal(px, py, margin=SIZE * 1.5):
            self.apply()

    def on_down(self, event) -> None:
        if not self.pointers:
            # A new gesture: the click that ends the last one (if it had one) has come.
            self.swallow_click = False
        self.pointers[int(event.pointerId)] = (float(event.clientX), float(event.clientY))
        self.travel = 0.0

    def on_move(self, event) -> None:
        pid = int(event.pointerId)
        if pid not in self.pointers:
            return
        if str(event.pointerType) == "mouse" and not int(event.buttons):
            del self.pointers[pid]  # released outside the board: no pointerup came here
            self.travel = 0.0
            return
        old = self.pointers[pid]
        new = (float(event.clientX), float(event.clientY))
        if len(self.pointers) >= 2:
            other = next(p for k, p in self.pointers.items() if k != pid)
            before, after = math.dist(old, other), math.dist(new, other)
            if before > 0 and after > 0:
                mid = self.board_point((new[0] + other[0]) / 2, (new[1] + other[1]) / 2)
                self.zoom.zoom_at(after / before, *mid)
                self.travel += DRAG_PX
        else:  # a drag, even one that cannot pan, is no click
            self.travel += math.dist(old, new)
            if self.zoom.zoomed:
                (ax, ay), (bx, by) = self.board_point(*old), self.board_point(*new)
                self.zoom.pan(bx - ax, by - ay)
        self.pointers[pid] = new
        self.apply()

    def on_up(self, event) -> None:
        self.pointers.pop(int(event.pointerId), None)
        if self.travel > DRAG_PX:
            self.swallow_click = True
        self.travel = 0.0 if not self.pointers else self.travel

    def take_swallowed_click(self) -> bool:
        """True (once) when the click that follows a drag or pinch must be ignored."""
        swallowed, self.swallow_click = self.swallow_click, False
        return swallowed

    def relabel(self, labels: dict) -> None:
        """The zoom buttons, in the current language."""
        box = js.document.getElementById("zoom-ctl")
        box.setAttribute("aria-label", labels["label"])
        box.innerHTML = buttons_html(labels)

    def install(self, area, labels: dict) -> None:
        area.insertAdjacentHTML("beforeend", BOX)
        self.relabel(labels)
        wrap = js.document.getElementById("board-wrap")
        options = to_js({"passive": False}, dict_converter=js.Object.fromEntries)
        wrap.addEventListener("wheel", create_proxy(self.on_wheel), options)
        for name, handler in (
            ("pointerdown", self.on_down),
            ("pointermove", self.on_move),
            ("pointerup", self.on_up),
            ("pointercancel", self.on_up),
        ):
            wrap.addEventListener(name, create_proxy(handler))
