"""The screens around the board: new game, hand-over, game log, final scores and chart.

Pure Python (markup only). The setup form only collects a config; ``new_game``
checks it and its ``SetupError`` message is shown as it is.
"""

from __future__ import annotations

import re
from html import escape

from names import action_text, hex_label, name_hexes
from render_pieces import faction_letter
from strings import RULE_NUMBERS, seat_name, text

from scythe_core.data.automa_cards import LEVELS
from scythe_core.data.components import MATS, SEATING_ORDER
from scythe_core.io.card_texts import objective_text
from scythe_core.io.wording import describe_event
from scythe_core.model.actions import join_action

CONTROLLERS = ("human", "automa", "bot")
SCORE_ROWS = ("coins", "stars", "territories", "resources", "structure_bonus", "total")


def default_setup() -> dict:
    return {
        "count": 2,
        "seed": 1,
        "seats": [
            {
                "controller": "human" if i == 0 else "automa",
                "level": "automa",
                "faction": "",
                "mat": "",
            }
            for i in range(5)
        ],
    }


def setup_config(values: dict) -> dict:
    """The ``new_game`` config for the form's values (blank faction/mat: dealt at random).

    A game needs a human and someone to play against (2 to 5 seats): ``ValueError``
    with the page's message otherwise (the engine itself also sets up a lone seat)."""
    chosen = values["seats"][: values["count"]]
    if not 2 <= len(chosen) <= 5 or not any(s["controller"] == "human" for s in chosen):
        raise ValueError(text("setup.need_players"))
    seats = []
    for seat in values["seats"][: values["count"]]:
        entry = {"controller": seat["controller"]}
        if seat["controller"] == "automa":
            entry["level"] = seat["level"]
        if seat["faction"]:
            entry["faction"] = seat["faction"]
        if seat["mat"] and seat["controller"] != "automa":
            entry["mat"] = seat["mat"]
        seats.append(entry)
    return {"seed": int(values["seed"]), "seats": seats}


def _select(
    name: str, options: list[tuple[str, str]], value: str, lang: str, disabled: bool = False
) -> str:
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" if v == value else ""}'
        f"{' disabled' if v == 'bot' else ''}>{escape(label)}</option>"
        for v, label in options
    )
    off = " disabled" if disabled else ""
    return f'<select id="{name}" name="{name}" aria-label="{escape(text(name.split("-")[-1] + ".label", lang))}"{off}>{opts}</select>'


def setup_html(values: dict, lang: str, error: str = "") -> str:
    """The new-game form: 2 to 5 seats, each human or Automa (with level), faction and mat."""
    random = text("setup.random", lang)
    rows = []
    for i, seat in enumerate(values["seats"][: values["count"]]):
        automa = seat["controller"] == "automa"
        controllers = [(c, text(f"controller.{c}", lang)) for c in CONTROLLERS]
        levels = [(lv, text(f"level.{lv}", lang)) for lv in LEVELS]
        factions = [("", random)] + [(f, text(f"faction.{f}", lang)) for f in SEATING_ORDER]
        mats = [("", random)] + [(m, text(f"mat.{m}", lang)) for m in MATS]
        rows.append(
            f'<tr data-seat-row="{i}"><th scope="row">{i + 1}</th>'
            f"<td>{_select(f'seat{i}-controller', controllers, seat['controller'], lang)}</td>"
            f"<td>{_select(f'seat{i}-level', levels, seat['level'], lang, not automa)}</td>"
            f"<td>{_select(f'seat{i}-faction', factions, seat['faction'], lang)}</td>"
            f"<td>{_select(f'seat{i}-mat', mats, '' if automa else seat['mat'], lang, automa)}</td></tr>"
        )
    counts = [(str(n), str(n)) for n in range(2, 6)]
    head = "".join(
        f"<th>{escape(text(k, lang))}</th>"
        for k in ("setup.seat", "controller.label", "level.label", "faction.label", "mat.label")
    )
    err = f'<p class="error" role="alert" id="setup-error">{escape(error)}</p>' if error else ""
    return (
        f"<h2>{escape(text('setup.title', lang))}</h2>"
        f'<div class="setup-line"><label for="setup-count">{escape(text("setup.count", lang))}</label>'
        f"{_select('setup-count', counts, str(values['count']), lang)}"
        f'<label for="setup-seed">{escape(text("setup.seed", lang))}</label>'
        f'<input id="setup-seed" type="text" inputmode="numeric" pattern="[0-9]{{1,20}}" '
        f'maxlength="20" size="21" spellcheck="false" value="{int(values["seed"])}">'
        f'<button type="button" data-cmd="reseed" title="{escape(text("setup.reseed.tip", lang))}">↻</button></div>'
        f'<table class="seats"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        f"{err}"
        f'<p class="setup-note">{escape(text("setup.note", lang))}</p>'
        f'<button type="button" class="primary" data-cmd="start" id="start">{escape(text("setup.start", lang))}</button>'
    )


