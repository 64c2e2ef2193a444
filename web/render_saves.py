"""The saved-games screen, the replay controls and the share-link field (pure markup,
built through ``markup``: every value escaped).

The saved games come from ``storage.SaveStore.list()``: readable games newest first,
then the entries that cannot be read, each with its message and a Delete button.
"""

from __future__ import annotations

from markup import Markup, attrs, html, join
from names import action_text
from render_stats import stats_button_html
from strings import seat_name, text


def error_text(code: str, message: str, lang: str) -> str:
    """A ``SaveError`` for the page: its own English message, or the code's translation."""
    if lang == "en" and message:
        return message
    return text(f"saveerr.{code}", lang)


def _button(cmd: str, label: str, game_id: str, **extra) -> Markup:
    return html(
        '<button type="button" data-cmd="{cmd}" data-id="{gid}"{extra}>{label}</button>',
        cmd=cmd,
        gid=game_id,
        extra=attrs(**extra),
        label=label,
    )


def _delete_button(game_id: str, lang: str) -> Markup:
    tip = text("saves.delete", lang)
    return _button("delete-save", "✕", game_id, class_="passive", title=tip, aria_label=tip)


def game_row(info, lang: str, current: str | None = None) -> Markup:
    mine = Markup("")
    if info.id == current:
        mine = html(" <em>{mine}</em>", mine=text("saves.current", lang))
    return html(
        '<li class="save-game" data-save="{gid}">'
        '<div class="save-head"><b class="save-name">{name}</b>{mine} '
        '<small><span class="save-factions">{factions}</span> · '
        '<span class="save-round">{state}</span> · {decisions} · '
        '<time datetime="{updated}">{date}</time></small></div>'
        '<div class="save-cmds">{resume}{replay}{export}'
        '<input id="rename-{gid}" class="rename" value="{name}" maxlength="80" '
        'aria-label="{label}" title="{label}">{rename}{delete}</div></li>',
        gid=info.id,
        name=info.name,
        mine=mine,
        factions=", ".join(text(f"faction.{f}", lang) for f in info.factions),
        state=text("saves.over" if info.game_over else "saves.round", lang, n=info.round),
        decisions=text("saves.decisions", lang, n=info.decisions),
        updated=info.updated,
        date=info.updated[:16].replace("T", " "),
        resume=_button("resume", text("saves.resume", lang), info.id, class_="primary"),
        replay=_button("replay", text("saves.replay", lang), info.id),
        export=_button("export-save", text("saves.export", lang), info.id),
        label=text("saves.rename.label", lang),
        rename=_button("rename", text("saves.rename", lang), info.id),
        delete=_delete_button(info.id, lang),
    )


def problem_row(problem, lang: str) -> Markup:
    message = error_text(problem.code, problem.message, lang)
    return html(
        '<li class="save-problem" data-problem="{pid}" data-code="{code}">'
        '<span class="error">{error}</span> {delete}</li>',
        pid=problem.id,
        code=problem.code,
        error=text("saves.problem", lang, error=message),
        delete=_delete_button(problem.id, lang),
    )


def saves_screen_html(
    listing, lang: str, current: str | None = None, message: str = "", undo: bool = False
) -> Markup:
    """The saved-games screen (a dialog over the board): every game, every problem,
    import, and a message line for what just happened (with Undo after a delete)."""
    rows = [game_row(info, lang, current) for info in listing.games]
    rows += [problem_row(problem, lang) for problem in listing.problems]
    if rows:
        body = html('<ul class="saves saves-all" id="saves-list">{rows}</ul>', rows=join(rows))
    else:
        body = html('<p id="saves-none">{none}</p>', none=text("saves.none", lang))
    return html(
        '<div class="saves-screen" role="dialog" aria-modal="true" aria-labelledby="saves-title">'
        '<h2 id="saves-title">{title}</h2>{note}{body}'
        '<p class="saves-foot"><label class="import">{import_} '
        '<input type="file" id="import-file" accept=".json,application/json"></label> '
        '{stats} <button type="button" data-cmd="close-saves" id="close-saves">{close}</button></p>'
        "</div>",
        title=text("saves.title", lang),
        note=message_html(message, lang, undo),
        body=body,
        import_=text("saves.import", lang),
        close=text("saves.close", lang),
        stats=stats_button_html(lang),
    )


def message_html(message: str, lang: str, undo: bool = False) -> Markup:
    """The saved-games message line, with Undo right after a delete."""
    undo_button = Markup("")
    if undo:
        undo_button = html(
            ' <button type="button" data-cmd="undo-delete" id="undo-delete">{undo}</button>',
            undo=text("saves.undo_delete", lang),
        )
    return html(
        '<p class="notice" role="alert" id="saves-message">{message}{undo}</p>',
        message=message,
        undo=undo_button,
    )


def replay_html(replay, view: dict, lang: str) -> Markup:
    """The decision panel during a replay: where we are, the decision in words, the steps."""
    if replay.action is None:
        line = html("{start}", start=text("replay.start", lang))
    else:
        seat = replay.seat
        line = html(
            "<b>{who}</b> {words}",
            who=seat_name(view["players"][seat], lang) if seat is not None else "",
            words=action_text(replay.action, view["players"], seat, lang),
        )
    buttons = join(
        html(
            '<button type="button" data-cmd="replay-{step}" id="replay-{step}"{off}>'
            "{label}</button>",
            step=step,
            off=attrs(disabled=at_end),
            label=text(f"replay.{step}", lang),
        )
        for step, at_end in (
            ("first", replay.index == 0),
            ("prev", replay.index == 0),
            ("next", replay.index == replay.total),
            ("last", replay.index == replay.total),
        )
    )
    return html(
        '<div class="replay" id="replay" data-index="{index}" data-total="{total}">'
        "<h2>{title}</h2>"
        '<p id="replay-step">{step} · {round}</p>'
        '<p class="prompt" id="replay-line">{line}</p>'
        '<p class="choices">{buttons}</p>'
        '<p><button type="button" data-cmd="replay-close" id="replay-close">{close}</button></p>'
        "</div>",
        index=replay.index,
        total=replay.total,
        title=text("replay.title", lang, name=replay.name),
        step=text("replay.step", lang, i=replay.index, n=replay.total),
        round=text("game.round", lang, n=replay.state.round),
        line=line,
        buttons=buttons,
        close=text("replay.close", lang),
    )


def share_field_html(url: str, lang: str) -> Markup:
    """The fallback when the clipboard cannot be used: the link in a field to copy by hand."""
    return html(
        '<label class="share-field">{label} <input id="share-field" readonly value="{url}"></label>',
        label=text("link.manual", lang),
        url=url,
    )
