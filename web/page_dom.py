"""The page's fixed frame: the board's layout, the side panel's regions, DOM helpers.

Runs in the browser only (``js``). Every page module that touches the DOM takes its
element handles and the board's layout from here, so none of them imports another
for them.
"""

from __future__ import annotations

from collections.abc import Callable

import js
from board_layout import BoardLayout
from markup import Markup, attributes_of, top_elements
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
        #: Per region set by ``set_drawn``: the repr of what its markup was drawn from.
        self.drawn_from: dict[str, str] = {}

    def set_drawn(self, element_id: str, inputs: object, draw: Callable[[], str]) -> bool:
        """``set(element_id, draw())``, but ``draw`` is not even called when the region
        still holds what it was drawn from the same ``inputs`` (compared by their repr:
        ``inputs`` must hold everything the markup is drawn from). A click changes the
        players' panels or the mat only now and then; drawing them is the dear part."""
        stamp = repr(inputs)
        last = self.shown.get(element_id)
        if last is not None and self.drawn_from.get(element_id) == stamp:
            node = el(element_id)
            if node and last[1] == node and node.isConnected:
                return False
        changed = self.set(element_id, draw())
        self.drawn_from[element_id] = stamp
        return changed

    def set(self, element_id: str, markup: str) -> bool:
        """Put ``markup`` into the region unless it is there already; True if it was set."""
        self.drawn_from.pop(element_id, None)
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
            self.drawn_from.pop(element_id, None)

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
        match element for element (then ``innerHTML``). Elements that come and go (a
        unit's stack on the board) are matched by their start tags where those are
        unique (``patch_keyed``)."""
        before, after = self.elements(old, True), self.elements(new, False)
        children = node.childNodes
        if (
            depth <= 0
            or before is None
            or after is None
            or not after
            or not before
            or children.length != len(before)
        ):
            node.innerHTML = new
            return
        if len(before) != len(after):
            self.patch_keyed(node, before, after, depth)
            return
        for index, (was_part, now_part) in enumerate(zip(before, after, strict=True)):
            if was_part[0] == now_part[0]:
                continue
            child = children.item(index)
            if not is_element(child, was_part[2]):
                node.innerHTML = new  # the page's elements are not the markup's
                return
            self.patch_child(child, was_part, now_part, depth)

    def patch_child(self, child, was_part: tuple, now_part: tuple, depth: int) -> None:
        """One element drawn from ``was_part`` made that of ``now_part``: its content
        patched when its start tag is the same, else the element drawn again."""
        (was, was_tag, name), (now, now_tag, now_name) = was_part, now_part
        end = "</" + name + ">"
        same_kind = name == now_name and name.lower() not in FORM_ELEMENTS
        if (was_tag == now_tag or same_kind) and was.endswith(end) and now.endswith(end):
            if was_tag != now_tag:
                set_attributes(child, attributes_of(was_tag), attributes_of(now_tag))
            inner_was = was[len(was_tag) : -len(end)]
            inner_now = now[len(now_tag) : -len(end)]
            if inner_was != inner_now:
                self.patch(child, inner_was, inner_now, depth - 1)
        else:
            child.insertAdjacentHTML("afterend", now)
            child.remove()

    def patch_keyed(self, node, before: list, after: list, depth: int) -> None:
        """Elements matched by start tag (each unique on both sides, else drawn afresh):
        the ones kept are patched and stay, the others are removed or added in place.

        The elements the same at both ends (the board's unchanged stacks after its
        highlights changed) are not looked at in the page at all: only the window
        between them is matched."""
        head, limit = 0, min(len(before), len(after))
        while head < limit and before[head][0] == after[head][0]:
            head += 1
        tail = 0
        while tail < limit - head and before[-1 - tail][0] == after[-1 - tail][0]:
            tail += 1
        whole = "".join(part for part, _, _ in after)
        before, after = before[head : len(before) - tail], after[head : len(after) - tail]
        old_tags = [tag for _, tag, _ in before]
        new_tags = [tag for _, tag, _ in after]
        children = node.childNodes
        nodes = [children.item(head + i) for i in range(len(before))]
        if not all(is_element(n, part[2]) for n, part in zip(nodes, before, strict=True)):
            node.innerHTML = whole  # the page's elements are not the markup's
            return
        #: The element before the window (None: the window starts the region).
        start = children.item(head - 1) if head else None
        if len(set(old_tags)) != len(old_tags) or len(set(new_tags)) != len(new_tags):
            for old in nodes:
                old.remove()
            markup = "".join(part for part, _, _ in after)
            if start is None:
                node.insertAdjacentHTML("afterbegin", markup)
            else:
                start.insertAdjacentHTML("afterend", markup)
            return
        kept = dict(zip(old_tags, zip(nodes, before, strict=True), strict=True))
        for tag in set(old_tags) - set(new_tags):
            kept.pop(tag)[0].remove()
        previous = start
        for now_part in after:
            found = kept.get(now_part[1])
            if found is None:
                if previous is None:
                    node.insertAdjacentHTML("afterbegin", now_part[0])
                    previous = node.firstChild
                else:
                    previous.insertAdjacentHTML("afterend", now_part[0])
                    previous = previous.nextSibling
                continue
            child, was_part = found
            expected = node.firstChild if previous is None else previous.nextSibling
            if not expected:
                node.appendChild(child)
            elif expected != child:
                node.insertBefore(child, expected)
            if was_part[0] != now_part[0]:
                self.patch_child(child, was_part, now_part, depth)
                child = node.firstChild if previous is None else previous.nextSibling
            previous = child


#: Elements whose attributes say what a player may have changed since (checked,
#: selected, value): drawn again whole rather than given new attributes.
FORM_ELEMENTS = frozenset(["input", "select", "option", "textarea"])


def set_attributes(node, before: dict[str, str], after: dict[str, str]) -> None:
    """Give ``node`` the attributes ``after`` instead of ``before`` (only the changes)."""
    for name in before.keys() - after.keys():
        node.removeAttribute(name)
    for name, value in after.items():
        if before.get(name) != value:
            node.setAttribute(name, value)


def is_element(node, name: str) -> bool:
    """Whether ``node`` is an element named ``name`` (the markup's, in the page)."""
    return str(getattr(node, "tagName", "") or "").lower() == name.lower()


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