def saved_html(games: list, lang: str, limit: int = 8) -> str:
    """The saved games (``storage.SaveInfo``, newest first) with Resume and Delete."""
    if not games:
        return ""
    rows = []
    for info in games[:limit]:
        state = text("saves.over" if info.game_over else "saves.round", lang, n=info.round)
        gid = escape(info.id)
        rows.append(
            f'<li data-save="{gid}"><span class="save-name">{escape(info.name)}</span> '
            f"<small>{escape(state)} · {escape(info.updated[:16].replace('T', ' '))}</small> "
            f'<button type="button" data-cmd="resume" data-id="{gid}">{escape(text("saves.resume", lang))}</button> '
            f'<button type="button" class="passive" data-cmd="delete-save" data-id="{gid}" '
            f'title="{escape(text("saves.delete", lang))}" aria-label="{escape(text("saves.delete", lang))}">✕</button></li>'
        )
    return f'<h3>{escape(text("saves.title", lang))}</h3><ul class="saves">{"".join(rows)}</ul>'


def handover_html(player: dict, lang: str) -> str:
    return (
        f'<div class="handover" role="dialog" aria-modal="true" aria-labelledby="handover-title">'
        f'<h2 id="handover-title">{escape(text("handover.title", lang, name=seat_name(player, lang)))}</h2>'
        f"<p>{escape(text('handover.body', lang))}</p>"
        f'<button type="button" class="primary" data-cmd="handover" id="handover-ready">'
        f"{escape(text('handover.ready', lang, name=seat_name(player, lang)))}</button></div>"
    )


# --- the game log ------------------------------------------------------------


def event_text(event: dict, view: dict, lang: str) -> str:
    """One engine log entry in words, every hex named as the board names it."""
    return name_hexes(_event_words(event, view, lang), lang)


def _automa_words(event: dict, players: list, lang: str) -> str:
    """An Automa's explanation line; at a table of several Automas, with whose it is."""
    params = event.get("params") or {}
    if event.get("code") == "recruit_bonus" and params.get("seat") is not None:
        # The engine's wording names the gaining seat by its index: name the player.
        line = text(
            "name.recruit_bonus",
            lang,
            recruit=text(f"bottom.{params['recruit']}", lang),
            name=seat_name(players[params["seat"]], lang),
            bonus=text(f"res.{params['bonus']}", lang),
        )
    else:
        line = describe_event(event, lang)
    automas = [p for p in players if p.get("controller") == "automa"]
    if len(automas) > 1 and event.get("seat") is not None:
        return text(
            "name.automa_line", lang, name=seat_name(players[event["seat"]], lang), line=line
        )
    return line


