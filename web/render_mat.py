"""The drawn player mat of the seat whose screen shows: where its decisions are made.

Pure Python. Four sections side by side, each with its top action (cost, the options
with their amounts, the upgrade cubes, the structure over it) and its bottom action
(cost and cost cubes, coins, the recruit under it); under them the mech slots with
their abilities, the one-time recruit bonuses and the resources the player holds,
totalled by type with where they lie. Parts that the pending decision is made on are
lit buttons (``mat_targets``): their ``data-action``/``data-then``/``data-pick`` are
legal actions or groups of them; everything else is a plain label.
"""

from __future__ import annotations

from html import escape

from mat_targets import TOP_VARIANTS, Target
from strings import RULE_NUMBERS, text

from scythe_core.data.components import FACTIONS, RECRUIT_ONE_TIME
from scythe_core.io.ui_helpers import mat_sections

#: The top slot each option's amount comes from (trade:resources is always 2).
VARIANT_SLOT = {
    "bolster:power": "bolster_power",
    "bolster:cards": "bolster_cards",
    "trade:popularity": "trade_popularity",
    "move": "move_units",
    "coins": "move_coins",
}
TRADE_RESOURCES = 2


def _t(key: str, lang: str, **values) -> str:
    return escape(text(key, lang, **RULE_NUMBERS, **values))


def part(name: str, inner: str, targets: dict, lang: str, cls: str, tip: str = "") -> str:
    """One part of the mat: a lit button when a decision is made on it, else a label."""
    target: Target | None = targets.get(name)
    title = f' title="{escape(tip)}"' if tip else ""
    if target is None:
        return f'<span class="mp {cls}" data-part="{escape(name)}"{title}>{inner}</span>'
    data = ""
    if target.pick:
        data = f' data-pick="{escape(target.pick)}" data-leads="{escape(" ".join(target.leads))}"'
    if target.action:
        data = f' data-action="{escape(target.action)}"'
        if target.then:
            data += f' data-then="{escape(target.then)}"'
    return (
        f'<button type="button" class="mp lit {cls}" data-part="{escape(name)}"{data}{title}>'
        f"{inner}</button>"
    )


def amounts(values: dict, lang: str) -> str:
    """``coins 1, power 1``: what a cost asks, each resource with its count."""
    return ", ".join(f"{text('res.' + k, lang)} {n}" for k, n in values.items() if n) or "–"


def _variant_label(variant: str, amounts_now: dict, lang: str) -> str:
    slot = VARIANT_SLOT.get(variant)
    n = amounts_now.get(slot, TRADE_RESOURCES) if slot else TRADE_RESOURCES
    return _t("matv." + variant.replace(":", "_"), lang, n=n)


def _top_html(row: dict, targets: dict, lang: str) -> str:
    i, top = row["index"], row["top"]
    options = []
    for variant in TOP_VARIANTS[top]:
        inner = _variant_label(variant, row["top_amounts"], lang)
        name = f"top:{i}:{variant}"
        if name not in targets and f"top:~:{variant}" in targets:
            name = f"top:~:{variant}"
        options.append(
            part(name, inner, {name: targets[name]} if name in targets else {}, lang, "opt")
        )
    if top == "produce":
        inner = _t("matv.produce", lang, n=row["top_amounts"]["produce_territories"])
        options.append(part(f"top:{i}:produce", inner, targets, lang, "opt"))
    cubes = "".join(
        part(
            f"slot:{slot}",
            "■" if slot in row["upgraded"] else "□",
            targets,
            lang,
            "cube" + (" up" if slot in row["upgraded"] else ""),
            text("slot." + slot, lang, **RULE_NUMBERS) + f": {n}",
        )
        for slot, n in row["top_amounts"].items()
    )
    structure = row["structure"]
    built = _t("mat.built", lang) if row["built"] else ""
    spot = part(
        f"structure:{structure}",
        f"{_t('structure.' + structure, lang)} {built}",
        targets,
        lang,
        "structure" + (" done" if row["built"] else ""),
        text("structure.effect." + structure, lang),
    )
    return (
        f'<div class="mat-top"><span class="mat-name">{_t("top." + top, lang)}</span>'
        f'<span class="mat-cost">{_t("mat.pay", lang, cost=amounts(row["top_cost"], lang))}</span>'
        f'<span class="mat-opts">{"".join(options)}</span>'
        f'<span class="mat-cubes" aria-label="{_t("mat.upgrades", lang)}">{cubes}</span>{spot}</div>'
    )


