"""The decision panel: what the engine is waiting for, with one button per legal action.

Pure Python. The buttons are exactly ``legal`` (from ``scythe_core.legal_actions``);
each carries its canonical action in ``data-action``. Extra lines (card texts, what
a step pays and gains) only restate public facts from the view.
"""

from __future__ import annotations

from html import escape

from actions_ui import groups, is_passive, label
from strings import seat_name, text

from scythe_core.io.card_texts import FACTORY_MOVE_TEXT, benefit_text, encounter_text, factory_text
from scythe_core.io.ui_helpers import mat_sections, recruit_bonus_seats
from scythe_core.model.actions import format_commit, is_commit, parse_commit


def button(action: str, caption: str, lang: str, extra: str = "") -> str:
    from scythe_core.io.describe import describe

    classes = "act passive" if is_passive(action) else "act"
    return (
        f'<button type="button" class="{classes}{extra}" data-action="{escape(action)}" '
        f'title="{escape(describe(action, lang))}">{escape(caption)}</button>'
    )


def _amounts(values: dict, lang: str) -> str:
    return ", ".join(f"{n} {text(f'res.{k}', lang)}" for k, n in values.items() if n) or "–"


def top_preview(row: dict, lang: str) -> str:
    """What the section's top action pays and gives, after upgrades."""
    a = row["top_amounts"]
    return text(
        f"preview.{row['top']}",
        lang,
        cost=_amounts(row["top_cost"], lang),
        **{k: v for k, v in a.items()},
    )


def bottom_preview(view: dict, seat: int, row: dict, lang: str) -> str:
    cost = _amounts(row["cost"], lang)
    line = text(
        "preview.bottom",
        lang,
        cost=cost,
        action=text(f"bottom.{row['bottom']}", lang),
        coins=row["coins"],
    )
    gainers = recruit_bonus_seats(view, seat, row["bottom"])
    if gainers:
        names = ", ".join(seat_name(view["players"][s], lang) for s in gainers)
        line += " " + text(
            "preview.recruits", lang, names=names, bonus=text(f"res.{row['recruit_bonus']}", lang)
        )
    return line


def _section_row(view: dict, seat: int) -> dict | None:
    section = view["turn"].get("section")
    player = view["players"][seat]
    if section is None or section == 4 or not player["mat"]:
        return None
    return mat_sections(player)[section]


def context_html(view: dict, seat: int, legal: list[str], lang: str) -> str:
    """Lines that explain the pending step (card texts, previews, what is moving)."""
    pending = view["pending"]
    kind = pending["kind"]
    lines: list[str] = []
    row = _section_row(view, seat)
    if kind == "top" and row:
        lines.append(top_preview(row, lang))
        lines.append(bottom_preview(view, seat, row, lang))
    elif kind in ("bottom", "pay", "bottom_coins") and row:
        lines.append(bottom_preview(view, seat, row, lang))
    elif kind == "move_unit":
        cargo = ", ".join(f"{n} {text(f'res.{r}', lang)}" for r, n in pending["cargo"].items())
        lines.append(
            text(
                "context.move_unit",
                lang,
                unit=label(f"unit:{pending['unit']}", view, seat, lang),
                steps=pending["steps_left"],
            )
        )
        if cargo or pending["passengers"]:
            lines.append(
                text("context.cargo", lang, cargo=cargo or "–", n=len(pending["passengers"]))
            )
    elif kind == "encounter":
        for i, sentence in enumerate(encounter_text(pending["card"], lang), 1):
            lines.append(f"{i}. {sentence}")
    elif kind == "benefit":
        alts = [benefit_text([tuple(p) for p in alt], lang) for alt in pending["choose"]]
        lines.append(text("context.benefit", lang, what=text("or", lang).join(alts)))
    elif kind == "factory_pick":
        for card in view.get("factory_choices", []):
            lines.append(f"{card}. {factory_text(card, lang)}")
    elif kind == "factory_top":
        lines.append(factory_text(pending["card"], lang))
    elif kind == "factory_bottom":
        lines.append(FACTORY_MOVE_TEXT[lang])
    if "turn" in view and view["turn"].get("moves_left") is not None and kind == "move":
        lines.append(text("context.moves_left", lang, n=view["turn"]["moves_left"]))
    return "".join(f"<p class='context'>{escape(line)}</p>" for line in lines)


