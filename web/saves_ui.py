"""Saved games, files, share links and the replay viewer in the page (browser side).

The pure parts live in ``storage`` (the saves), ``share_links`` (the links),
``replay`` (stepping through a record) and ``render_saves`` (the markup); this
module wires them to the page: the saved-games screen over the board, the Export
download (a Blob link), the Import file input, "Copy link" (``navigator.clipboard``,
or a field to copy by hand) and the replay viewer's steps.
"""

from __future__ import annotations

import re

import js
from markup import Markup, html
from page_dom import LAYOUT, set_data
from pyodide.ffi import create_once_callable, to_js
from render_pieces import pieces_svg
from render_players import players_html
from render_saves import error_text, replay_html, saves_screen_html, share_field_html
from replay import Replay
from save_format import SaveError
from share_links import share_url
from storage import Listing
from strings import text

from scythe_core import player_view
from scythe_core.io.ui_helpers import score_estimate

document = js.document


def now() -> str:
    return str(js.Date.new().toISOString())


def controls_html(page) -> Markup:
    """The header buttons this module adds: saved games, and with a game Export and Copy link."""
    out = html(
        '<button type="button" data-cmd="saves" id="open-saves" title="{tip}">{label}</button>',
        tip=text("saves.open.tip"),
        label=text("saves.open"),
    )
    if page.session is not None and page.replay is None:
        out += html(
            '<button type="button" data-cmd="export" id="export" title="{export_tip}">'
            "{export}</button>"
            '<button type="button" data-cmd="copy-link" id="copy-link" title="{copy_tip}">'
            "{copy}</button>",
            export_tip=text("saves.export.tip"),
            export=text("saves.export"),
            copy_tip=text("link.copy.tip"),
            copy=text("link.copy"),
        )
    if page.share_field:
        out += share_field_html(page.share_field, page.lang)
    return out


def show_saves(page) -> None:
    """The saved-games screen over the board (the game underneath is kept as it is)."""
    try:
        listing = page.saves.list()
    except SaveError as exc:
        listing = Listing()
        page.saves_message = error_text(exc.code, exc.message, page.lang)
    current = page.session.save_id if page.session else None
    page.show_overlay(
        saves_screen_html(
            listing, page.lang, current, page.saves_message, undo=page.deleted is not None
        )
    )
    set_data(document.body, saves="1")


def render_replay(page) -> None:
    """The board and panels of the replay's current decision, read-only."""
    replay = page.replay
    view = page.view = player_view(replay.state, None)
    regions = page.regions
    regions.set("pieces", pieces_svg(view, LAYOUT, {}, page.lang))
    regions.set("decision", replay_html(replay, view, page.lang))
    regions.set("players", players_html(view, None, score_estimate(replay.state), page.lang))
    regions.set("mat-box", "")
    document.getElementById("log").innerHTML = ""
    page.log_shown = ()
    page.show_overlay(None)
    set_data(document.body, game="replay", replayIndex=str(replay.index))


# --- commands ----------------------------------------------------------------


def _game_id(target) -> str:
    game_id = target.getAttribute("data-id") if target else None
    return str(game_id) if game_id else ""


def show_saves_screen(page, _target) -> None:
    page.panel, page.saves_message = "saves", ""


def close_saves(page, _target) -> None:
    page.panel = ""


def delete_save(page, target) -> None:
    game_id = _game_id(target)
    raw = guarded(page, lambda: page.saves.delete(game_id))
    if raw is not None:
        # Deleted at once, the guide's record beside it too; the message line (here or
        # on the new-game screen) offers Undo until the next command.
        page.deleted = (game_id, raw, page.guide.take_record(page, game_id))
        page.saves_message = text("saves.deleted")


def undo_delete(page, _target) -> None:
    if page.deleted is None:
        return
    (gid, raw, guided), page.deleted = page.deleted, None
    if guarded(page, lambda: page.saves.restore(gid, raw) or True):
        page.guide.put_record(page, gid, guided)
    page.saves_message = page.saves_message or text("saves.restored")


def rename_save(page, target) -> None:
    game_id = _game_id(target)
    field = document.getElementById(f"rename-{game_id}")
    value = str(field.value) if field else ""
    info = guarded(page, lambda: page.saves.rename(game_id, value))
    if info is not None:
        page.saves_message = text("saves.renamed", name=info.name)


def replay_saved(page, target) -> None:
    open_replay(page, _game_id(target))


