"""The guided first game in the page: its start, its step card and the lit object.

Runs in the browser only (``js``). ``Guide.show`` runs after every render of the page:
it offers "Learn by playing" on the new-game screen, and in a guided game puts the
current step's card above the decision panel (in the score screen at the end)
and lights the object the step points at: the first of the step's candidates
(``guided_game.lit_candidates``) that the page shows as clickable now, so the engine's
legal actions decide what can be lit. The steps skipped or acknowledged are kept beside
the game's save (``<site>guide.<save id>``), so a reload or a resume goes on where the
player was.
"""

from __future__ import annotations

import contextlib
import json

import js
from guided_game import (
    GUIDE_SETUP,
    Move,
    lit_candidates,
    load_record,
    progress,
    record_of,
)
from markup import Markup
from phone_frame import matches
from pyodide.ffi import create_proxy
from render_guide import card_html, offer_html
from session import Session

document = js.document
#: The live region the step card is drawn in, made once (the decision panel beside it is
#: drawn anew on every render).
GUIDE_BOX = Markup('<div id="guide-box" class="guide-box" aria-live="polite"></div>')
#: An upright phone: the side panel is a sheet under the board (``phone_frame``).
UPRIGHT_PHONE = "(max-width: 700px)"


class Guide:
    """The guide of one page: the guided session, if any, and its skipped steps."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.dismissed: set[str] = set()
        #: The session last looked up in storage (a reload or a resume of a save).
        self.checked: Session | None = None
        #: The save the record was last written for, what was written, and the
        #: decisions the save held then (a save deleted and written again by the next
        #: decision gets its record again).
        self.written: tuple[str | None, str, int] = (None, "", 0)
        self.step_id = ""
        #: The page (set by ``show``) and the scroll after the render (``phone_frame``'s
        #: sheet scrolls back to the prompt when a render is done).
        self.scroll_proxy = create_proxy(self.scroll_lit)

    # --- keeping the guide with the game ---------------------------------------

    def key(self, page) -> str | None:
        s = self.session
        return None if s is None or s.save_id is None else f"{page.prefix}guide.{s.save_id}"

    def keep(self, page) -> None:
        """Write the record beside the save (once the game has one; again when the record
        or the save changed)."""
        key = self.key(page)
        if key is None:
            return
        value = json.dumps(record_of(self.dismissed))
        saved = len(self.session.saved_actions or ())
        if self.written != (key, value, saved):
            with contextlib.suppress(Exception):  # storage refused or full: kept in the tab
                page.storage.setItem(key, value)
            self.written = (key, value, saved)

    def take_record(self, page, save_id: str) -> str | None:
        """Remove the record kept beside a save being deleted; its text, for an undo."""
        key = f"{page.prefix}guide.{save_id}"
        try:
            raw = page.storage.getItem(key)
            if not isinstance(raw, str):
                return None
            page.storage.removeItem(key)
        except Exception:  # a JavaScript error: storage refused
            return None
        return raw

    def put_record(self, page, save_id: str, raw: str | None) -> None:
        """Put back what ``take_record`` removed (the save came back with Undo)."""
        if raw is None:
            return
        with contextlib.suppress(Exception):  # storage refused or full: the save is back
            page.storage.setItem(f"{page.prefix}guide.{save_id}", raw)

    def follow(self, page) -> None:
        """A game opened from a link, a reload or a save: guided when its save says so."""
        s = page.session
        if s is None or s is self.session or s is self.checked:
            return
        self.checked = s
        if s.save_id is None:
            return
        try:
            stored = page.storage.getItem(f"{page.prefix}guide.{s.save_id}")
        except Exception:  # a JavaScript error: storage refused
            return
        dismissed = load_record(stored if isinstance(stored, str) else None)
        if dismissed is not None:
            self.session, self.dismissed = s, dismissed
            saved = len(s.saved_actions or ())
            self.written = (self.key(page), json.dumps(record_of(dismissed)), saved)

    # --- drawing ----------------------------------------------------------------

    def show(self, page) -> None:
        body = document.body.dataset
        for old in document.querySelectorAll(".guide-lit"):  # the board is drawn once
            old.classList.remove("guide-lit")
        for old in document.querySelectorAll("#overlay #guide-card"):
            old.remove()  # the score screen is redrawn only when it changes (page_dom.Regions)
        box = document.getElementById("guide-box")
        if not box:  # above the decision panel (on a phone it stays at the sheet's top)
            document.querySelector(".side-main").insertAdjacentHTML("afterbegin", GUIDE_BOX)
            box = document.getElementById("guide-box")
        box.innerHTML = ""
        body.guide = ""
        body.guideLit = ""
        self.step_id = ""
        if page.replay is not None:
            return
        if page.session is None:
            form = document.getElementById("setup")
            if form and not document.getElementById("guide-offer"):  # (a form kept as it
                form.insertAdjacentHTML("afterbegin", offer_html(page.lang))  # was has one)
            return
        self.follow(page)
        s = self.session
        if s is None or s is not page.session:
            return
        self.keep(page)
        legal = s.legal()
        log = s.state.log
        moves = [
            Move(
                p.seat,
                p.action,
                tuple(str(e.get("event")) for e in log[p.log_from : p.log_to]),
                tuple(
                    e.get("seat") for e in log[p.log_from : p.log_to] if e.get("event") == "star"
                ),
            )
            for p in s.played
        ]
        where = progress(
            moves,
            self.dismissed,
            str(s.state.pending.get("kind")),
            game_over=s.game_over,
            deciding=bool(legal) and not page.watched(),
            legal=legal,
        )
        if where.finished:
            body.guide = "done"
            return
        step = where.step
        if step is None:
            body.guide = "wait"
            return
        self.step_id = step.id
        body.guide = step.id
        encounter = s.state.pending.get("card")  # the encounter card being decided
        card = card_html(step, page.lang, where.star_seat, encounter)
        end = document.querySelector("#overlay:not([hidden]) .end")
        if end:  # the score screen holds the focus: the card goes inside it
            end.querySelector("h2").insertAdjacentHTML("afterend", card)
        else:
            box.innerHTML = card
        self.light(page, lit_candidates(step, legal, where.star_seat, encounter))

    def light(self, page, candidates) -> None:
        """Light the first candidate the page shows as clickable now."""
        for lit in candidates:
            if not document.querySelector(lit.check):
                continue
            target = document.querySelector(lit.light)
            if not target:
                continue
            target.classList.add("guide-lit")
            mark = document.querySelector(lit.check)
            if mark != target:
                mark.classList.add("guide-mark")  # the board's mark over a lit hex
            document.body.dataset.guideLit = lit.light
            if matches(UPRIGHT_PHONE):
                # The sheet high for a part of the mat or panel (the card stays on top of
                # it), low enough for the board to show a lit hex.
                in_sheet = bool(target.closest("#side-body"))
                if in_sheet and page.sheet.height != "high":
                    page.sheet.set("high")
                elif not in_sheet and page.sheet.height == "high":
                    page.sheet.set("mid")
            js.setTimeout(self.scroll_proxy, 0)
            return

    def scroll_lit(self, *_args) -> None:
        """Scroll the sheet (or the panel) to the lit object, once the render is done."""
        target = document.querySelector("#side-body .guide-lit")
        if target:
            target.scrollIntoView(js.JSON.parse('{"block": "nearest"}'))

    # --- commands ---------------------------------------------------------------

    def start(self, page) -> None:
        """Start the guided game (the fixed setup) from the new-game screen."""
        page.stop_timer()
        session = Session(json.loads(json.dumps(GUIDE_SETUP)))
        page.session, page.replay, page.panel = session, None, ""
        page.error, page.end_closed, page.conflict = "", False, None
        self.session, self.checked, self.dismissed = session, session, set()
        self.written = (None, "", 0)
        page.after_change()

    def dismiss(self, page, what: str) -> None:
        """Skip or acknowledge the step shown (``what``: its id), or leave the guide."""
        if self.session is None or self.session is not page.session or not what:
            return
        self.dismissed.add(what)
        self.keep(page)
        page.render()
        page.refocus()


def start(page, _target) -> None:
    page.guide.start(page)


def skip(page, _target) -> None:
    page.guide.dismiss(page, page.guide.step_id)


def leave(page, _target) -> None:
    page.guide.dismiss(page, "leave")
