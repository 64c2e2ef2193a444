"""Play by link in the page (browser side): the "Pass on" link, and opening one.

The pure parts are ``pass_on`` (the link, its game id, what a browser does with a
link it receives) and ``render_pass_on`` (the markup). The hand-over screen between
two humans offers "Pass on by link": a link with the whole game for the player whose
turn it is, to open on any device. Opening one keeps the game under its id (a saved
game); a link of a turn this browser has already seen played is refused with a
message, and the newer game is kept as it was.
"""

from __future__ import annotations

import js
from markup import Markup
from pass_on import is_pass_link, new_pass_id, pass_record, pass_url, verdict
from pyodide.ffi import create_once_callable
from render_pass_on import pass_on_html, received_html
from render_saves import error_text
from save_format import SaveError
from session import replay_link
from strings import seat_name, text

document = js.document


def pass_id(page) -> str:
    """The game's id in its pass-on links: the one it came with, else its save's id."""
    s = page.session
    if s.pass_id is None:
        s.pass_id = s.save_id or new_pass_id(s.state, str(js.Date.new().toISOString()))
    return s.pass_id


def link_for(page) -> str:
    return pass_url(str(js.location.href), pass_id(page), page.session.state)


def shown_key(page) -> tuple:
    s = page.session
    return (id(s), len(s.state.history))


def handover_extra(page, player: dict) -> Markup:
    """The pass-on part of the hand-over dialog for ``player`` (the next to play)."""
    if page.pass_received == shown_key(page):
        return received_html(seat_name(player, page.lang), page.lang)
    shown = page.pass_shown == shown_key(page)
    return pass_on_html(
        seat_name(player, page.lang),
        link_for(page) if shown else None,
        page.pass_status if shown else "",
        page.lang,
    )


def select_field() -> None:
    field = document.getElementById("pass-link")
    if field:
        field.focus()
        field.select()


# --- commands ----------------------------------------------------------------


def show_link(page, _target) -> None:
    if page.session is None or not page.session.handover:
        return
    page.pass_shown, page.pass_status = shown_key(page), ""
    page.render()
    select_field()


def copy_link(page, _target) -> None:
    """Put the pass-on link on the clipboard, or ask for it to be copied by hand."""
    if page.session is None or page.pass_shown != shown_key(page):
        return
    url = link_for(page)

    def said(key: str):
        def run(*_args) -> None:
            page.pass_status = text(key)
            page.render()
            button = document.getElementById("pass-copy")
            if key == "passon.copied" and button:
                button.focus()
            else:
                select_field()

        return run

    clipboard = getattr(js.navigator, "clipboard", None)
    if not clipboard or not bool(js.window.isSecureContext):
        said("passon.by_hand")()
        return
    try:
        clipboard.writeText(url).then(
            create_once_callable(said("passon.copied")),
            create_once_callable(said("passon.by_hand")),
        )
    except Exception:  # a JavaScript error: no clipboard here
        said("passon.by_hand")()


# --- opening a link --------------------------------------------------------------


def stored_record(page, game_id: str) -> dict | None:
    """The record this browser keeps under ``game_id``; None if there is none. A
    stored entry that cannot be read counts as another game (it is not written over)."""
    try:
        return page.saves.load_record(game_id)
    except SaveError as exc:
        return None if exc.code == "not_found" else {"setup": None, "actions": []}


def open_pass(page, fragment: str) -> None:
    """Open a pass-on link (page load or address change): the game behind its
    hand-over, saved under its id; or the refusal of a turn already played."""
    try:
        game_id, rec = pass_record(fragment)
        stored = stored_record(page, game_id)
        same = stored is not None and stored.get("setup") == rec["setup"]
        kind = verdict(rec["actions"], stored["actions"]) if same else "open"
        if kind == "played":
            page.session = None
            more = len(stored["actions"]) - len(rec["actions"])
            page.error = text("passon.played") + " " + text("passon.played.detail", n=more)
            return
        session = replay_link(rec)  # replayed once, every decision checked
    except ValueError as exc:  # SaveError (a RecordError), IllegalActionError
        code = getattr(exc, "code", "bad_link")
        page.session = None
        page.error = text("link.error", error=error_text(code, str(exc), page.lang))
        return
    except Exception as exc:  # an engine bug must not stop the page from starting
        js.console.error(f"opening the pass-on link failed: {exc!r}")
        page.session = None
        page.error = text("link.error", error=text("saveerr.bad_link"))
        return
    session.pass_id = game_id
    if kind == "open" and (same or stored is None):
        session.save_id = game_id
        session.saved_actions = list(stored["actions"]) if same else None
    else:  # played differently on two devices, or the id names another game here
        page.notice = text("passon.forked")
    page.session = session
    page.pass_received = shown_key(page)


def follow_address(page) -> None:
    """The address changed to a pass-on link (pasted into an open tab): open it."""
    address = str(js.location.hash)
    s = page.session
    if not is_pass_link(address) or (s is not None and address == s.fragment()):
        return
    page.stop_timer()
    page.replay, page.panel, page.conflict, page.end_closed = None, "", None, False
    page.error, page.notice = "", ""
    page.session = None
    open_pass(page, address)
    if page.session is not None:
        page.after_change()
    else:
        page.render()