def _bottom_html(row: dict, targets: dict, lang: str) -> str:
    bottom = row["bottom"]
    cost = amounts(row["cost"], lang)
    cubes = "■" * row["cubes"] + "□" * (row["cube_slots"] - row["cubes"])
    cost_part = part(
        f"cost:{bottom}",
        f"{escape(cost)} <span class='cubes'>{cubes}</span>",
        targets,
        lang,
        "cost",
        text("mat.cost_tip", lang),
    )
    bonus = text("res." + row["recruit_bonus"], lang)
    recruit = part(
        f"recruit:{bottom}",
        _t("mat.recruit", lang, bonus=bonus) + (" ✓" if row["recruit"] else ""),
        targets,
        lang,
        "recruit" + (" done" if row["recruit"] else ""),
        text("tip.recruit", lang, bonus=bonus),
    )
    return (
        f'<div class="mat-bottom"><span class="mat-name">{_t("bottom." + bottom, lang)}</span>'
        f"{cost_part}"
        f'<span class="mat-coins">{_t("mat.coins", lang, n=row["coins"])}</span>{recruit}</div>'
    )


def _section_html(row: dict, player: dict, targets: dict, chosen: int | None, lang: str) -> str:
    i = row["index"]
    classes = "mat-col"
    if player["last_section"] == i:
        classes += " last"
    if chosen == i:
        classes += " chosen"
    head = part(
        f"section:{i}",
        f"<b>{i + 1}</b> {_t('top.' + row['top'], lang)} · {_t('bottom.' + row['bottom'], lang)}",
        targets,
        lang,
        "mat-head",
        text("mat.blocked", lang) if player["last_section"] == i else "",
    )
    return (
        f'<div class="{classes}" data-section="{i}">{head}'
        f"{_top_html(row, targets, lang)}{_bottom_html(row, targets, lang)}</div>"
    )


def _mechs_html(player: dict, targets: dict, lang: str) -> str:
    names = FACTIONS[player["faction"]]["mechs"]
    slots = []
    for i, name in enumerate(names):
        done = i in player["mech_abilities"]
        slots.append(
            part(
                f"mech:{i}",
                f"{_t('ability.' + name, lang)}{' ✓' if done else ''}"
                f"<small>{_t('ability.' + name + '.tip', lang)}</small>",
                targets,
                lang,
                "mech" + (" done" if done else ""),
            )
        )
    return f'<div class="mat-row mechs"><h4>{_t("mat.mechs", lang)}</h4>{"".join(slots)}</div>'


def _bonuses_html(player: dict, targets: dict, lang: str) -> str:
    used = set(player["recruits"].values())
    spots = "".join(
        part(
            f"bonus:{bonus}",
            _t("mat.bonus", lang, res=text("res." + bonus, lang)) + (" ✓" if bonus in used else ""),
            targets,
            lang,
            "bonus" + (" done" if bonus in used else ""),
        )
        for bonus in RECRUIT_ONE_TIME
    )
    return f'<div class="mat-row bonuses"><h4>{_t("mat.bonuses", lang)}</h4>{spots}</div>'


def held_html(held: dict, place, lang: str) -> str:
    """The resources held, by type: the total, then where they lie."""
    if not held:
        return (
            f'<div class="mat-row held"><h4>{_t("mat.held", lang)}</h4>'
            f'<span class="none">{_t("mat.held.none", lang)}</span></div>'
        )
    items = []
    for resource, spots in held.items():
        total = sum(n for _, n in spots)
        where = ", ".join(f"{place(hid)} {n}" for hid, n in spots)
        items.append(
            f'<span class="res res-{escape(resource)}" data-res="{escape(resource)}" '
            f'data-total="{total}"><b>{_t("res." + resource, lang)} {total}</b> '
            f"<small>{escape(where)}</small></span>"
        )
    return f'<div class="mat-row held"><h4>{_t("mat.held", lang)}</h4>{"".join(items)}</div>'


def own_mat_html(
    view: dict, seat: int, targets: dict, held: dict, place, lang: str, chosen: int | None
) -> str:
    """The viewer's mat; ``place(hid)`` names a hex for the player."""
    player = view["players"][seat]
    rows = mat_sections(player)
    if not rows:
        return ""
    cols = "".join(_section_html(row, player, targets, chosen, lang) for row in rows)
    return (
        f'<div class="own-mat" id="own-mat" aria-label="{_t("mat.title", lang)}">'
        f'<div class="mat-cols">{cols}</div>'
        f"{_mechs_html(player, targets, lang)}{_bonuses_html(player, targets, lang)}"
        f"{held_html(held, place, lang)}</div>"
    )
