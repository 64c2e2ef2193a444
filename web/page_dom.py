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
SIDE = Markup(
    '<div id="decision" class="decision" aria-live="polite"></div>'
    '<div id="mat-box" class="mat-box"></div>'
    '<p id="hex-info" class="hex-info" aria-live="polite"></p>'
    '<div id="players" class="players"></div>'
    '<details id="log-box" class="log" open><summary id="log-title"></summary><ol id="log" class="log-list" tabindex="0" aria-labelledby="log-title"></ol></details>'
    '<section id="legend" class="legend"></section>'
)
CONTROLS = Markup('<div id="controls" class="controls"></div>')
OVERLAY = Markup('<div id="overlay" class="overlay" hidden></div>')


def el(element_id: str):
    return document.getElementById(element_id)


def attr(node, name: str) -> str | None:
    """An attribute as a str, or None (JS null is JsNull here, not None)."""
    value = node.getAttribute(name) if node and hasattr(node, "getAttribute") else None
    return str(value) if value else None


def zoom_labels() -> dict:
    return {k: text("zoom." + k) for k in ("label", "zin", "zout", "zreset")}
