"""Browser events for the game: one delegated listener per event type.

Clicks on ``[data-action]`` send that action, ``[data-cmd]`` runs a page command,
``[data-hex]`` clicks a hex, ``[data-pick]`` opens a step of a big decision,
``[data-toggle]`` toggles a Produce's hex; keys 1-5 pick a section, the arrow keys
move the focus from hex to hex, Enter/Space click a focused hex, U undoes, Escape
closes a hex's choices or goes one step back.
"""

from __future__ import annotations

import choice_steps
import commands
import js
import pass_on_ui
import phone_frame
import saves_ui
import strings
from automa_pacing import SPEEDS
from board_layout import ARROWS
from page_dom import CELLS, CONTROLS, LAYOUT, MENU, OVERLAY, SIDE, attr, el, zoom_labels
from pyodide.ffi import create_proxy
from render_board import describe, legend_html
from render_pieces import hex_contents
from strings import LANGUAGES, set_lang, text
from ui import DIALOGS, FOCUSABLE, Page

document = js.document


PAGE: Page | None = None


def on_click(event) -> None:
    swallowed = PAGE.zoom.take_swallowed_click()
    if PAGE.sheet.take_swallowed_click() or swallowed:
        return  # the end of a drag or a pinch on the board, or of a drag of the sheet
    target = event.target
    if not target or not hasattr(target, "closest"):
        return
    if PAGE.menu.open and not target.closest("#menu-btn, #controls select, #controls label"):
        PAGE.menu.close()  # a tap elsewhere, or a command from the menu, folds it
    hit = target.closest(
        "[data-action],[data-cmd],[data-dial],[data-card],[data-pick],[data-toggle],[data-hex]"
    )
    if not hit:
        return
    if attr(hit, "data-action"):
        PAGE.act(attr(hit, "data-action"), attr(hit, "data-then"))
    elif attr(hit, "data-cmd"):
        commands.run(PAGE, attr(hit, "data-cmd"), hit)
    elif attr(hit, "data-dial") or attr(hit, "data-card"):
        PAGE.combat_toggle(hit)
    elif attr(hit, "data-pick"):
        PAGE.choice = choice_steps.pick(PAGE.choice, attr(hit, "data-pick"))
        PAGE.render()
        PAGE.refocus()
    elif attr(hit, "data-toggle"):
        PAGE.hex_clicked(attr(hit, "data-toggle"))
    elif attr(hit, "data-hex"):
        PAGE.hex_clicked(attr(hit, "data-hex"))


def on_change(event) -> None:
    target = event.target
    if target.id == "import-file":
        saves_ui.import_chosen(PAGE, target)
    elif target.id == "ask-less":
        PAGE.ask_less = bool(target.checked)
        PAGE.keep_setting("ask_less", "1" if PAGE.ask_less else "")
        PAGE.after_change()
    elif target.id == "high-contrast":
        PAGE.high_contrast = bool(target.checked)
        PAGE.keep_setting("high_contrast", "1" if PAGE.high_contrast else "")
        PAGE.apply_contrast()
    elif target.id == "speed":
        if str(target.value) in SPEEDS:
            PAGE.speed = str(target.value)
            PAGE.keep_setting("speed", PAGE.speed)
        PAGE.schedule()
    elif target.closest("#setup"):
        PAGE.read_setup()
        name = str(target.id)
        if name == "setup-count" or name.endswith("-controller"):
            PAGE.render()  # the form's shape changes: seat rows, level and mat fields


def on_input(event) -> None:
    if str(event.target.id) == "rules-search":
        PAGE.rules.search(str(event.target.value), PAGE.lang)


def trap_focus(event) -> bool:
    """Tab and Shift+Tab go round the open dialog's controls (``ui.DIALOGS``), never out
    of it; True when the key was handled."""
    dialog = document.querySelector(DIALOGS)
    if not dialog or str(event.key) != "Tab":  # (JS null is falsy)
        return False
    if dialog.closest("#overlay"):  # the hand-over carries the combat reveal with it
        dialog = el("overlay")
    controls = dialog.querySelectorAll(FOCUSABLE)
    if controls.length == 0:
        return False
    first, last = controls.item(0), controls.item(controls.length - 1)
    active = document.activeElement
    if not dialog.contains(active):
        going = last if event.shiftKey else first
    elif event.shiftKey and active == first:
        going = last
    elif not event.shiftKey and active == last:
        going = first
    else:
        return False
    event.preventDefault()
    going.focus()
    return True