def prompt(view: dict, lang: str) -> str:
    pending = view["pending"]
    values = {k: v for k, v in pending.items() if isinstance(v, str | int)}
    if pending["kind"] == "pay":
        values["resource"] = text(f"res.{pending['resource']}", lang)
    if pending["kind"] in ("top", "bottom") and pending.get("action"):
        key = "top" if pending["kind"] == "top" else "bottom"
        values["action"] = text(f"{key}.{pending['action']}", lang)
    kind = pending["kind"]
    if kind == "produce_amounts":
        kind = "produce_workers" if pending["product"] == "worker" else "produce_amount"
        if kind == "produce_amount":
            values["resource"] = text(f"res.{pending['product']}", lang)
    return text(f"prompt.{kind}", lang, **values)


def combat_html(view: dict, seat: int, legal: list[str], pick: dict, lang: str) -> str:
    """The secret choice of a combat: power on the dial, then cards, then commit."""
    options = [parse_commit(a) for a in legal if is_commit(a)]
    if not options:
        return ""
    dial = pick.get("dial", 0)
    cards = sorted(pick.get("cards", []))
    dials = sorted({o.dial for o in options})
    if dial not in dials:
        dial = 0
    hand = view["players"][seat]["combat_cards"]
    sets = [sorted(o.cards) for o in options if o.dial == dial]
    if cards not in sets:
        cards = []
    parts = [
        f"<p class='context'>{escape(text('combat.power', lang, power=view['players'][seat]['power']))}</p>"
    ]
    parts.append(
        f'<div class="dial" role="group" aria-label="{escape(text("combat.dial", lang))}">'
    )
    for d in dials:
        on = " on" if d == dial else ""
        parts.append(
            f'<button type="button" class="dial-n{on}" data-dial="{d}" aria-pressed="{str(d == dial).lower()}">{d}</button>'
        )
    parts.append("</div>")
    if hand:
        parts.append(
            f'<div class="hand" role="group" aria-label="{escape(text("combat.cards", lang))}">'
        )
        chosen = list(cards)
        for i, value in enumerate(sorted(hand)):
            used = value in chosen
            if used:
                chosen.remove(value)
            trial = sorted([*cards, value]) if not used else None
            allowed = used or trial in sets
            state = " on" if used else ""
            disabled = "" if allowed else " disabled"
            parts.append(
                f'<button type="button" class="card{state}" data-card="{i}" data-value="{value}" '
                f'aria-pressed="{str(used).lower()}"{disabled}>{value}</button>'
            )
        parts.append("</div>")
    action = format_commit(dial, cards)
    caption = text("combat.commit", lang, total=dial + sum(cards))
    parts.append(f'<div class="choices">{button(action, caption, lang, " primary")}</div>')
    return "".join(parts)


def decision_html(
    view: dict,
    seat: int | None,
    legal: list[str],
    lang: str,
    hex_choice: str | None = None,
    hex_actions: list[str] | None = None,
    combat_pick: dict | None = None,
) -> str:
    """The whole panel for the viewer's pending decision (``legal`` empty: just a status)."""
    pending = view["pending"]
    kind = pending.get("kind")
    who = view["players"][pending["seat"]] if pending.get("seat") is not None else None
    if not legal or seat is None:
        key = "status.game_over" if kind == "game_over" else "status.waiting"
        name = seat_name(who, lang) if who else ""
        return f'<h2 class="decision-title">{escape(text(key, lang, name=name))}</h2>'
    out = [
        f'<h2 class="decision-title">{escape(text("status.your_turn", lang, name=seat_name(who, lang)))}</h2>',
        f'<p class="prompt">{escape(prompt(view, lang))}</p>',
        context_html(view, seat, legal, lang),
    ]
    if hex_choice and hex_actions:
        out.append(
            f'<div class="hex-choice"><h3>{escape(text("choice.hex", lang, hex=hex_choice))}</h3>'
        )
        out.append("".join(button(a, label(a, view, seat, lang), lang) for a in hex_actions))
        out.append(button("~cancel", text("choice.cancel", lang), lang, " passive"))
        out.append("</div>")
    if kind == "combat_commit":
        out.append(combat_html(view, seat, legal, combat_pick or {}, lang))
        legal = [a for a in legal if not is_commit(a)]
    for verb, actions in groups(legal):
        cls = verb.strip("~")
        buttons = "".join(button(a, label(a, view, seat, lang), lang) for a in actions)
        out.append(
            f'<div class="choices g-{escape(cls)}" data-group="{escape(cls)}">{buttons}</div>'
        )
    return "".join(out)
