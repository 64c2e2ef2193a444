"""The saved-games screen, the replay controls and the share-link field (pure markup).

The saved games come from ``storage.SaveStore.list()``: readable games newest first,
then the entries that cannot be read, each with its message and a Delete button.
"""

from __future__ import annotations

from html import escape

from names import action_text
from strings import seat_name, text


def error_text(code: str, message: str, lang: str) -> str:
    """A ``SaveError`` for the page: its own English message, or the code's translation."""
    if lang == "en" and message:
        return message
    return text(f"saveerr.{code}", lang)


def _button(cmd: str, label: str, game_id: str, extra: str = "") -> str:
    return (
        f'<button type="button" data-cmd="{cmd}" data-id="{escape(game_id)}"{extra}>'
        f"{escape(label)}</button>"
    )


def game_row(info, lang: str, current: str | None = None) -> str:
    factions = ", ".join(text(f"faction.{f}", lang) for f in info.factions)
    state = text("saves.over" if info.game_over else "saves.round", lang, n=info.round)
    date = info.updated[:16].replace("T", " ")
    gid = escape(info.id)
    mine = f" <em>{escape(text('saves.current', lang))}</em>" if info.id == current else ""
    label = escape(text("saves.rename.label", lang))
    return (
        f'<li class="save-game" data-save="{gid}">'
        f'<div class="save-head"><b class="save-name">{escape(info.name)}</b>{mine} '
        f'<small><span class="save-factions">{escape(factions)}</span> · '
        f'<span class="save-round">{escape(state)}</span> · '
        f"{escape(text('saves.decisions', lang, n=info.decisions))} · "
        f'<time datetime="{escape(info.updated)}">{escape(date)}</time></small></div>'
        f'<div class="save-cmds">'
        + _button("resume", text("saves.resume", lang), info.id, ' class="primary"')
        + _button("replay", text("saves.replay", lang), info.id)
        + _button("export-save", text("saves.export", lang), info.id)
        + f'<input id="rename-{gid}" class="rename" value="{escape(info.name)}" maxlength="80" '
        f'aria-label="{label}" title="{label}">'
        + _button("rename", text("saves.rename", lang), info.id)
        + _button(
            "delete-save",
            "✕",
            info.id,
            f' class="passive" title="{escape(text("saves.delete", lang))}" '
            f'aria-label="{escape(text("saves.delete", lang))}"',
        )
        + "</div></li>"
    )


def problem_row(problem, lang: str) -> str:
    message = error_text(problem.code, problem.message, lang)
    return (
        f'<li class="save-problem" data-problem="{escape(problem.id)}" data-code="{escape(problem.code)}">'
        f'<span class="error">{escape(text("saves.problem", lang, error=message))}</span> '
        + _button(
            "delete-save",
            "✕",
            problem.id,
            f' class="passive" title="{escape(text("saves.delete", lang))}" '
            f'aria-label="{escape(text("saves.delete", lang))}"',
        )
        + "</li>"
    )


def saves_screen_html(
    listing, lang: str, current: str | None = None, message: str = "", undo: bool = False
) -> str:
    """The saved-games screen (a dialog over the board): every game, every problem,
    import, and a message line for what just happened (with Undo after a delete)."""
    rows = [game_row(info, lang, current) for info in listing.games]
    rows += [problem_row(problem, lang) for problem in listing.problems]
    body = (
        f'<ul class="saves saves-all" id="saves-list">{"".join(rows)}</ul>'
        if rows
        else f'<p id="saves-none">{escape(text("saves.none", lang))}</p>'
    )
    note = message_html(message, lang, undo)
    return (
        '<div class="saves-screen" role="dialog" aria-modal="true" aria-labelledby="saves-title">'
        f'<h2 id="saves-title">{escape(text("saves.title", lang))}</h2>{note}{body}'
        f'<p class="saves-foot"><label class="import">{escape(text("saves.import", lang))} '
        '<input type="file" id="import-file" accept=".json,application/json"></label> '
        f'<button type="button" data-cmd="close-saves" id="close-saves">{escape(text("saves.close", lang))}</button></p>'
        "</div>"
    )


def message_html(message: str, lang: str, undo: bool = False) -> str:
    """The saved-games message line, with Undo right after a delete."""
    undo_button = (
        f' <button type="button" data-cmd="undo-delete" id="undo-delete">'
        f"{escape(text('saves.undo_delete', lang))}</button>"
        if undo
        else ""
    )
    return f'<p class="notice" role="alert" id="saves-message">{escape(message)}{undo_button}</p>'


def replay_html(replay, view: dict, lang: str) -> str:
    """The decision panel during a replay: where we are, the decision in words, the steps."""
    if replay.action is None:
        line = escape(text("replay.start", lang))
    else:
        seat = replay.seat
        who = seat_name(view["players"][seat], lang) if seat is not None else ""
        words = action_text(replay.action, view["players"], seat, lang)
        line = f"<b>{escape(who)}</b> {escape(words)}"
    buttons = []
    for step, at_end in (
        ("first", replay.index == 0),
        ("prev", replay.index == 0),
        ("next", replay.index == replay.total),
        ("last", replay.index == replay.total),
    ):
        off = " disabled" if at_end else ""
        buttons.append(
            f'<button type="button" data-cmd="replay-{step}" id="replay-{step}"{off}>'
            f"{escape(text(f'replay.{step}', lang))}</button>"
        )
    return (
        f'<div class="replay" id="replay" data-index="{replay.index}" data-total="{replay.total}">'
        f"<h2>{escape(text('replay.title', lang, name=replay.name))}</h2>"
        f'<p id="replay-step">{escape(text("replay.step", lang, i=replay.index, n=replay.total))} · '
        f"{escape(text('game.round', lang, n=replay.state.round))}</p>"
        f'<p class="prompt" id="replay-line">{line}</p>'
        f'<p class="choices">{"".join(buttons)}</p>'
        f'<p><button type="button" data-cmd="replay-close" id="replay-close">{escape(text("replay.close", lang))}</button></p>'
        "</div>"
    )


def share_field_html(url: str, lang: str) -> str:
    """The fallback when the clipboard cannot be used: the link in a field to copy by hand."""
    return (
        f'<label class="share-field">{escape(text("link.manual", lang))} '
        f'<input id="share-field" readonly value="{escape(url)}"></label>'
    )