def _event_words(event: dict, view: dict, lang: str) -> str:
    """One engine log entry in words (hex ids as the engine gives them)."""
    kind = event.get("event", "")
    players = view["players"]
    name = seat_name(players[event["seat"]], lang) if event.get("seat") is not None else ""
    if kind == "automa":
        return _automa_words(event, players, lang)
    if kind == "combat":
        return text(
            "event.combat",
            lang,
            attacker=seat_name(players[event["attacker"]], lang),
            defender=seat_name(players[event["defender"]], lang),
            hex=event["hex"],
            a=_combat_side(event, event["attacker"], lang),
            d=_combat_side(event, event["defender"], lang),
            winner=seat_name(players[event["winner"]], lang),
        )
    if kind == "objective":
        return text(
            "event.objective",
            lang,
            name=name,
            card=event["card"],
            text=objective_text(event["card"], lang),
        )
    if kind == "star":
        return text(
            "event.star",
            lang,
            name=name,
            category=text(f"star.{event['category']}", lang, **RULE_NUMBERS),
        )
    if kind.startswith("benefit_"):
        action = join_action(kind[8:], str(event["choice"]))
        return f"{name}: {action_text(action, players, event.get('seat'), lang)}"
    if kind == "factory_card" and event.get("card") is None:
        return text("event.factory_card_automa", lang, name=name)
    values = {k: v for k, v in event.items() if k not in ("event", "seat")}
    try:
        return text(f"event.{kind}", lang, name=name, **values)
    except KeyError:
        return f"{name}: {kind} {values}"


def _combat_side(event: dict, seat: int, lang: str) -> str:
    """One side of a combat line: "7 (dial 4, cards 3)"."""
    cards = event["cards"][str(seat)]
    return text(
        "event.combat_side" if cards else "event.combat_side_nocards",
        lang,
        total=event["totals"][str(seat)],
        dial=event["dials"][str(seat)],
        cards=" + ".join(map(str, cards)),
    )


#: Log entries that follow a combat and belong in its reveal dialog.
AFTER_COMBAT = ("worker_retreat", "combat_card", "star")


def _reveal_row(event: dict, role: str, players: list, lang: str) -> str:
    """A side of the reveal: who, the dial, each card played and the total."""
    seat = event[role]
    cards = event["cards"][str(seat)]
    shown = " + ".join(f'<span class="reveal-card">{c}</span>' for c in cards)
    return (
        f'<tr data-seat="{seat}" data-role="{role}"><th scope="row">'
        f"{escape(seat_name(players[seat], lang))} ({escape(text('reveal.' + role, lang))})</th>"
        f'<td class="reveal-dial">{event["dials"][str(seat)]}</td>'
        f'<td class="reveal-cards">{shown or escape(text("reveal.no_cards", lang))}</td>'
        f'<td class="reveal-total">{event["totals"][str(seat)]}</td></tr>'
    )


def reveal_html(log: list, index: int, end: int, view: dict, lang: str) -> str:
    """The combat reveal after both sides committed, built from the log's combat entry
    at ``index``: a row per side with its dial, each combat card played and the total;
    the winner; then what followed up to ``end`` (workers retreating, the loser's
    consolation combat card, which the log keeps without its value, and stars)."""
    event = log[index]
    players = view["players"]
    totals = event["totals"]
    rows = "".join(_reveal_row(event, role, players, lang) for role in ("attacker", "defender"))
    winner = text("reveal.winner", lang, name=seat_name(players[event["winner"]], lang))
    if totals[str(event["attacker"])] == totals[str(event["defender"])]:
        winner += " " + text("reveal.tie", lang)
    after = "".join(
        f'<li class="ev-{escape(e["event"])}">{escape(event_text(e, view, lang))}</li>'
        for e in log[index + 1 : end]
        if e.get("event") in AFTER_COMBAT
    )
    head = "".join(
        f'<th scope="col">{escape(text(f"reveal.{k}", lang))}</th>'
        for k in ("dial", "cards", "total")
    )
    return (
        '<section class="reveal" role="dialog" aria-labelledby="reveal-title">'
        f'<h3 id="reveal-title">{escape(text("reveal.title", lang, hex=hex_label(event["hex"], lang)))}</h3>'
        f'<table class="reveal-table"><thead><tr><th scope="col"></th>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        f'<p class="reveal-winner">{escape(winner)}</p>'
        + (f'<ul class="reveal-after">{after}</ul>' if after else "")
        + f'<button type="button" data-cmd="close-reveal" id="reveal-close">'
        f"{escape(text('reveal.close', lang))}</button></section>"
    )