def on_key(event) -> None:
    if trap_focus(event):
        return
    target = event.target
    if str(event.key) == "Escape" and PAGE.menu.open:  # from any control in the menu
        PAGE.menu.close(refocus=True)
        return
    if str(event.key) == "Escape" and PAGE.rules.open:  # from anywhere, the search box too
        event.preventDefault()
        PAGE.rules.close()
        return
    tag = str(target.tagName).lower() if target and hasattr(target, "tagName") else ""
    if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
        return
    key = str(event.key)
    s = PAGE.session
    if key in ("ArrowUp", "ArrowDown") and str(target.id) == "sheet-handle":
        event.preventDefault()
        PAGE.sheet.step(1 if key == "ArrowUp" else -1)
    elif key in ("Enter", " ") and attr(target, "data-hex"):
        event.preventDefault()
        PAGE.hex_clicked(attr(target, "data-hex"))
    elif key in ARROWS and attr(target, "data-hex"):
        event.preventDefault()  # no page scroll
        focus_hex(LAYOUT.hex_toward(attr(target, "data-hex"), key))
    elif key in "12345" and len(key) == 1 and s:
        action = f"section:{int(key) - 1}"
        if action in s.legal():
            event.preventDefault()
            PAGE.act(action)
    elif key == "?":  # the rules of the focused thing (a mat part, a button), or of the step
        event.preventDefault()
        rule = target.closest("[data-rule]") if hasattr(target, "closest") else None
        commands.run(PAGE, "rule", rule if rule else None)
    elif key in ("u", "U") and s:
        commands.run(PAGE, "undo", target)
    elif key in ("+", "=", "-"):
        commands.run(PAGE, "zoom-out" if key == "-" else "zoom-in")
    elif key == "Escape":
        if PAGE.panel in ("saves", "stats"):
            commands.run(PAGE, f"close-{PAGE.panel}", target)
        elif document.querySelector("#decision .reveal #reveal-close"):
            commands.run(PAGE, "close-reveal", target)
        else:
            commands.run(PAGE, "cancel", target)


def focus_hex(hid: str | None) -> None:
    """Focus a hex (the info line follows the focus), panning a zoomed board to it."""
    group = document.querySelector(f"#board [data-hex='{hid}']") if hid else None
    if group:
        PAGE.zoom.reveal(*LAYOUT.center(hid))
        group.focus()


def on_hover(event) -> None:
    """Name the hex under the pointer or focus, with what stands on it."""
    target = event.target
    group = target.closest("[data-hex]") if target and hasattr(target, "closest") else None
    if not group:
        return
    hid = attr(group, "data-hex")
    line = describe(CELLS[hid])
    if PAGE.session is not None:
        contents = hex_contents(PAGE.view, hid, PAGE.lang)
        if contents:
            line += " — " + contents
    info = el("hex-info")
    # The same line is not written again: a click that redraws the pieces under the
    # pointer sends a mouseover at the next frame, and new text would be laid out then.
    if str(info.textContent) != line:
        info.textContent = line


def timed(handler):
    """Time the handler's re-render from the event (``window.__ui_ms``), if it re-renders;
    while a bot thinks, time any input's handling (``AutomaPacing.note_busy_input``).

    A pointer's click (``detail`` > 0; a key's click has 0) leaves the focus on the
    control clicked; it loses it now, while the page is still laid out, rather than
    when its region is drawn again (the browser would lay the page out then, half
    redrawn, and again for the frame)."""

    def run(event) -> None:
        before = PAGE.renders
        PAGE.input_at = float(event.timeStamp)
        busy = PAGE.thinking is not None  # a bot is thinking (in slices) meanwhile
        PAGE.pointer = str(event.type) == "click" and int(event.detail or 0) > 0
        if PAGE.pointer:
            active = document.activeElement
            if active and active != document.body and active.closest("#side-body, #overlay"):
                active.blur()
        try:
            handler(event)
        finally:
            PAGE.pointer = False
            if busy:
                hit = event.target.closest("[data-cmd]") if event.target else None
                PAGE.note_busy_input(float(event.timeStamp), attr(hit, "data-cmd") or event.type)
            if PAGE.renders == before:
                PAGE.input_at = None

    return run


