"""The decision panel: what the engine is waiting for, with buttons for the legal actions.

Pure Python. Every ``data-action`` is one of ``legal`` (from ``scythe_core.legal_actions``),
its canonical action. A big decision comes in steps (``choice_steps``): a group's
button (``data-pick``, with the actions it leads to in ``data-leads``) opens it, a
Produce toggles hexes (``data-toggle``) and confirms the legal action they make. Extra lines (card texts, what
a step pays and gains) only restate public facts from the view. Markup only through
``markup`` (every value escaped).
"""

from __future__ import annotations

from actions_ui import capital, groups, is_passive, label, unit_location
from choice_steps import LESS, Choice, Node, Step, current
from markup import Markup, attrs, html, join
from names import action_text, deploy_tip, hex_label, named_values, unit_label
from rules_data import paragraph_for_action, paragraph_for_card, paragraph_for_kind
from rules_reference import rule_link
from strings import RULE_NUMBERS, seat_name, text

from scythe_core.data.components import BOTTOM_ACTIONS, FACTIONS, RESOURCES
from scythe_core.io.card_texts import FACTORY_MOVE_TEXT, benefit_text, encounter_text, factory_text
from scythe_core.io.ui_helpers import mat_sections, recruit_bonus_seats
from scythe_core.model.actions import (
    format_commit,
    is_commit,
    is_unit,
    join_action,
    parse_commit,
    parse_unit,
    split_action,
    verb_of,
)

NOTHING = Markup("")


def action_title(action: str, view: dict | None, seat: int | None, lang: str) -> str:
    """A button's tooltip: the action in words (a Deploy also says what its mech does)."""
    players = view["players"] if view else []
    title = capital(action_text(action, players, seat, lang))
    verb, arg = split_action(action)
    if verb == "deploy" and arg and seat is not None and players:
        title += " · " + deploy_tip(players[seat], arg, lang)
    return title