HEX_ID = re.compile(r"\br\d+c\d+\b")


def hex_ids_in(value) -> list[str]:
    """The hex ids among an event's parameters (plain JSON), in order."""
    if isinstance(value, str):
        return [value] if HEX_ID.fullmatch(value) else []
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [h for item in value for h in hex_ids_in(item)]
    return []


def watch_hexes(event: dict, view: dict, lang: str) -> list[str]:
    """The hexes an Automa explanation line names (to highlight while it is read)."""
    found = [event[k] for k in ("hex", "at", "to") if isinstance(event.get(k), str)]
    found += hex_ids_in(event.get("params"))  # the line names them by terrain and coordinate
    found += HEX_ID.findall(_event_words(event, view, lang))
    return [h for h in dict.fromkeys(found) if HEX_ID.fullmatch(h)]


def watch_html(events: list, view: dict, lang: str) -> str:
    """The Automa turn at "watch" speed: its explanation lines so far, the last one marked."""
    if not events:
        return ""
    items = "".join(
        f'<li class="log-ev ev-{escape(e.get("event", ""))}{" now" if i == len(events) - 1 else ""}">'
        f"{escape(event_text(e, view, lang))}</li>"
        for i, e in enumerate(events)
    )
    return (
        f'<section class="watch" aria-live="polite" aria-label="{escape(text("speed.watch", lang))}">'
        f'<ol class="log-list watch-lines">{items}</ol></section>'
    )


def log_items(played: list, view: dict, lang: str, start: int = 0) -> str:
    """Log lines for ``played[start:]``: each decision in words, then the engine's entries
    it caused (combats, stars, the Automa's explanations), with a line per new round."""
    items = []
    log = view["log"]
    last_round = played[start - 1].round if start > 0 else None
    for entry in played[start:]:
        if entry.round != last_round:
            last_round = entry.round
            items.append(
                f'<li class="log-round">{escape(text("log.round", lang, n=entry.round))}</li>'
            )
        if entry.action != "automa:play" or entry.log_from == entry.log_to:
            who = seat_name(view["players"][entry.seat], lang) if entry.seat is not None else ""
            items.append(
                f'<li class="log-act" data-seat="{entry.seat}"><b>{escape(who)}</b> '
                f"{escape(action_text(entry.action, view['players'], entry.seat, lang))}</li>"
            )
        for event in log[entry.log_from : entry.log_to]:
            kind = escape(event.get("event", ""))
            items.append(
                f'<li class="log-ev ev-{kind}">{escape(event_text(event, view, lang))}</li>'
            )
    return "".join(items)


def recent_html(played: list, view: dict, viewer: int | None, lang: str, limit: int = 12) -> str:
    """A summary of what the others did since the viewer's last decision (Automa turns with
    their explanations), shown under the viewer's choices."""
    if viewer is None:
        return ""
    start = len(played)
    while start > 0 and played[start - 1].seat != viewer:
        start -= 1
    if start == len(played):
        return ""
    lines = log_items(played, view, lang, start)
    count = lines.count("<li")
    if not count:
        return ""
    title = escape(text("recent.title", lang))
    items = lines if count <= limit else lines[_nth_li(lines, count - limit) :]
    more = ""
    if count > limit:  # the lines left out are in the game log: say so above the rest
        more = f'<p class="recent-more">{escape(text("recent.more", lang, n=count - limit))}</p>'
    return (
        f'<details class="recent" open><summary>{title}</summary>{more}'
        f'<ol class="log-list">{items}</ol></details>'
    )


def _nth_li(markup: str, n: int) -> int:
    """Offset of the n-th (0-based) ``<li`` in markup."""
    at = -1
    for _ in range(n + 1):
        at = markup.index("<li", at + 1)
    return at


# --- the end -----------------------------------------------------------------