def watch_for_updates() -> None:
    """Offer a reload when a newer build's service worker takes over this page.

    The first worker of a first visit also takes over (``clients.claim``); that is no
    update, so a change counts only once some worker controlled the page before it.
    The running page keeps its code until the reload; the game is saved meanwhile."""
    workers = getattr(js.navigator, "serviceWorker", None)
    if not workers:
        return
    seen = {"worker": bool(workers.controller)}

    def on_change(_event) -> None:
        if seen["worker"]:
            PAGE.update_ready = True
            PAGE.header()
        seen["worker"] = True

    workers.addEventListener("controllerchange", create_proxy(on_change))


def navigation_type() -> str:
    """How this page was opened: "navigate", "reload", "back_forward" (or "prerender")."""
    entries = js.performance.getEntriesByType("navigation")
    return str(entries[0].type) if entries.length else "navigate"


def install() -> Page:
    """Build the side panel and the header controls, then show the new-game screen."""
    global PAGE
    PAGE = Page()
    if PAGE.setting("lang") in LANGUAGES:
        set_lang(PAGE.setting("lang"))
    PAGE.ask_less = PAGE.setting("ask_less") == "1"
    PAGE.high_contrast = PAGE.setting("high_contrast") == "1"
    PAGE.apply_contrast()
    if PAGE.setting("speed") in SPEEDS:
        PAGE.speed = PAGE.setting("speed")
    document.querySelector("aside.side").innerHTML = SIDE
    document.querySelector("header.top").insertAdjacentHTML("beforeend", MENU + CONTROLS)
    el("board-area").insertAdjacentHTML("beforeend", OVERLAY)
    PAGE.zoom.install(el("board-area"), zoom_labels())
    PAGE.sheet.install()
    PAGE.rules.install()
    phone_frame.track_header()
    PAGE.menu.relabel()
    PAGE.menu.set(False)
    if strings.LANG != "en":
        PAGE.redraw_static()
    else:
        el("legend").innerHTML = legend_html()
        el("log-title").textContent = text("log.title")
        el("hex-info").textContent = text("hint")
    for name, handler, where in (
        ("click", timed(on_click), document),
        ("change", on_change, document),
        ("input", on_input, document),
        ("keydown", timed(on_key), document),
        ("mouseover", on_hover, el("board-wrap")),
        ("focusin", on_hover, el("board-wrap")),
    ):
        where.addEventListener(name, create_proxy(handler))
    # The territory list is drawn when it is opened ("toggle" does not bubble: capture).
    document.addEventListener(
        "toggle",
        create_proxy(
            lambda event: event.target.id == "territories-box" and PAGE.render_territories()
        ),
        True,
    )
    watch_for_updates()
    js.window.addEventListener(  # a pass-on link pasted into this tab's address
        "hashchange", create_proxy(lambda _event: pass_on_ui.follow_address(PAGE))
    )
    # For the browser tests: the regions that differ from their markup drawn afresh.
    setattr(
        js.window,
        "__scythe_regions_check",
        create_proxy(lambda: " ".join(PAGE.regions.mismatched())),
    )
    js.window.addEventListener(
        "storage", create_proxy(lambda event: PAGE.storage_changed(str(event.key or "")))
    )
    # The address is brought up to date when the player may look at it or leave
    # (``page_saves``): the window loses the focus (to the address bar, say), the page
    # is hidden or left; a click's render finishes first (``Page.leaving``).
    flush = create_proxy(PAGE.leaving)
    js.window.addEventListener("blur", flush)
    js.window.addEventListener("pagehide", flush)
    document.addEventListener("visibilitychange", flush)
    address = str(js.location.hash)
    if address.startswith(("#g", "#p")):
        PAGE.load_link(address, reloaded=navigation_type() in ("reload", "back_forward"))
    if PAGE.session is not None:
        PAGE.after_change()  # a pending Automa turn (after a reload) goes on
    else:
        PAGE.render()
    document.body.dataset.ui = "1"
    return PAGE
