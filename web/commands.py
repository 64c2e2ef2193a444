"""Every page command (``data-cmd``) in one registry: its name and what it does.

Runs in the browser only (``js``). A command is ``handler(page, target)``: the page
(``ui.Page``) and the element clicked (or None from a key). The game's commands are
here; the saved-games screen and the replay viewer bring theirs (``saves_ui.COMMANDS``);
``run`` is the only way in, from clicks and keys alike (``ui_events``).
"""

from __future__ import annotations

from collections.abc import Callable

import choice_steps
import guide_ui
import js
import pass_on_ui
import saves_ui
import stats_ui
from page_dom import attr
from page_setup import new_seed
from strings import set_lang

Command = Callable[[object, object], None]


def start(page, _target) -> None:
    page.start()


def new_game(page, _target) -> None:
    page.stop_timer()
    page.session, page.replay, page.panel = None, None, ""
    page.setup["seed"] = new_seed()  # a new game is not the last one again
    page.render()


def reload(page, _target) -> None:
    page.flush_address()
    js.location.reload()


def reseed(page, _target) -> None:
    page.read_setup()
    page.setup["seed"] = new_seed()
    page.render()


def switch_language(page, target) -> None:
    set_lang(attr(target, "data-lang"))
    page.keep_setting("lang", page.lang)
    page.redraw_static()
    page.log_shown = ()
    page.render()
    page.rules.relabel(page.lang)


def undo(page, _target) -> None:
    s = page.session
    if not (s and s.can_undo()):
        return
    s.undo()
    page.hex_choice = None
    page.choice = choice_steps.Choice()
    page.render()
    page.refocus()


def hand_over(page, _target) -> None:
    if page.session:
        page.session.finish_handover()
        page.after_change()  # what needs no question for this player is answered now


def end_screen(closed: bool) -> Command:
    def run(page, _target) -> None:
        page.end_closed = closed
        page.render()
        page.refocus()

    return run


def close_reveal(page, _target) -> None:
    page.reveal = None
    page.render()
    page.refocus()


def cancel(page, _target) -> None:
    """Escape: close a hex's choices, else one step back."""
    if page.hex_choice is None:
        page.choice = choice_steps.back(page.choice)
    page.hex_choice = None
    page.render()
    page.refocus()


def choice_back(page, _target) -> None:
    page.choice = choice_steps.back(page.choice)
    page.render()
    page.refocus()


def resume(page, target) -> None:
    page.resume(attr(target, "data-id"))


def conflict(name: str) -> Command:
    return lambda page, _target: page.resolve_conflict(name)


def sheet(page, _target) -> None:
    page.sheet.cycle()


def menu(page, _target) -> None:
    page.menu.toggle()


def rule(page, target) -> None:
    """Open the rules reference at the paragraph a "?" link names (``data-rule``)."""
    page.rules.show(attr(target, "data-rule") or page.rule_here(), target, page.lang)


def rules_close(page, _target) -> None:
    page.rules.close()


def zoom(name: str) -> Command:
    return lambda page, _target: page.zoom.button(name)


COMMANDS: dict[str, Command] = {
    "start": start,
    "new": new_game,
    "reload": reload,
    "reseed": reseed,
    "lang": switch_language,
    "undo": undo,
    "handover": hand_over,
    "close-end": end_screen(True),
    "show-end": end_screen(False),
    "close-reveal": close_reveal,
    "cancel": cancel,
    "choice-back": choice_back,
    "resume": resume,
    "sheet": sheet,
    "menu": menu,
    "rule": rule,
    "rules-close": rules_close,
    **{name: conflict(name) for name in ("conflict-load", "conflict-copy")},
    **{name: zoom(name) for name in ("zoom-in", "zoom-out", "zoom-reset")},
    "pass-on": pass_on_ui.show_link,
    "pass-copy": pass_on_ui.copy_link,
    "stats": stats_ui.open_stats,
    "close-stats": stats_ui.close_stats,
    "stats-reset": stats_ui.reset_stats,
    "guide-start": guide_ui.start,
    "guide-skip": guide_ui.skip,
    "guide-next": guide_ui.skip,
    "guide-leave": guide_ui.leave,
    **saves_ui.COMMANDS,
}


def run(page, name: str, target=None) -> None:
    """Run the command ``name`` (unknown names do nothing). Any command but the delete's
    Undo ends the chance to undo a delete (only the very next command may)."""
    if name != "undo-delete":
        page.deleted = None
    handler = COMMANDS.get(name)
    if handler is not None:
        handler(page, target)