def scores_html(scores: list[dict], view: dict, lang: str) -> str:
    """The final score breakdown, best first."""
    head = "".join(
        f"<th scope='col'>{escape(text(f'score.{k}', lang))}</th>"
        for k in ("rank", "player", *SCORE_ROWS)
    )
    rows = []
    for entry in scores:
        player = view["players"][entry["seat"]]
        cells = "".join(f"<td data-col='{k}'>{entry[k]}</td>" for k in SCORE_ROWS)
        rows.append(
            f'<tr data-seat="{entry["seat"]}"><td>{entry["rank"]}</td>'
            f'<th scope="row"><span class="badge f-{player["faction"]}">{faction_letter(player["faction"], lang)}</span> '
            f"{escape(seat_name(player, lang))}</th>{cells}</tr>"
        )
    return f'<table class="scores" id="score-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def chart_svg(tracks: list, view: dict, lang: str) -> str:
    """Three small line charts (coins, power, popularity) over the turns of the game, each
    with its axes (0 and the highest value; turn 0 and the last turn), and one legend."""
    if len(tracks) < 2:
        return ""
    w, h, pad, left, bottom = 200, 120, 16, 22, 24
    out = []
    last_turn = max(t for t, _ in tracks) or 1
    x_of = lambda t: left + (w - left - pad) * t / last_turn  # noqa: E731
    for index, name in enumerate(("coins", "power", "popularity")):
        top = max(max(v[index] for v in values) for _, values in tracks) or 1
        y_of = lambda v, top=top: h - bottom - (h - bottom - pad) * v / top  # noqa: E731
        lines = []
        for seat, player in enumerate(view["players"]):
            pts = " ".join(f"{x_of(t):.1f},{y_of(values[seat][index]):.1f}" for t, values in tracks)
            lines.append(
                f'<polyline class="line f-{player["faction"]} dash{seat}" points="{pts}"/>'
            )
        title = escape(text(f"track.{name}", lang))
        out.append(
            f'<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{title}">'
            f'<text x="{left}" y="11" class="chart-title">{title}</text>'
            f'<line class="axis" x1="{left}" y1="{h - bottom}" x2="{w - pad}" y2="{h - bottom}"/>'
            f'<line class="axis" x1="{left}" y1="{pad}" x2="{left}" y2="{h - bottom}"/>'
            f'<text class="tick" x="{left - 3}" y="{y_of(top) + 3:.1f}" text-anchor="end">{top}</text>'
            f'<text class="tick" x="{left - 3}" y="{h - bottom + 3}" text-anchor="end">0</text>'
            f'<text class="tick" x="{left}" y="{h - bottom + 10}" text-anchor="middle">0</text>'
            f'<text class="tick" x="{w - pad}" y="{h - bottom + 10}" text-anchor="middle">{last_turn}</text>'
            f'<text class="tick" x="{(left + w - pad) / 2:.1f}" y="{h - 4}" text-anchor="middle">'
            f"{escape(text('chart.turns', lang))}</text>"
            f"{''.join(lines)}</svg>"
        )
    legend = "".join(
        f'<li><svg class="chart-key" viewBox="0 0 24 8" aria-hidden="true">'
        f'<line class="line f-{player["faction"]} dash{seat}" x1="0" y1="4" x2="24" y2="4"/></svg> '
        f"{escape(seat_name(player, lang))}</li>"
        for seat, player in enumerate(view["players"])
    )
    return f'<div class="charts">{"".join(out)}<ul class="chart-legend">{legend}</ul></div>'


def end_html(scores: list[dict], view: dict, tracks: list, lang: str) -> str:
    winner = view["players"][scores[0]["seat"]]
    return (
        f'<div class="end" role="dialog" aria-labelledby="end-title">'
        f'<h2 id="end-title">{escape(text("end.title", lang, name=seat_name(winner, lang)))}</h2>'
        f"{scores_html(scores, view, lang)}{chart_svg(tracks, view, lang)}"
        f'<p><button type="button" class="primary" data-cmd="new">{escape(text("game.new", lang))}</button> '
        f'<button type="button" data-cmd="close-end">{escape(text("end.board", lang))}</button></p></div>'
    )
