"""The screens around the board: new game, hand-over, game log, final scores and chart.

Pure Python (markup only, through ``markup``: every value escaped). The setup form
only collects a config; ``new_game`` checks it and its ``SetupError`` message is shown
as it is.
"""

from __future__ import annotations

import re

from markup import Markup, attrs, html, join
from names import action_text, hex_label, name_hexes
from render_pieces import faction_letter
from rules_data import paragraph_for_event
from rules_reference import rule_link
from strings import RULE_NUMBERS, seat_name, text

from scythe_core.data.automa_cards import LEVELS
from scythe_core.data.components import MATS, SEATING_ORDER
from scythe_core.io.card_texts import objective_text
from scythe_core.io.wording import describe_event
from scythe_core.model.actions import join_action
from scythe_core.setup import BOT_LEVELS

NOTHING = Markup("")
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
            entry["level"] = seat["level"] if seat["level"] in LEVELS else "automa"
        elif seat["controller"] == "bot":
            entry["level"] = seat["level"] if seat["level"] in BOT_LEVELS else "normal"
        if seat["faction"]:
            entry["faction"] = seat["faction"]
        if seat["mat"] and seat["controller"] != "automa":
            entry["mat"] = seat["mat"]
        seats.append(entry)
    return {"seed": int(values["seed"]), "seats": seats}


def _select(
    name: str, options: list[tuple[str, str]], value: str, lang: str, disabled: bool = False
) -> Markup:
    opts = join(
        html(
            "<option{a}>{label}</option>",
            a=attrs(value=v, selected=v == value),
            label=label,
        )
        for v, label in options
    )
    return html(
        '<select id="{name}" name="{name}" aria-label="{label}"{off}>{opts}</select>',
        name=name,
        label=text(name.split("-")[-1] + ".label", lang),
        off=attrs(disabled=disabled),
        opts=opts,
    )


def _level_of(seat: dict) -> str:
    """The seat's level in the form: a bot's (normal by default) or an Automa's."""
    if seat["controller"] == "bot":
        return seat["level"] if seat["level"] in BOT_LEVELS else "normal"
    return seat["level"] if seat["level"] in LEVELS else "automa"


def setup_html(values: dict, lang: str, error: str = "") -> Markup:
    """The new-game form: 2 to 5 seats, each human or Automa (with level), faction and mat."""
    random = text("setup.random", lang)
    rows = []
    for i, seat in enumerate(values["seats"][: values["count"]]):
        automa = seat["controller"] == "automa"
        bot = seat["controller"] == "bot"
        controllers = [(c, text(f"controller.{c}", lang)) for c in CONTROLLERS]
        levels = [(lv, text(f"level.{lv}", lang)) for lv in (BOT_LEVELS if bot else LEVELS)]
        factions = [("", random)] + [(f, text(f"faction.{f}", lang)) for f in SEATING_ORDER]
        mats = [("", random)] + [(m, text(f"mat.{m}", lang)) for m in MATS]
        rows.append(
            html(
                '<tr data-seat-row="{i}"><th scope="row">{n}</th><td>{controller}</td>'
                "<td>{level}</td><td>{faction}</td><td>{mat}</td></tr>",
                i=i,
                n=i + 1,
                controller=_select(f"seat{i}-controller", controllers, seat["controller"], lang),
                level=_select(f"seat{i}-level", levels, _level_of(seat), lang, not (automa or bot)),
                faction=_select(f"seat{i}-faction", factions, seat["faction"], lang),
                mat=_select(f"seat{i}-mat", mats, "" if automa else seat["mat"], lang, automa),
            )
        )
    counts = [(str(n), str(n)) for n in range(2, 6)]
    head = join(
        html("<th>{label}</th>", label=text(k, lang))
        for k in ("setup.seat", "controller.label", "level.label", "faction.label", "mat.label")
    )
    err = NOTHING
    if error:
        err = html('<p class="error" role="alert" id="setup-error">{error}</p>', error=error)
    return html(
        "<h2>{title}</h2>"
        '<div class="setup-line"><label for="setup-count">{count_label}</label>{count}'
        '<label for="setup-seed">{seed_label}</label>'
        '<input id="setup-seed" type="text" inputmode="numeric" pattern="[0-9]{{1,20}}" '
        'maxlength="20" size="21" spellcheck="false" value="{seed}">'
        '<button type="button" data-cmd="reseed" title="{reseed}">↻</button></div>'
        '<table class="seats"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
        "{err}"
        '<p class="setup-note">{note}</p>'
        '<button type="button" class="primary" data-cmd="start" id="start">{start}</button>',
        title=text("setup.title", lang),
        count_label=text("setup.count", lang),
        count=_select("setup-count", counts, str(values["count"]), lang),
        seed_label=text("setup.seed", lang),
        seed=int(values["seed"]),
        reseed=text("setup.reseed.tip", lang),
        head=head,
        rows=join(rows),
        err=err,
        note=text("setup.note", lang),
        start=text("setup.start", lang),
    )