def button(
    action: str,
    caption: str,
    lang: str,
    extra: str = "",
    view: dict | None = None,
    seat: int | None = None,
) -> Markup:
    classes = "act passive" if is_passive(action) else "act"
    kind = str(view["pending"].get("kind", "")) if view else ""
    return html(
        '<button type="button" class="{classes}" data-action="{action}" data-rule="{rule}" '
        'title="{title}">{caption}</button>',
        classes=classes + extra,
        action=action,
        rule=paragraph_for_action(action, kind),
        title=action_title(action, view, seat, lang),
        caption=caption,
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


def context_html(view: dict, seat: int, legal: list[str], lang: str) -> Markup:
    """Lines that explain the pending step (card texts, previews, what is moving)."""
    pending = view["pending"]
    kind = pending["kind"]
    lines: list[str | Markup] = []
    row = _section_row(view, seat)
    if kind == "top" and row:
        lines.append(top_preview(row, lang))
        lines.append(bottom_preview(view, seat, row, lang))
    elif kind in ("bottom", "pay", "bottom_coins") and row:
        lines.append(bottom_preview(view, seat, row, lang))
    elif kind == "move_unit":
        cargo = ", ".join(f"{n} {text(f'res.{r}', lang)}" for r, n in pending["cargo"].items())
        player = view["players"][seat]
        unit = unit_label(player, pending["unit"], lang)
        where = unit_location(player, pending["unit"])
        if where:
            unit = text("name.unit_at", lang, unit=unit, hex=hex_label(where, lang))
        lines.append(
            text("context.move_unit", lang, unit=capital(unit), steps=pending["steps_left"])
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
            rule = rule_link(paragraph_for_card("factory", card), lang)
            lines.append(
                html("{card}. {line} {rule}", card=card, line=factory_text(card, lang), rule=rule)
            )
    elif kind == "factory_top":
        lines.append(factory_text(pending["card"], lang))
    elif kind == "factory_bottom":
        lines.append(FACTORY_MOVE_TEXT[lang])
    if "turn" in view and view["turn"].get("moves_left") is not None and kind == "move":
        lines.append(text("context.moves_left", lang, n=view["turn"]["moves_left"]))
    return join(html('<p class="context">{line}</p>', line=line) for line in lines)


def prompt(view: dict, lang: str) -> str:
    pending = view["pending"]
    values = named_values({k: v for k, v in pending.items() if isinstance(v, str | int)}, lang)
    if pending["kind"] == "pay":
        values["resource"] = text(f"res.{pending['resource']}", lang)
    if pending["kind"] in ("top", "bottom") and pending.get("action"):
        key = "top" if pending["kind"] == "top" else "bottom"
        values["action"] = text(f"{key}.{pending['action']}", lang)
    kind = pending["kind"]
    if kind == "automa_turn" and pending.get("seat") is not None:
        return text(
            "name.automa_turn", lang, name=seat_name(view["players"][pending["seat"]], lang)
        )
    if kind == "produce_amounts":
        kind = "produce_workers" if pending["product"] == "worker" else "produce_amount"
        if kind == "produce_amount":
            values["resource"] = text(f"res.{pending['product']}", lang)
    return text(f"prompt.{kind}", lang, **values)


def combat_html(view: dict, seat: int, legal: list[str], pick: dict, lang: str) -> Markup:
    """The secret choice of a combat: power on the dial, then cards, then commit."""
    options = [parse_commit(a) for a in legal if is_commit(a)]
    if not options:
        return NOTHING
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
        html(
            '<p class="context">{power}</p>',
            power=text("combat.power", lang, power=view["players"][seat]["power"]),
        ),
        html(
            '<div class="dial" role="group" aria-label="{label}">{dials}</div>',
            label=text("combat.dial", lang),
            dials=join(
                html(
                    '<button type="button" class="dial-n{on}" data-dial="{d}" '
                    'aria-pressed="{pressed}">{d}</button>',
                    on=" on" if d == dial else "",
                    d=d,
                    pressed=str(d == dial).lower(),
                )
                for d in dials
            ),
        ),
    ]
    if hand:
        chosen = list(cards)
        buttons = []
        for i, value in enumerate(sorted(hand)):
            used = value in chosen
            if used:
                chosen.remove(value)
            trial = sorted([*cards, value]) if not used else None
            allowed = used or trial in sets
            buttons.append(
                html(
                    '<button type="button" class="card{state}" data-card="{i}" '
                    'data-value="{value}" aria-pressed="{pressed}"{off}>{value}</button>',
                    state=" on" if used else "",
                    i=i,
                    value=value,
                    pressed=str(used).lower(),
                    off=attrs(disabled=not allowed),
                )
            )
        parts.append(
            html(
                '<div class="hand" role="group" aria-label="{label}">{buttons}</div>',
                label=text("combat.cards", lang),
                buttons=join(buttons),
            )
        )
    action = format_commit(dial, cards)
    caption = text("combat.commit", lang, total=dial + sum(cards))
    parts.append(
        html(
            '<div class="choices">{commit}</div>',
            commit=button(action, caption, lang, " primary", view, seat),
        )
    )
    return join(parts)


def terrain_name(terrain: str, lang: str) -> str:
    return text("step.home" if terrain in ("home", "") else f"terrain.{terrain}", lang)


def group_label(node: Node, view: dict, seat: int, lang: str) -> str:
    """A group's button: what the step after it is about."""
    verb, *rest = node.key
    if node.key == (LESS,):
        return text("step.less", lang)
    if verb == "~part":
        first, last = (label(a, view, seat, lang) for a in rest)
        return text("step.part", lang, first=first, last=last)
    what = rest[0] if rest else ""
    if verb == "upgrade" and what:
        name = text(f"slot.{what}", lang, **RULE_NUMBERS)
    elif verb == "enlist" and what:
        name = text("step.recruit", lang, action=text(f"bottom.{what}", lang))
    elif verb == "build" and what:
        name = text(f"structure.{what}", lang)
    elif verb == "deploy" and what:
        faction = view["players"][seat]["faction"]
        name = text(f"ability.{FACTIONS[faction]['mechs'][int(what)]}", lang)
    elif verb in ("gain", "res") and what:
        name = text(f"res.{what}", lang)
    elif verb == "unit" and what:
        name = text(f"unit.{what}s", lang)
    elif verb == "to" and what:
        name = terrain_name(what, lang)
    else:
        name = ""
    if verb in BOTTOM_ACTIONS:
        head = text(f"bottom.{verb}", lang)
    elif verb in ("produce", "move", "bolster", "trade"):
        head = text(f"top.{verb}", lang)
    elif verb == "to":
        head = text("step.to", lang)
    else:
        head = label(node.leaves()[0], view, seat, lang)
    return (
        text("step.group", lang, head=head, name=name)
        if name
        else text("step.more", lang, head=head, n=len(node.leaves()))
    )


def pick_button(node: Node, view: dict, seat: int, lang: str) -> Markup:
    caption = group_label(node, view, seat, lang)
    return html(
        '<button type="button" class="act step" data-pick="{pick}" '
        'data-leads="{leads}" data-rule="{rule}" title="{caption}">{caption}</button>',
        pick=node.id,
        leads=" ".join(node.leaves()),
        rule=paragraph_for_action((node.leaves() or [""])[0], str(view["pending"].get("kind", ""))),
        caption=caption,
    )


def _choices(cls: str, buttons: list[Markup]) -> Markup:
    return html(
        '<div class="choices g-{cls}" data-group="{cls}">{buttons}</div>',
        cls=cls,
        buttons=join(buttons),
    )


#: What a moving unit takes along or leaves: shown as the unit's cargo, not as a list.
CARGO_VERBS = ("load", "drop")


def cargo_html(actions: list[str], view: dict, seat: int, lang: str) -> Markup:
    """The moving unit's cargo as toggles: each resource with how many it carries and
    a button to take one more or leave one; each worker it may carry (a mech) as a
    toggle, pressed while aboard. Every button is one of ``actions`` (legal now)."""
    pending = view["pending"]
    player = view["players"][seat]
    carried: dict = pending.get("cargo", {})
    aboard = list(pending.get("passengers", []))
    legal = set(actions)
    resources = [
        r for r in RESOURCES if carried.get(r) or {join_action(v, r) for v in CARGO_VERBS} & legal
    ]
    units = sorted(
        {arg for a in actions if is_unit(arg := split_action(a)[1])} | set(aboard),
        key=lambda uid: parse_unit(uid),
    )
    chips = []
    for r in resources:
        name = text(f"res.{r}", lang)
        buttons = [
            html(
                '<button type="button" class="dial-n cargo-step" data-action="{a}" '
                'title="{tip}">{sign}</button>',
                a=join_action(verb, r),
                tip=text(f"cargo.{verb}.tip", lang, res=name),
                sign="+" if verb == "load" else "−",
            )
            for verb in CARGO_VERBS
            if join_action(verb, r) in legal
        ]
        chips.append(
            html(
                '<span class="cargo-res" data-res="{r}">{name} <b>{n}</b> {buttons}</span>',
                r=r,
                name=name,
                n=carried.get(r, 0),
                buttons=join(buttons),
            )
        )
    for uid in units:
        on = uid in aboard
        action = join_action("drop" if on else "load", uid)
        chips.append(
            html(
                '<button type="button" class="dial-n toggle cargo-unit{cls}"{a}>{name}</button>',
                cls=" on" if on else "",
                a=attrs(
                    data_action=action if action in legal else None,
                    aria_pressed="true" if on else "false",
                    disabled=action not in legal,
                    title=text("cargo.unit.tip", lang),
                ),
                name=unit_label(player, uid, lang),
            )
        )
    unit = unit_label(player, pending["unit"], lang) if pending.get("unit") else ""
    return html(
        '<div class="dial cargo" role="group" aria-label="{title}" data-leads="{leads}">'
        '<span class="cargo-title">{title}</span>{chips}</div>',
        title=text("cargo.title", lang, unit=unit),
        leads=" ".join(actions),
        chips=join(chips),
    )


def step_html(step: Step, view: dict, seat: int, lang: str) -> Markup:
    """One step of a decision: its choices, a Produce's toggles, Back."""
    out: list[Markup] = []
    if step.toggles:
        toggles = []
        for hid in step.toggles:
            on = hid in step.on
            toggles.append(
                html(
                    '<button type="button" class="dial-n toggle{on}" data-toggle="{hid}" '
                    'aria-pressed="{pressed}"{off}>{caption}</button>',
                    on=" on" if on else "",
                    hid=hid,
                    pressed=str(on).lower(),
                    off=attrs(disabled=hid not in step.enabled),
                    caption=capital(hex_label(hid, lang)),
                )
            )
        out.append(
            html(
                '<div class="dial toggles" role="group" aria-label="{label}" '
                'data-leads="{leads}">{toggles}</div>',
                label=text("step.toggles", lang),
                leads=" ".join(step.node.leaves()),
                toggles=join(toggles),
            )
        )
        if step.confirm:
            caption = label(step.confirm, view, seat, lang)
            confirm = button(step.confirm, caption, lang, " primary", view, seat)
        else:
            confirm = html(
                '<button type="button" class="act primary" disabled>{none}</button>',
                none=text("step.none", lang),
            )
        out.append(html('<div class="choices g-confirm">{confirm}</div>', confirm=confirm))
    cargo = [n.action for n in step.items if n.action and verb_of(n.action) in CARGO_VERBS]
    if cargo and view["pending"].get("kind") == "move_unit":
        out.append(cargo_html(cargo, view, seat, lang))
    runs: list[tuple[str, list[Markup]]] = []  # consecutive buttons of one verb, one group
    for n in step.items:
        if n.action in cargo:
            continue
        cls = "step" if n.action is None else verb_of(n.action)
        item = (
            pick_button(n, view, seat, lang)
            if n.action is None
            else button(n.action, label(n.action, view, seat, lang), lang, "", view, seat)
        )
        if runs and runs[-1][0] == cls:
            runs[-1][1].append(item)
        else:
            runs.append((cls, [item]))
    for cls, buttons in runs:
        out.append(_choices(cls, buttons))
    for verb, actions in groups(step.extras):
        buttons = [button(a, label(a, view, seat, lang), lang, "", view, seat) for a in actions]
        out.append(_choices(verb.strip("~"), buttons))
    if step.back:
        out.append(
            html(
                '<div class="choices g-back"><button type="button" class="back passive" '
                'data-cmd="choice-back">{back}</button></div>',
                back=text("step.back", lang),
            )
        )
    return join(out)


def prompt_paragraph(view: dict) -> str:
    """The paragraph the prompt's "?" opens: the card being resolved, else the decision's
    (a section's top action once it is chosen)."""
    pending = view["pending"]
    kind = str(pending.get("kind"))
    if kind == "encounter" and isinstance(pending.get("card"), int):
        return paragraph_for_card("encounter", pending["card"])
    if kind == "factory_top" and isinstance(pending.get("card"), int):
        return paragraph_for_card("factory", pending["card"])
    if kind in ("top", "bottom") and pending.get("action"):
        return paragraph_for_action(str(pending["action"]))
    return paragraph_for_kind(kind)


def decision_html(
    view: dict,
    seat: int | None,
    legal: list[str],
    lang: str,
    hex_choice: str | None = None,
    hex_actions: list[str] | None = None,
    combat_pick: dict | None = None,
    choice: Choice | None = None,
) -> Markup:
    """The whole panel for the viewer's pending decision (``legal`` empty: just a status)."""
    pending = view["pending"]
    kind = pending.get("kind")
    who = view["players"][pending["seat"]] if pending.get("seat") is not None else None
    if not legal or seat is None:
        key = "status.game_over" if kind == "game_over" else "status.waiting"
        name = seat_name(who, lang) if who else ""
        return html('<h2 class="decision-title">{title}</h2>', title=text(key, lang, name=name))
    head = html(
        '<h2 class="decision-title">{title}</h2><p class="prompt">{prompt} {rule}</p>{context}',
        title=text("status.your_turn", lang, name=seat_name(who, lang)),
        prompt=prompt(view, lang),
        rule=rule_link(prompt_paragraph(view), lang),
        context=context_html(view, seat, legal, lang),
    )
    if hex_choice and hex_actions:
        # A hex with several actions: what to do there is the step (Cancel goes back).
        return head + html(
            '<div class="hex-choice"><h3>{title}</h3>{buttons}'
            '<button type="button" class="act passive" data-cmd="cancel">{cancel}</button>'
            "</div>",
            title=text("choice.hex", lang, hex=hex_label(hex_choice, lang)),
            buttons=join(
                button(a, label(a, view, seat, lang), lang, "", view, seat) for a in hex_actions
            ),
            cancel=text("choice.cancel", lang),
        )
    combat = NOTHING
    if kind == "combat_commit":
        combat = combat_html(view, seat, legal, combat_pick or {}, lang)
    return head + combat + step_html(current(legal, choice or Choice()), view, seat, lang)
