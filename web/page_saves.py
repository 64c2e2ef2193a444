"""The page's game in the address bar and in the browser's saves.

A mixin of ``ui.Page`` (browser only, uses ``js``): the address keeps the game (a
reload resumes it), every decision is autosaved, saved games are resumed and links
opened (each replayed once), each failure becoming a message while nothing else is
lost.

The address is not rewritten at every decision: each ``history.replaceState`` makes
Chromium fetch and parse the favicon again (a few ms per click). It is written when a
game starts, is resumed or opened; then, while the game is safely saved, it is
brought up to date when the player may look at it or leave: the window loses the
focus (the address bar, another window), the page is hidden or left. A reload of an
address that lags behind opens this tab's save of the same game, which holds every
decision (the tab remembers its save in ``sessionStorage``). When the game is not
saved (storage refused or full, another tab's newer save), the address is the only
copy and is written at once.

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
from save_format import REPLAY_ERRORS
from session import Session, replay_link
from share_links import fragment_record
from storage import (
    SaveError,
    SaveStore,
    adopt_legacy_saves,
    open_storage,
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
        #: The save just deleted, (id, stored text, the guide's record beside it or
        #: None), while its Undo is offered.
        self.deleted: tuple[str, str, str | None] | None = None
        #: The address lags behind the game (written at ``flush_address``), and the
        #: session whose game it holds (maybe at an earlier decision).
        self.address_behind = False
        self.address_session: Session | None = None
        #: The save this tab writes to, as told to ``sessionStorage`` last.
        self.tab_save: str | None = None

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
        """Keep the game in the page address: a reload resumes it, and it can be shared.

        At once for a game the address does not hold yet (a new game, one resumed or
        opened) or one that is not saved; while the address holds this game and it is
        saved, only later (``flush_address``)."""
        s = self.session
        saved = (
            s is not None
            and self.storage_ok
            and self.conflict is None
            and s.save_id is not None
            and s.saved_actions is not None
            and len(s.saved_actions) == len(s.state.history)
            and s.saved_actions == s.state.history
        )
        self.address_behind = True
        if saved:
            self.tell_tab(s.save_id)
        if not saved or self.address_session is not s:
            self.flush_address()

    def flush_address(self, *_args) -> None:
        """Write the game into the address now, if it lags behind (one ``replaceState``)."""
        if not self.address_behind:
            return
        self.address_behind = False
        s = self.address_session = self.session
        address = f"{js.location.pathname}{js.location.search}"
        if s is not None:
            address += s.fragment()
        if address != f"{js.location.pathname}{js.location.search}{js.location.hash}":
            js.history.replaceState(None, "", address)

    def tell_tab(self, game_id: str) -> None:
        """Remember in this tab (``sessionStorage``: it outlives a reload) which save it writes."""
        if game_id == self.tab_save:
            return
        self.tab_save = game_id
        with contextlib.suppress(Exception):  # a JavaScript error: storage refused
            js.window.sessionStorage.setItem(self.prefix + "tab", game_id)

    def tab_game(self) -> str | None:
        """The save this tab wrote to before a reload, if any."""
        try:
            value = js.window.sessionStorage.getItem(self.prefix + "tab")
        except Exception:  # a JavaScript error: storage refused
            return None
        return value if isinstance(value, str) else None

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
        """Open a saved game: its record read, then replayed once (``Session.replayed``)."""
        where = f"The saved game {game_id!r}"
        try:
            session = replay_save(self.saves.load_record(game_id), where)
        except ValueError as exc:  # SaveError, IllegalActionError
            self.saves_message = error_text(getattr(exc, "code", "damaged"), str(exc), self.lang)
            self.render()
            return
        session.save_id, session.saved_actions = game_id, list(session.state.history)
        self.stop_timer()
        self.session, self.error, self.end_closed = session, "", False
        self.replay, self.panel, self.conflict = None, "", None
        self.after_change()

    def load_link(self, fragment: str, reloaded: bool = False) -> None:
        """Open the game in the address, replayed once. ``reloaded``: the tab was
        reloaded (or came back), so an address that lags behind this tab's save of the
        same game (``remember``) opens that save instead."""
        if is_pass_link(fragment):  # play by link: the game under its own id
            pass_on_ui.open_pass(self, fragment)
            return
        try:
            rec = fragment_record(fragment)
            game_id = self.tab_game() if reloaded else None
            newer = self.newer_save(game_id, rec) if game_id else None
            if newer is not None:
                rec = newer
            self.session = replay_link(rec)
        except ValueError as exc:  # SaveError (a RecordError), IllegalActionError
            code = getattr(exc, "code", "bad_link")
            self.error = text("link.error", error=error_text(code, str(exc), self.lang))
            return
        except Exception as exc:  # an engine bug must not stop the page from starting
            js.console.error(f"opening the link failed: {exc!r}")
            self.session = None
            self.error = text("link.error", error=text("saveerr.bad_link"))
            return
        if newer is not None:
            self.session.save_id, self.session.saved_actions = game_id, list(newer["actions"])
            return
        try:  # a reload: keep writing to the game's own save, not a copy
            found = self.saves.find(self.session.state)
        except SaveError:
            found = None
        if found is not None:
            self.session.save_id = found.id
            self.session.saved_actions = list(self.session.state.history)

    def newer_save(self, game_id: str, rec: dict) -> dict | None:
        """The record of save ``game_id`` if it is the game of ``rec`` with at least its
        decisions (the address lagged behind it), else None."""
        try:
            saved = self.saves.load_record(game_id)
        except SaveError:
            return None
        actions = rec["actions"]
        same = saved["setup"] == rec["setup"] and saved["actions"][: len(actions)] == actions
        return saved if same else None


def replay_save(rec: dict, where: str) -> Session:
    """A saved game's session; every failure a ``SaveError`` (``damaged`` or ``newer``)."""
    try:
        return Session.replayed(rec)
    except REPLAY_ERRORS as exc:
        code = "newer" if getattr(exc, "newer", False) else "damaged"
        raise SaveError(code, f"{where} cannot be replayed: {exc}") from exc
