"""The page's fixed frame: the board's layout, the side panel's regions, DOM helpers.

Runs in the browser only (``js``). Every page module that touches the DOM takes its
element handles and the board's layout from here, so none of them imports another
for them.
"""

from __future__ import annotations

import js
from board_layout import BoardLayout
from markup import Markup, top_elements
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


#: How deep ``Regions`` looks for the elements that changed before it redraws one whole.
PATCH_DEPTH = 4


class Regions:
    """The markup last set in each region of the page, so that a re-render replaces
    only what changed: a region whose markup is the same is left alone, and in one
    that changed only the elements that changed are drawn again (looked for
    ``PATCH_DEPTH`` levels deep, element by element, where the markup's elements and
    the page's match one for one: ``markup.top_elements``), so the focus, scrolling
    and open ``<details>`` stay where they are and the browser lays out less.

    A region is keyed by its element's id; the element itself is remembered too, so a
    region drawn afresh around it (the board after a language switch) is set again.
    Whatever writes a region without this class must ``forget`` it."""

    def __init__(self) -> None:
        self.shown: dict[str, tuple[str, object]] = {}
        #: Per region, ``top_elements`` of the markup set last (and of the elements in
        #: it that were looked into), by that markup: the next ``set`` compares with them.
        self.found_in: dict[str, dict[str, list | None]] = {}
        self.found: dict[str, list | None] = {}
        self.found_before: dict[str, list | None] = {}

    def set(self, element_id: str, markup: str) -> bool:
        """Put ``markup`` into the region unless it is there already; True if it was set."""
        node = el(element_id)
        if not node:  # (JS null is falsy)
            return False
        markup = str(markup)
        last = self.shown.get(element_id)
        if last is not None and last[0] == markup and last[1] == node and node.isConnected:
            return False
        self.found_before, self.found = self.found_in.get(element_id, {}), {}
        if last is not None and last[1] == node and node.isConnected:
            self.patch(node, last[0], markup, PATCH_DEPTH)
        else:
            node.innerHTML = markup
        self.found_in[element_id], self.found_before, self.found = self.found, {}, {}
        self.shown[element_id] = (markup, node)
        return True

    def forget(self, *element_ids: str) -> None:
        """The regions named (all, without names) are written afresh by the next ``set``."""
        for element_id in element_ids or list(self.shown):
            self.shown.pop(element_id, None)

    def mismatched(self) -> list[str]:
        """The regions whose page content is not what their markup draws afresh (for
        the browser tests: each must be none, whatever was patched)."""
        wrong = []
        for element_id, (markup, node) in self.shown.items():
            if not node.isConnected:
                continue
            fresh = node.cloneNode(False)
            fresh.innerHTML = markup
            now, drawn = node.childNodes, fresh.childNodes
            same = now.length == drawn.length and all(
                now.item(i).isEqualNode(drawn.item(i)) for i in range(now.length)
            )
            if not same:
                wrong.append(element_id)
        return wrong

    def elements(self, markup: str, before: bool) -> list | None:
        """``top_elements(markup)``: found at the last ``set`` (``before``) or now (and
        then kept for the next ``set``)."""
        if before:
            found = self.found_before.get(markup, False)
            return top_elements(markup) if found is False else found
        found = self.found.get(markup, False)
        if found is False:
            found = self.found[markup] = top_elements(markup)
        return found

    def patch(self, node, old: str, new: str, depth: int) -> None:
        """Make ``node``'s content, drawn from ``old``, that of ``new``: only the
        elements that differ are drawn again, or the whole content when the two do not
        match element for element (then ``innerHTML``)."""
        before, after = self.elements(old, True), self.elements(new, False)
        children = node.childNodes
        if (
            depth <= 0
            or before is None
            or after is None
            or len(before) != len(after)
            or not after
            or children.length != len(after)
        ):
            node.innerHTML = new
            return
        for index, ((was, was_tag, name), (now, now_tag, _)) in enumerate(
            zip(before, after, strict=True)
        ):
            if was == now:
                continue
            child = children.item(index)
            if str(getattr(child, "tagName", "")).lower() != name.lower():
                node.innerHTML = new  # the page's elements are not the markup's
                return
            end = "</" + name + ">"
            if was_tag == now_tag and was.endswith(end) and now.endswith(end):
                inner = slice(len(was_tag), -len(end))
                self.patch(child, was[inner], now[inner], depth - 1)
            else:
                child.insertAdjacentHTML("afterend", now)
                child.remove()


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
