"""The page's frame on every screen size: the header's height for the board's, and on a
phone the side panel as a bottom sheet and the header's controls behind a menu.

Runs in the browser only (``js``). The header's controls wrap onto more lines on a
narrow screen; ``track_header`` keeps ``--header-h`` (CSSOM) at its height, so the
board fills exactly the rest of the screen. On a phone (``PHONE``, the same media query as the
phone section of ``style.css``) the decision, the drawn mat and the log live in a sheet
over the bottom of the screen (beside the board when the phone is held sideways). Its
handle is a button: a tap or Enter goes to the next height, the arrow keys go up or
down, a drag sets any height and snaps to the nearest of the three on release. The
heights are ``body[data-sheet]``; the stylesheet says what each one is. A drag sets
``--sheet`` through CSSOM (the Content-Security-Policy allows no style attributes).
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy
from strings import text

HEIGHTS = ("low", "mid", "high")
#: The phone layouts of style.css (keep the two in step).
SIDEWAYS = "(max-height: 500px) and (orientation: landscape)"
PHONE = f"(max-width: 700px), {SIDEWAYS}"
#: A pointer that moves farther than this drags the handle instead of tapping it.
DRAG_PX = 6.0
#: Where a released drag snaps: below the first share of the room "low", below the
#: second "mid", else "high" (the stylesheet's heights are about 30 %, 50 % and all).
SNAP = (0.4, 0.72)

document = js.document


def matches(query: str) -> bool:
    return bool(js.window.matchMedia(query).matches)


def track_header() -> None:
    """Keep ``--header-h`` on the root element at the header's height, as it changes."""
    header = document.querySelector("header.top")

    def measure(*_args) -> None:
        height = float(header.getBoundingClientRect().height)
        document.documentElement.style.setProperty("--header-h", f"{height:.0f}px")

    observer = js.ResizeObserver.new(create_proxy(measure))
    observer.observe(header)
    measure()


class Sheet:
    """The bottom sheet's height, its handle's label, and dragging the handle."""

    def __init__(self) -> None:
        self.height = "mid"
        self.start: tuple[float, float] | None = None
        self.dragged = False
        self.swallow_click = False
        #: What the decision shown is (``follow``).
        self.decision: tuple = ()

    def set(self, height: str) -> None:
        self.height = height if height in HEIGHTS else "mid"
        document.body.dataset.sheet = self.height
        self.relabel()

    def cycle(self) -> None:
        """A tap or Enter on the handle: the next height, from the top back to the bottom."""
        self.set(HEIGHTS[(HEIGHTS.index(self.height) + 1) % len(HEIGHTS)])

    def step(self, by: int) -> None:
        """Arrow keys on the handle: one height up (1) or down (-1)."""
        index = min(max(HEIGHTS.index(self.height) + by, 0), len(HEIGHTS) - 1)
        self.set(HEIGHTS[index])

    def follow(self, decision: tuple) -> None:
        """A new decision (or step of one) shows from its prompt: on a phone the sheet's
        body scrolls back to the top. The same decision redrawn (a dial or card picked,
        a hex toggled) keeps where the player scrolled to."""
        if decision == self.decision:
            return
        self.decision = decision
        body = document.getElementById("side-body")
        if body and matches(PHONE):
            body.scrollTop = 0

    def relabel(self) -> None:
        handle = document.getElementById("sheet-handle")
        if not handle:
            return
        label = text("sheet.down" if self.height == "high" else "sheet.up")
        handle.setAttribute("aria-label", label)
        handle.setAttribute("title", label)
        handle.setAttribute("aria-expanded", "true" if self.height == "high" else "false")
        handle.dataset.height = self.height

    # --- dragging the handle ------------------------------------------------------

    def room(self) -> float:
        """The sheet's largest size: the screen's height (width when sideways)."""
        return float(js.window.innerWidth if matches(SIDEWAYS) else js.window.innerHeight)

    def size_at(self, x: float, y: float) -> float:
        """The sheet's size when its edge is under the pointer."""
        return self.room() - (x if matches(SIDEWAYS) else y)

    def on_down(self, event) -> None:
        if not matches(PHONE):
            return
        self.start = (float(event.clientX), float(event.clientY))
        self.dragged = False
        self.swallow_click = False
        event.currentTarget.setPointerCapture(event.pointerId)

    def on_move(self, event) -> None:
        if self.start is None:
            return
        x, y = float(event.clientX), float(event.clientY)
        if not self.dragged and max(abs(x - self.start[0]), abs(y - self.start[1])) <= DRAG_PX:
            return
        self.dragged = True
        size = min(max(self.size_at(x, y), 48.0), self.room())
        document.body.dataset.sheetDrag = "1"
        document.body.style.setProperty("--sheet", f"{size:.0f}px")

    def on_up(self, event) -> None:
        if self.start is None:
            return
        self.start = None
        if not self.dragged:
            return  # a tap: the click that follows cycles the height
        self.dragged = False
        self.swallow_click = True
        share = self.size_at(float(event.clientX), float(event.clientY)) / self.room()
        document.body.style.removeProperty("--sheet")
        document.body.removeAttribute("data-sheet-drag")
        self.set("low" if share < SNAP[0] else "mid" if share < SNAP[1] else "high")

    def take_swallowed_click(self) -> bool:
        """True (once) when the click that follows a drag of the handle must be ignored."""
        swallowed, self.swallow_click = self.swallow_click, False
        return swallowed

    def install(self) -> None:
        handle = document.getElementById("sheet-handle")
        for name, handler in (
            ("pointerdown", self.on_down),
            ("pointermove", self.on_move),
            ("pointerup", self.on_up),
            ("pointercancel", self.on_up),
        ):
            handle.addEventListener(name, create_proxy(handler))
        self.set(self.height)


class Menu:
    """The header's controls, folded behind one button on a phone."""

    def __init__(self) -> None:
        self.open = False

    def set(self, open_: bool) -> None:
        self.open = open_
        document.body.dataset.menu = "1" if open_ else "0"
        button = document.getElementById("menu-btn")
        if button:
            button.setAttribute("aria-expanded", "true" if open_ else "false")

    def toggle(self) -> None:
        self.set(not self.open)
        if self.open:  # keyboard play goes on in the menu
            first = document.querySelector("#controls button:not([disabled])")
            if first:
                first.focus()

    def close(self, refocus: bool = False) -> None:
        if self.open:
            self.set(False)
            if refocus:
                document.getElementById("menu-btn").focus()

    def relabel(self) -> None:
        button = document.getElementById("menu-btn")
        if button:
            button.setAttribute("aria-label", text("menu.label"))
            button.setAttribute("title", text("menu.label"))
