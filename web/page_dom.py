"""The page's fixed frame: the board's layout, the side panel's regions, DOM helpers.

Runs in the browser only (``js``). Every page module that touches the DOM takes its
element handles and the board's layout from here, so none of them imports another
for them.
"""

from __future__ import annotations

import js
from board_layout import BoardLayout
from markup import Markup
from strings import text

from scythe_core.data.board import board_summary

document = js.document
SUMMARY = board_summary()
CELLS = {cell["id"]: cell for cell in SUMMARY["hexes"]}
LAYOUT = BoardLayout(SUMMARY["hexes"])
#: The side panel's regions, and the boxes added to the header and the board's area.
#: On a phone the side panel is a bottom sheet: its handle (``phone_frame.Sheet``) sits
#: above the scrolling body. On a large screen the body's two parts stand side by side.
SIDE = Markup(
    '<button type="button" id="sheet-handle" class="sheet-handle" data-cmd="sheet" '
    'aria-controls="side-body"><span class="grip" aria-hidden="true"></span></button>'
    '<div id="side-body" class="side-body"><div class="side-main">'
    '<div id="decision" class="decision" aria-live="polite"></div>'
    '<div id="mat-box" class="mat-box"></div></div><div class="side-more">'
    '<p id="hex-info" class="hex-info" aria-live="polite"></p>'
    '<div id="players" class="players"></div>'
    '<details id="log-box" class="log" open><summary id="log-title"></summary><ol id="log" class="log-list" tabindex="0" aria-labelledby="log-title"></ol></details>'
    '<section id="legend" class="legend"></section>'
    "</div></div>"
)
#: The header's controls, and the button that opens them on a phone (``phone_frame.Menu``).
MENU = Markup(
    '<button type="button" id="menu-btn" class="menu-btn" data-cmd="menu" '
    'aria-expanded="false" aria-controls="controls"><span aria-hidden="true">☰</span></button>'
)
CONTROLS = Markup('<div id="controls" class="controls"></div>')
OVERLAY = Markup('<div id="overlay" class="overlay" hidden></div>')


def el(element_id: str):
    return document.getElementById(element_id)


class Regions:
    """The markup last set in each region of the page, so that a re-render replaces
    only the regions whose markup changed (a click re-creates the decision panel, not
    the board's pieces, the players and the mat as well).

    A region is keyed by its element's id; the element itself is remembered too, so a
    region drawn afresh around it (the board after a language switch) is set again.
    Whatever writes a region without this class must ``forget`` it."""

    def __init__(self) -> None:
        self.shown: dict[str, tuple[str, object]] = {}

    def set(self, element_id: str, markup: str) -> bool:
        """Put ``markup`` into the region unless it is there already; True if it was set."""
        node = el(element_id)
        if not node:  # (JS null is falsy)
            return False
        markup = str(markup)
        last = self.shown.get(element_id)
        if last is not None and last[0] == markup and last[1] == node and node.isConnected:
            return False
        node.innerHTML = markup
        self.shown[element_id] = (markup, node)
        return True

    def forget(self, *element_ids: str) -> None:
        """The regions named (all, without names) are written afresh by the next ``set``."""
        for element_id in element_ids or list(self.shown):
            self.shown.pop(element_id, None)


def set_data(node, **values: str) -> None:
    """Set ``data-*`` attributes that differ (an unchanged one is not written again)."""
    dataset = node.dataset
    for name, value in values.items():
        if getattr(dataset, name, None) != value:
            setattr(dataset, name, value)


def attr(node, name: str) -> str | None:
    """An attribute as a str, or None (JS null is JsNull here, not None)."""
    value = node.getAttribute(name) if node and hasattr(node, "getAttribute") else None
    return str(value) if value else None


def zoom_labels() -> dict:
    return {k: text("zoom." + k) for k in ("label", "zin", "zout", "zreset")}
