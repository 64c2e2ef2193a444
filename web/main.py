"""PyScript entry point: draw the board, then name the hex under the pointer or focus.

Runs in the browser only (it needs ``js`` and ``pyscript``). The drawing itself is in
``render_board`` (pure Python); this module is the thin layer that touches the page.
"""

import js

js.window.__t_python = js.performance.now()

import sys  # noqa: E402

from board_layout import BoardLayout, points_attr  # noqa: E402
from pyscript import when  # noqa: E402
from render_board import board_svg, describe, legend_html  # noqa: E402
from strings import text  # noqa: E402

from scythe_core.data.board import board_summary  # noqa: E402

js.window.__t_imported = js.performance.now()
document = js.document
SUMMARY = board_summary()
CELLS = {cell["id"]: cell for cell in SUMMARY["hexes"]}
LAYOUT = BoardLayout(SUMMARY["hexes"])


def element(element_id: str):
    return document.getElementById(element_id)


def hex_id_of(event) -> str | None:
    """The id of the hex an event happened in, if any (JS null is falsy, not None)."""
    target = event.target
    group = target.closest("[data-hex]") if target and hasattr(target, "closest") else None
    return str(group.getAttribute("data-hex")) if group else None


def show(hid: str | None) -> None:
    """Name a hex in the info line and outline it; ``None`` shows the hint."""
    cursor = element("hex-cursor")
    if hid in CELLS:
        element("hex-info").textContent = describe(CELLS[hid])
        cursor.setAttribute("points", points_attr(LAYOUT.corners(hid)))
        cursor.setAttribute("visibility", "visible")
    else:
        element("hex-info").textContent = text("hint")
        cursor.setAttribute("visibility", "hidden")


def focused_hex() -> str | None:
    active = document.activeElement
    hid = active.getAttribute("data-hex") if active else None
    return str(hid) if hid else None


@when("mouseover", "#board-wrap")
def on_pointer_over(event) -> None:
    hid = hex_id_of(event)
    if hid:
        show(hid)


@when("mouseleave", "#board-wrap")
def on_pointer_leave(event) -> None:
    show(focused_hex())


@when("focusin", "#board-wrap")
def on_focus(event) -> None:
    show(hex_id_of(event))


@when("focusout", "#board-wrap")
def on_blur(event) -> None:
    if not event.relatedTarget:
        show(None)


def draw() -> None:
    element("loading-text").textContent = text("loading.drawing")
    element("board-wrap").innerHTML = board_svg(SUMMARY)
    element("legend").innerHTML = legend_html()
    element("legend").hidden = False
    show(None)
    import pyodide

    python = ".".join(map(str, sys.version_info[:3]))
    element("footer").textContent = text("footer", python=python, pyodide=pyodide.__version__)


def show_framed() -> None:
    """Inside another site's frame the game does not start: it offers its own tab."""
    link = document.createElement("a")
    link.href = str(js.location.href)
    link.target = "_blank"
    link.rel = "noopener"
    link.textContent = text("framed.open")
    box = element("loading")
    box.replaceChildren(document.createTextNode(text("framed") + " "), link)
    document.body.dataset.framed = "1"


def start() -> bool:
    """Draw the board and show it; False when the page must not start (framed)."""
    if getattr(js.window, "__scytheFramed", False):
        show_framed()
        return False
    try:
        draw()
    except Exception as exc:
        element("loading-text").textContent = text("error", error=exc)
        document.body.dataset.error = "1"
        raise
    element("loading").hidden = True
    element("board-area").hidden = False
    document.body.dataset.boardDrawn = "1"
    document.body.dataset.ready = "1"
    js.window.__t_board = js.performance.now()
    return True


if start():
    import ui_events  # (the game itself: new-game screen, turns, log; see ui.py)

    ui_events.install()

    import page_probe  # (hooks for the browser tests; see page_probe.py)

    page_probe.install()
