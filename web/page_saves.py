"""The page's game in the address bar and in the browser's saves.

A mixin of ``ui.Page`` (browser only, uses ``js``): the address keeps the game (a
reload resumes it), every decision is autosaved, saved games are resumed and links
opened, each failure becoming a message while nothing else is lost.

Storage is the site's own (keys carry the site's path, ``storage.site_prefix``). A
browser that refuses storage gets a tab-long stand-in and a notice; a tab whose
save was overwritten by another tab since is told so and saves nothing until the
player loads the newer save or keeps this game as a copy.
"""

from __future__ import annotations

import contextlib

import js
import pass_on_ui
from markup import Markup, html
from pass_on import is_pass_link
from render_saves import error_text
from session import Session
from storage import (
    SaveError,
    SaveStore,
    adopt_legacy_saves,
    open_storage,
    parse_fragment,
    site_prefix,
)
from strings import text


def local_storage():
    """``window.localStorage`` (reading it throws where the browser refuses storage)."""
    return js.window.localStorage


class PageSaves:
    """Saving and loading for a page with ``session``, ``saves`` and ``render()``."""

    def init_saves(self) -> None:
        self.prefix = site_prefix(str(js.location.pathname))
        storage, self.storage_ok = open_storage(local_storage)
        if self.storage_ok:
            with contextlib.suppress(SaveError):  # full: the older saves stay where they are
                adopt_legacy_saves(storage, self.prefix)
        self.storage = storage
        self.saves = SaveStore(storage, self.prefix + "save.")
        #: Another tab saved this game since: (save id, decisions stored there).
        self.conflict: tuple[str, int] | None = None
        #: The save just deleted, (id, stored text), while its Undo is offered.
        self.deleted: tuple[str, str] | None = None

    def setting(self, name: str) -> str | None:
        """A page setting (language, speed) kept by the browser, if any."""
        try:
            value = self.storage.getItem(self.prefix + name)
        except Exception:  # a JavaScript error: storage refused
            return None
        return value if isinstance(value, str) else None

    def keep_setting(self, name: str, value: str) -> None:
        with contextlib.suppress(Exception):  # a JavaScript error: the setting is not kept
            self.storage.setItem(self.prefix + name, value)

    def notice_html(self) -> Markup:
        """The header's notice: a message, the save conflict's choice, or saving being off."""
        if self.conflict is not None:
            return html(
                '<span class="notice conflict" role="alert" id="save-conflict">{line} '
                '<button type="button" data-cmd="conflict-load" id="conflict-load">{load}</button> '
                '<button type="button" data-cmd="conflict-copy" id="conflict-copy">{copy}</button>'
                "</span>",
                line=text("conflict.text", n=self.conflict[1]),
                load=text("conflict.load"),
                copy=text("conflict.copy"),
            )
        message = self.notice or ("" if self.storage_ok else text("storage.off"))
        return html(
            '<span class="notice" role="alert" id="notice">{message}</span>', message=message
        )

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
        if s is None or self.conflict is not None or s.saved_actions == s.state.history:
            return
        try:
            info = self.saves.autosave(
                s.state, str(js.Date.new().toISOString()), s.save_id, expected=s.saved_actions
            )
        except SaveError as exc:
            if exc.code == "conflict":
                self.conflict = (s.save_id, exc.decisions)
                return
            self.notice = text("saves.failed", error=error_text(exc.code, exc.message, self.lang))
            return
        s.save_id, s.saved_actions = info.id, list(s.state.history)
        self.notice = ""

    def storage_changed(self, key: str) -> None:
        """Another tab wrote a key (the browser's ``storage`` event): if it saved this
        game over what this tab saved, say so now rather than at the next save."""
        s = self.session
        if s is None or s.save_id is None or key != self.prefix + "save." + s.save_id:
            return
        try:
            stored = self.saves.load_record(s.save_id)["actions"]
        except SaveError:
            return  # deleted or damaged there: the next save writes it again
        if stored != s.saved_actions:  # (a conflict already shown gets the newest count)
            self.conflict = (s.save_id, len(stored))
            self.header()

    def resolve_conflict(self, choice: str) -> None:
        """``conflict-load``: open the newer save; ``conflict-copy``: save this game anew."""
        if self.conflict is None:
            return
        game_id, _ = self.conflict
        self.conflict = None
        if choice == "conflict-load":
            self.resume(game_id)
            return
        s = self.session
        if s is None:
            return
        try:
            name = text("conflict.copy_name", name=self.saves.info(game_id).name[:60])
        except SaveError:
            name = None
        try:
            info = self.saves.autosave(s.state, str(js.Date.new().toISOString()), name=name)
        except SaveError as exc:
            s.save_id, s.saved_actions = None, None
            self.notice = text("saves.failed", error=error_text(exc.code, exc.message, self.lang))
        else:
            s.save_id, s.saved_actions = info.id, list(s.state.history)
            self.notice = text("conflict.copied", name=info.name)
        self.render()

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
        session.save_id, session.saved_actions = game_id, list(session.state.history)
        self.stop_timer()
        self.session, self.error, self.end_closed = session, "", False
        self.replay, self.panel, self.conflict = None, "", None
        self.after_change()

    def load_link(self, fragment: str) -> None:
        if is_pass_link(fragment):  # play by link: the game under its own id
            pass_on_ui.open_pass(self, fragment)
            return
        try:
            self.session = Session.from_record(parse_fragment(fragment))
        except ValueError as exc:  # SaveError (a RecordError), IllegalActionError
            code = getattr(exc, "code", "bad_link")
            self.error = text("link.error", error=error_text(code, str(exc), self.lang))
            return
        except Exception as exc:  # an engine bug must not stop the page from starting
            js.console.error(f"opening the link failed: {exc!r}")
            self.session = None
            self.error = text("link.error", error=text("saveerr.bad_link"))
            return
        try:  # a reload: keep writing to the game's own save, not a copy
            found = self.saves.find(self.session.state)
        except SaveError:
            found = None
        if found is not None:
            self.session.save_id = found.id
            self.session.saved_actions = list(self.session.state.history)