def saved_html(games: list, lang: str, limit: int = 8) -> Markup:
    """The saved games (``storage.SaveInfo``, newest first) with Resume and Delete."""
    if not games:
        return NOTHING
    rows = []
    for info in games[:limit]:
        rows.append(
            html(
                '<li data-save="{gid}"><span class="save-name">{name}</span> '
                "<small>{state} · {date}</small> "
                '<button type="button" data-cmd="resume" data-id="{gid}">{resume}</button> '
                '<button type="button" class="passive" data-cmd="delete-save" data-id="{gid}" '
                'title="{delete}" aria-label="{delete}">✕</button></li>',
                gid=info.id,
                name=info.name,
                state=text("saves.over" if info.game_over else "saves.round", lang, n=info.round),
                date=info.updated[:16].replace("T", " "),
                resume=text("saves.resume", lang),
                delete=text("saves.delete", lang),
            )
        )
    return html(
        '<h3>{title}</h3><ul class="saves">{rows}</ul>',
        title=text("saves.title", lang),
        rows=join(rows),
    )


def handover_html(player: dict, lang: str, extra: Markup = NOTHING) -> Markup:
    """The hand-over dialog; ``extra``: more under its button (the pass-on link)."""
    name = seat_name(player, lang)
    return html(
        '<div class="handover" role="dialog" aria-modal="true" aria-labelledby="handover-title">'
        '<h2 id="handover-title">{title}</h2><p>{body}</p>'
        '<button type="button" class="primary" data-cmd="handover" id="handover-ready">'
        "{ready}</button>{extra}</div>",
        title=text("handover.title", lang, name=name),
        body=text("handover.body", lang),
        ready=text("handover.ready", lang, name=name),
        extra=extra,
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
    if kind == "bot":
        return text("name.automa_line", lang, name=name, line=describe_event(event, lang))
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


def _reveal_row(event: dict, role: str, players: list, lang: str) -> Markup:
    """A side of the reveal: who, the dial, each card played and the total."""
    seat = event[role]
    cards = event["cards"][str(seat)]
    shown = join((html('<span class="reveal-card">{c}</span>', c=c) for c in cards), " + ")
    return html(
        '<tr data-seat="{seat}" data-role="{role}"><th scope="row">{name} ({side})</th>'
        '<td class="reveal-dial">{dial}</td><td class="reveal-cards">{cards}</td>'
        '<td class="reveal-total">{total}</td></tr>',
        seat=seat,
        role=role,
        name=seat_name(players[seat], lang),
        side=text("reveal." + role, lang),
        dial=event["dials"][str(seat)],
        cards=shown or text("reveal.no_cards", lang),
        total=event["totals"][str(seat)],
    )


def reveal_html(log: list, index: int, end: int, view: dict, lang: str) -> Markup:
    """The combat reveal after both sides committed, built from the log's combat entry
    at ``index``: a row per side with its dial, each combat card played and the total;
    the winner; then what followed up to ``end`` (workers retreating, the loser's
    consolation combat card, which the log keeps without its value, and stars)."""
    event = log[index]
    players = view["players"]
    totals = event["totals"]
    rows = join(_reveal_row(event, role, players, lang) for role in ("attacker", "defender"))
    winner = text("reveal.winner", lang, name=seat_name(players[event["winner"]], lang))
    if totals[str(event["attacker"])] == totals[str(event["defender"])]:
        winner += " " + text("reveal.tie", lang)
    after = join(
        html('<li class="ev-{kind}">{line}</li>', kind=e["event"], line=event_text(e, view, lang))
        for e in log[index + 1 : end]
        if e.get("event") in AFTER_COMBAT
    )
    head = join(
        html('<th scope="col">{label}</th>', label=text(f"reveal.{k}", lang))
        for k in ("dial", "cards", "total")
    )
    return html(
        '<section class="reveal" role="dialog" aria-modal="true" aria-labelledby="reveal-title">'
        '<h3 id="reveal-title">{title}</h3>'
        '<table class="reveal-table"><thead><tr><th scope="col"></th>{head}</tr></thead>'
        "<tbody>{rows}</tbody></table>"
        '<p class="reveal-winner">{winner}</p>{after}'
        '<button type="button" data-cmd="close-reveal" id="reveal-close">{close}</button>'
        "</section>",
        title=text("reveal.title", lang, hex=hex_label(event["hex"], lang)),
        head=head,
        rows=rows,
        winner=winner,
        after=html('<ul class="reveal-after">{after}</ul>', after=after) if after else NOTHING,
        close=text("reveal.close", lang),
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


def watch_html(events: list, view: dict, lang: str) -> Markup:
    """The Automa turn at "watch" speed: its explanation lines so far, the last one marked."""
    if not events:
        return NOTHING
    items = join(
        html(
            '<li class="log-ev ev-{kind}{now}">{line} {rule}</li>',
            kind=e.get("event", ""),
            now=" now" if i == len(events) - 1 else "",
            line=event_text(e, view, lang),
            rule=rule_link(paragraph_for_event(e), lang),
        )
        for i, e in enumerate(events)
    )
    return html(
        '<section class="watch" aria-live="polite" aria-label="{label}">'
        '<ol class="log-list watch-lines">{items}</ol></section>',
        label=text("speed.watch", lang),
        items=items,
    )


def _log_lines(played: list, view: dict, lang: str, start: int = 0) -> list[Markup]:
    """The ``<li>`` of each log line for ``played[start:]`` (see ``log_items``)."""
    items = []
    log = view["log"]
    last_round = played[start - 1].round if start > 0 else None
    for entry in played[start:]:
        if entry.round != last_round:
            last_round = entry.round
            items.append(
                html(
                    '<li class="log-round">{line}</li>', line=text("log.round", lang, n=entry.round)
                )
            )
        if entry.action != "automa:play" or entry.log_from == entry.log_to:
            who = seat_name(view["players"][entry.seat], lang) if entry.seat is not None else ""
            items.append(
                html(
                    '<li class="log-act" data-seat="{seat}"><b>{who}</b> {words}</li>',
                    seat=entry.seat,
                    who=who,
                    words=action_text(entry.action, view["players"], entry.seat, lang),
                )
            )
        for event in log[entry.log_from : entry.log_to]:
            items.append(
                html(
                    '<li class="log-ev ev-{kind}" data-code="{code}">{line} {rule}</li>',
                    kind=event.get("event", ""),
                    code=event.get("code", ""),
                    line=event_text(event, view, lang),
                    rule=rule_link(paragraph_for_event(event), lang),
                )
            )
    return items


def log_items(played: list, view: dict, lang: str, start: int = 0) -> Markup:
    """Log lines for ``played[start:]``: each decision in words, then the engine's entries
    it caused (combats, stars, the Automa's explanations), with a line per new round."""
    return join(_log_lines(played, view, lang, start))


def recent_html(played: list, view: dict, viewer: int | None, lang: str, limit: int = 12) -> Markup:
    """A summary of what the others did since the viewer's last decision (Automa turns with
    their explanations), shown under the viewer's choices."""
    if viewer is None:
        return NOTHING
    start = len(played)
    while start > 0 and played[start - 1].seat != viewer:
        start -= 1
    if start == len(played):
        return NOTHING
    lines = _log_lines(played, view, lang, start)
    count = len(lines)
    if not count:
        return NOTHING
    more = NOTHING
    if count > limit:  # the lines left out are in the game log: say so above the rest
        more = html(
            '<p class="recent-more">{more}</p>', more=text("recent.more", lang, n=count - limit)
        )
    return html(
        '<details class="recent" open><summary>{title}</summary>{more}'
        '<ol class="log-list">{items}</ol></details>',
        title=text("recent.title", lang),
        more=more,
        items=join(lines[-limit:]),
    )


# --- the end -----------------------------------------------------------------


def scores_html(scores: list[dict], view: dict, lang: str) -> Markup:
    """The final score breakdown, best first."""
    head = join(
        html('<th scope="col">{label}</th>', label=text(f"score.{k}", lang))
        for k in ("rank", "player", *SCORE_ROWS)
    )
    rows = []
    for entry in scores:
        player = view["players"][entry["seat"]]
        cells = join(html('<td data-col="{k}">{v}</td>', k=k, v=entry[k]) for k in SCORE_ROWS)
        rows.append(
            html(
                '<tr data-seat="{seat}"><td>{rank}</td><th scope="row">'
                '<span class="badge f-{faction}">{letter}</span> {name}</th>{cells}</tr>',
                seat=entry["seat"],
                rank=entry["rank"],
                faction=player["faction"],
                letter=faction_letter(player["faction"], lang),
                name=seat_name(player, lang),
                cells=cells,
            )
        )
    return html(
        '<table class="scores" id="score-table"><thead><tr>{head}</tr></thead>'
        "<tbody>{rows}</tbody></table>",
        head=head,
        rows=join(rows),
    )


def chart_svg(tracks: list, view: dict, lang: str) -> Markup:
    """Three small line charts (coins, power, popularity) over the turns of the game, each
    with its axes (0 and the highest value; turn 0 and the last turn), and one legend."""
    if len(tracks) < 2:
        return NOTHING
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
                html(
                    '<polyline class="line f-{faction} dash{seat}" points="{pts}"/>',
                    faction=player["faction"],
                    seat=seat,
                    pts=pts,
                )
            )
        out.append(
            html(
                '<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{title}">'
                '<text x="{left}" y="11" class="chart-title">{title}</text>'
                '<line class="axis" x1="{left}" y1="{base}" x2="{right}" y2="{base}"/>'
                '<line class="axis" x1="{left}" y1="{pad}" x2="{left}" y2="{base}"/>'
                '<text class="tick" x="{tick_x}" y="{top_y:.1f}" text-anchor="end">{top}</text>'
                '<text class="tick" x="{tick_x}" y="{zero_y}" text-anchor="end">0</text>'
                '<text class="tick" x="{left}" y="{turn_y}" text-anchor="middle">0</text>'
                '<text class="tick" x="{right}" y="{turn_y}" text-anchor="middle">{last}</text>'
                '<text class="tick" x="{mid:.1f}" y="{label_y}" text-anchor="middle">'
                "{turns}</text>{lines}</svg>",
                w=w,
                h=h,
                title=text(f"track.{name}", lang),
                left=left,
                base=h - bottom,
                right=w - pad,
                pad=pad,
                tick_x=left - 3,
                top_y=y_of(top) + 3,
                top=top,
                zero_y=h - bottom + 3,
                turn_y=h - bottom + 10,
                last=last_turn,
                mid=(left + w - pad) / 2,
                label_y=h - 4,
                turns=text("chart.turns", lang),
                lines=join(lines),
            )
        )
    legend = join(
        html(
            '<li><svg class="chart-key" viewBox="0 0 24 8" aria-hidden="true">'
            '<line class="line f-{faction} dash{seat}" x1="0" y1="4" x2="24" y2="4"/></svg> '
            "{name}</li>",
            faction=player["faction"],
            seat=seat,
            name=seat_name(player, lang),
        )
        for seat, player in enumerate(view["players"])
    )
    return html(
        '<div class="charts">{charts}<ul class="chart-legend">{legend}</ul></div>',
        charts=join(out),
        legend=legend,
    )


def end_html(scores: list[dict], view: dict, tracks: list, lang: str) -> Markup:
    winner = view["players"][scores[0]["seat"]]
    return html(
        '<div class="end" role="dialog" aria-modal="true" aria-labelledby="end-title">'
        '<h2 id="end-title">{title}</h2>{scores}{chart}'
        '<p><button type="button" class="primary" data-cmd="new">{new}</button> '
        '<button type="button" data-cmd="close-end">{board}</button></p></div>',
        title=text("end.title", lang, name=seat_name(winner, lang)),
        scores=scores_html(scores, view, lang),
        chart=chart_svg(tracks, view, lang),
        new=text("game.new", lang),
        board=text("end.board", lang),
    )
