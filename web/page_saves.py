"""The page's game in the address bar and in the browser's saves.

A mixin of ``ui.Page`` (browser only, uses ``js``): the address keeps the game (a
reload resumes it), every decision is autosaved, saved games are resumed and links
opened, each failure becoming a message while nothing else is lost.
"""

from __future__ import annotations

import js
from render_saves import error_text
from session import Session
from storage import SaveError, parse_fragment
from strings import text


class PageSaves:
    """Saving and loading for a page with ``session``, ``saves`` and ``render()``."""

    def remember(self) -> None:
        """Keep the game in the page address: a reload resumes it, and it can be shared."""
        s = self.session
        address = f"{js.location.pathname}{js.location.search}"
        if s is not None:
            address += s.fragment()
        if address != f"{js.location.pathname}{js.location.search}{js.location.hash}":
            js.history.replaceState(None, "", address)

    def save(self) -> None:
        """Autosave after every decision (``storage.SaveStore``); a failure only warns."""
        s = self.session
        if s is None or s.saved_decisions == len(s.state.history):
            return
        try:
            info = self.saves.autosave(s.state, str(js.Date.new().toISOString()), s.save_id)
        except SaveError as exc:
            self.notice = text("saves.failed", error=error_text(exc.code, exc.message, self.lang))
            return
        s.save_id, s.saved_decisions = info.id, len(s.state.history)
        self.notice = ""

    def saved(self) -> list:
        try:
            return self.saves.list().games
        except SaveError:
            return []

    def resume(self, game_id: str) -> None:
        try:
            session = Session.from_record(self.saves.resume(game_id))
        except ValueError as exc:  # SaveError, IllegalActionError
            self.saves_message = error_text(getattr(exc, "code", "damaged"), str(exc), self.lang)
            self.render()
            return
        session.save_id, session.saved_decisions = game_id, len(session.state.history)
        self.stop_timer()
        self.session, self.error, self.end_closed = session, "", False
        self.replay, self.panel = None, ""
        self.after_change()

    def load_link(self, fragment: str) -> None:
        try:
            self.session = Session.from_record(parse_fragment(fragment))
        except ValueError as exc:  # SaveError (a RecordError), IllegalActionError
            code = getattr(exc, "code", "bad_link")
            self.error = text("link.error", error=error_text(code, str(exc), self.lang))
            return
        try:  # a reload: keep writing to the game's own save, not a copy
            found = self.saves.find(self.session.state)
        except SaveError:
            found = None
        if found is not None:
            self.session.save_id = found.id
            self.session.saved_decisions = found.decisions