def replay_step(step: str):
    """A command of the replay viewer: ``first``, ``prev``, ``next``, ``last``, ``close``."""

    def run(page, _target) -> None:
        if page.replay is None:
            return
        if step == "close":
            page.replay = None
            return
        try:
            page.replay.go(step)
        except SaveError as exc:
            page.replay = None
            page.saves_message = error_text(exc.code, exc.message, page.lang)
            page.panel = "saves"

    return run


def export_save(page, target) -> None:
    game_id = _game_id(target)
    text_ = guarded(page, lambda: page.saves.export_text([game_id]))
    if text_ is not None:
        download(text_, file_name(game_id))


def rendering(handler):
    """The command, then the page drawn again."""

    def run(page, target) -> None:
        handler(page, target)
        page.render()

    return run


#: This module's page commands (``data-cmd``), for the page's one registry
#: (``commands.COMMANDS``): name -> handler(page, the clicked element).
COMMANDS = {
    "saves": rendering(show_saves_screen),
    "close-saves": rendering(close_saves),
    "delete-save": rendering(delete_save),
    "undo-delete": rendering(undo_delete),
    "rename": rendering(rename_save),
    "replay": rendering(replay_saved),
    **{
        f"replay-{step}": rendering(replay_step(step))
        for step in ("first", "prev", "next", "last", "close")
    },
    "export": lambda page, _target: export_current(page),
    "export-save": rendering(export_save),
    "copy-link": lambda page, _target: copy_link(page),
}


def guarded(page, work):
    """Run ``work``; a ``SaveError`` becomes the saved-games screen's message."""
    page.saves_message = ""
    try:
        return work()
    except SaveError as exc:
        page.saves_message = text(
            "saves.action.failed", error=error_text(exc.code, exc.message, page.lang)
        )
        return None


def open_replay(page, game_id: str) -> None:
    try:
        info = page.saves.info(game_id)
        page.replay = Replay(page.saves.load_record(game_id), info.name, game_id)
    except SaveError as exc:
        page.saves_message = error_text(exc.code, exc.message, page.lang)
        return
    page.panel = ""
    page.stop_timer()


# --- files -------------------------------------------------------------------


def file_name(label: str) -> str:
    slug = re.sub(r"[^0-9a-z]+", "-", label.lower()).strip("-") or "game"
    return f"scythe-{slug}-{now()[:10]}.json"


def download(content: str, name: str) -> None:
    """Offer ``content`` as a file download through a Blob link."""
    options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
    blob = js.Blob.new(to_js([content]), options)
    url = js.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.id = "download-link"
    document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)


def export_current(page) -> None:
    s = page.session
    if s is None:
        return
    name = None
    if s.save_id:
        try:
            name = page.saves.info(s.save_id).name
        except SaveError:
            name = None
    content = page.saves.export_state(s.state, now(), name)
    download(content, file_name(name or "-".join(p.faction for p in s.state.players)))


def import_chosen(page, field) -> None:
    """The file input changed: read the file, then import it (all of its games or none)."""
    files = field.files
    if not files or not files.length:
        return
    chosen = files.item(0)

    def done(content) -> None:
        field.value = ""
        import_text(page, str(content))

    chosen.text().then(create_once_callable(done))


def import_text(page, content: str) -> None:
    try:
        infos = page.saves.import_text(content, now())
    except SaveError as exc:
        message = error_text(exc.code, exc.message, page.lang)
        page.saves_message = text("saves.import.failed", error=message)
        page.panel = "saves"
        page.render()
        return
    page.saves_message = text("saves.imported", n=len(infos))
    page.panel = ""
    page.resume(infos[0].id)


# --- links -------------------------------------------------------------------


def copy_link(page) -> None:
    """Put the game's address on the clipboard, or show it in a field to copy by hand."""
    s = page.session
    if s is None:
        return
    url = share_url(str(js.location.href), s.state)

    def copied(*_args) -> None:
        page.share_field = ""
        page.notice = text("link.copied")
        page.render()

    def refused(*_args) -> None:
        page.share_field = url
        page.notice = ""
        page.render()
        field = document.getElementById("share-field")
        if field:
            field.focus()
            field.select()

    clipboard = getattr(js.navigator, "clipboard", None)
    if not clipboard or not bool(js.window.isSecureContext):
        refused()
        return
    try:
        clipboard.writeText(url).then(create_once_callable(copied), create_once_callable(refused))
    except Exception:  # a JavaScript error: no clipboard here
        refused()
