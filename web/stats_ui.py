"""Local statistics in the page (browser side): recording finished games, the screen.

The pure parts are ``stats`` (the stored statistics) and ``render_stats`` (the
screen and its CSV link). The statistics live in the page's storage under their own
key (``<site>stats``), apart from the saved games. A finished game is recorded the
first time the page shows it over (``note_finished``, once per game: the store
keys games by their whole record, so a reload adds nothing).
"""

from __future__ import annotations

import js
from render_stats import stats_screen_html
from stats import StatsError, StatsStore
from strings import text

document = js.document
CODES = ("damaged", "newer", "storage_full", "storage_unavailable")


def now() -> str:
    return str(js.Date.new().toISOString())


def store(page) -> StatsStore:
    return StatsStore(page.storage, page.prefix)


def error_words(exc: StatsError, lang: str) -> str:
    return text(f"stats.err.{exc.code if exc.code in CODES else 'damaged'}", lang)


def note_finished(page) -> None:
    """Record the game on screen in the statistics once it is over (not a replay)."""
    s = page.session
    if s is None or not s.game_over or page.replay is not None:
        return
    seen = (id(s), len(s.state.history))
    if page.stats_noted == seen:
        return
    page.stats_noted = seen
    try:
        store(page).record(s.state, now())
    except StatsError as exc:
        page.notice = text("stats.failed", error=error_words(exc, page.lang))
    except Exception as exc:  # an engine bug must not stop the page
        js.console.error(f"recording the statistics failed: {exc!r}")


def show_stats(page) -> None:
    """The statistics screen over the board (the game underneath is kept)."""
    rows, problem, skipped, games = None, "", 0, 0
    try:
        book = store(page).load()
    except StatsError as exc:
        problem = error_words(exc, page.lang)
    else:
        rows, skipped, games = book.rows(), len(book.unreadable), len(book.games)
    page.show_overlay(
        stats_screen_html(rows, page.lang, problem, skipped, page.stats_message, games)
    )


# --- commands ----------------------------------------------------------------


def open_stats(page, _target) -> None:
    page.panel, page.stats_message = "stats", ""
    page.render()


def close_stats(page, _target) -> None:
    page.panel, page.stats_message = "", ""
    page.render()
    page.refocus()


def reset_stats(page, _target) -> None:
    """New statistics in place of damaged ones (only the statistics' own key goes)."""
    try:
        store(page).clear()
    except StatsError as exc:
        page.stats_message = error_words(exc, page.lang)
    else:
        page.stats_message = text("stats.cleared")
        page.stats_noted = None  # the game on screen, if over, is recorded again
    page.render()
