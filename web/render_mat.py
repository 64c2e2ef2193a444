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

from markup import Markup, attrs, escape, html, join
from mat_targets import TOP_VARIANTS, Target
from rules_data import paragraph_for_part
from rules_reference import rule_link
from strings import RULE_NUMBERS, text

from scythe_core.data.components import FACTIONS, RECRUIT_ONE_TIME, STARS_TO_END
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


def _t(key: str, lang: str, **values) -> Markup:
    return escape(text(key, lang, **RULE_NUMBERS, **values))


def part(
    name: str, inner: Markup, targets: dict, cls: str, tip: str = "", faction: str = ""
) -> Markup:
    """One part of the mat: a lit button when a decision is made on it, else a label;
    ``data-rule`` names its paragraph of the rules reference (``rules_data``)."""
    target: Target | None = targets.get(name)
    rule = paragraph_for_part(name, faction)
    if target is None:
        return html(
            "<span{a}>{inner}</span>",
            a=attrs(class_=f"mp {cls}", data_part=name, data_rule=rule, title=tip or None),
            inner=inner,
        )
    lit = attrs(
        type="button",
        class_=f"mp lit {cls}",
        data_part=name,
        data_rule=rule,
        data_action=target.action,
        data_then=target.then,
        data_pick=target.pick,
        data_leads=" ".join(target.leads) if target.pick else None,
        title=tip or None,
    )
    return html("<button{a}>{inner}</button>", a=lit, inner=inner)


def amounts(values: dict, lang: str) -> str:
    """``coins 1, power 1``: what a cost asks, each resource with its count."""
    return ", ".join(f"{text('res.' + k, lang)} {n}" for k, n in values.items() if n) or "–"


def _variant_label(variant: str, amounts_now: dict, lang: str) -> Markup:
    slot = VARIANT_SLOT.get(variant)
    n = amounts_now.get(slot, TRADE_RESOURCES) if slot else TRADE_RESOURCES
    return _t("matv." + variant.replace(":", "_"), lang, n=n)


def _top_html(row: dict, targets: dict, lang: str) -> Markup:
    i, top = row["index"], row["top"]
    options = []
    for variant in TOP_VARIANTS[top]:
        name = f"top:{i}:{variant}"
        if name not in targets and f"top:~:{variant}" in targets:
            name = f"top:~:{variant}"  # the section is chosen: the option itself
        options.append(
            part(name, _variant_label(variant, row["top_amounts"], lang), targets, "opt")
        )
    if top == "produce":
        inner = _t("matv.produce", lang, n=row["top_amounts"]["produce_territories"])
        options.append(part(f"top:{i}:produce", inner, targets, "opt"))
    cubes = join(
        part(
            f"slot:{slot}",
            escape("■" if slot in row["upgraded"] else "□"),
            targets,
            "cube" + (" up" if slot in row["upgraded"] else ""),
            text("slot." + slot, lang, **RULE_NUMBERS) + f": {n}",
        )
        for slot, n in row["top_amounts"].items()
    )
    structure = row["structure"]
    spot = part(
        f"structure:{structure}",
        html(
            "{name} {built}",
            name=text("structure." + structure, lang),
            built=text("mat.built", lang) if row["built"] else "",
        ),
        targets,
        "structure" + (" done" if row["built"] else ""),
        text("structure.effect." + structure, lang),
    )
    return html(
        '<div class="mat-top"><span class="mat-name">{name}{rule}</span>'
        '<span class="mat-cost">{cost}</span><span class="mat-opts">{options}</span>'
        '<span class="mat-cubes" aria-label="{cubes_label}">{cubes}</span>'
        '<span class="mat-spot">{spot}{spot_rule}</span></div>',
        name=text("top." + top, lang),
        rule=rule_link(f"top.{top}", lang),
        spot_rule=rule_link(f"structure.{structure}", lang),
        cost=text("mat.pay", lang, cost=amounts(row["top_cost"], lang)),
        options=join(options),
        cubes_label=text("mat.upgrades", lang),
        cubes=cubes,
        spot=spot,
    )


def _bottom_html(row: dict, targets: dict, lang: str) -> Markup:
    bottom = row["bottom"]
    cost_part = part(
        f"cost:{bottom}",
        html(
            '{cost} <span class="cubes">{cubes}</span>',
            cost=amounts(row["cost"], lang),
            cubes="■" * row["cubes"] + "□" * (row["cube_slots"] - row["cubes"]),
        ),
        targets,
        "cost",
        text("mat.cost_tip", lang),
    )
    bonus = text("res." + row["recruit_bonus"], lang)
    recruit = part(
        f"recruit:{bottom}",
        html(
            "{line}{done}",
            line=text("mat.recruit", lang, bonus=bonus),
            done=" ✓" if row["recruit"] else "",
        ),
        targets,
        "recruit" + (" done" if row["recruit"] else ""),
        text("tip.recruit", lang, bonus=bonus),
    )
    return html(
        '<div class="mat-bottom"><span class="mat-name">{name}{rule}</span>{cost}'
        '<span class="mat-coins">{coins}</span>'
        '<span class="mat-spot">{recruit}{recruit_rule}</span></div>',
        name=text("bottom." + bottom, lang),
        rule=rule_link(f"bottom.{bottom}", lang),
        recruit_rule=rule_link("recruits.ongoing", lang),
        cost=cost_part,
        coins=text("mat.coins", lang, n=row["coins"]),
        recruit=recruit,
    )


def _section_html(row: dict, player: dict, targets: dict, chosen: int | None, lang: str) -> Markup:
    i = row["index"]
    classes = "mat-col"
    if player["last_section"] == i:
        classes += " last"
    if chosen == i:
        classes += " chosen"
    head = part(
        f"section:{i}",
        html(
            "<b>{n}</b> {top} · {bottom}",
            n=i + 1,
            top=text("top." + row["top"], lang),
            bottom=text("bottom." + row["bottom"], lang),
        ),
        targets,
        "mat-head",
        text("mat.blocked", lang) if player["last_section"] == i else "",
    )
    return html(
        '<div class="{classes}" data-section="{i}">{head}{top}{bottom}</div>',
        classes=classes,
        i=i,
        head=head,
        top=_top_html(row, targets, lang),
        bottom=_bottom_html(row, targets, lang),
    )


def _row(cls: str, title: Markup, items: Markup, rule: str, lang: str) -> Markup:
    return html(
        '<div class="mat-row {cls}"><h4>{title}{rule}</h4>{items}</div>',
        cls=cls,
        title=title,
        rule=rule_link(rule, lang),
        items=items,
    )


def _mechs_html(player: dict, targets: dict, lang: str) -> Markup:
    slots = []
    faction = player["faction"]
    for i, name in enumerate(FACTIONS[faction]["mechs"]):
        done = i in player["mech_abilities"]
        inner = html(
            "{name}{done}<small>{effect}</small>",
            name=text("ability." + name, lang),
            done=" ✓" if done else "",
            effect=text("ability." + name + ".tip", lang),
        )
        slot = part(f"mech:{i}", inner, targets, "mech" + (" done" if done else ""), "", faction)
        slots.append(
            html(
                '<span class="mat-spot">{slot}{rule}</span>',
                slot=slot,
                rule=rule_link(f"ability.{name}", lang),
            )
        )
    return _row("mechs", _t("mat.mechs", lang), join(slots), "bottom.deploy", lang)


def _bonuses_html(player: dict, targets: dict, lang: str) -> Markup:
    used = set(player["recruits"].values())
    spots = join(
        part(
            f"bonus:{bonus}",
            html(
                "{line}{done}",
                line=text("mat.bonus", lang, res=text("res." + bonus, lang), **RULE_NUMBERS),
                done=" ✓" if bonus in used else "",
            ),
            targets,
            "bonus" + (" done" if bonus in used else ""),
        )
        for bonus in RECRUIT_ONE_TIME
    )
    return _row("bonuses", _t("mat.bonuses", lang), spots, "recruits.once", lang)


def held_html(held: dict, place, lang: str) -> Markup:
    """The resources held, by type: the total, then where they lie."""
    if not held:
        none = html('<span class="none">{none}</span>', none=text("mat.held.none", lang))
        return _row("held", _t("mat.held", lang), none, "control", lang)
    items = []
    for resource, spots in held.items():
        total = sum(n for _, n in spots)
        items.append(
            html(
                '<span class="res res-{r}" data-res="{r}" data-total="{total}">'
                "<b>{name} {total}</b> <small>{where}</small></span>",
                r=resource,
                total=total,
                name=text("res." + resource, lang),
                where=", ".join(f"{place(hid)} {n}" for hid, n in spots),
            )
        )
    return _row("held", _t("mat.held", lang), join(items), "control", lang)


def tracks_html(player: dict, lang: str) -> Markup:
    """What the player has on the tracks and in hand, over the mat."""
    cards = player["combat_cards"]
    hand = len(cards) if isinstance(cards, list) else cards
    values = [
        ("power", player["power"]),
        ("popularity", player["popularity"]),
        ("coins", player["coins"]),
        ("cards", hand),
        ("stars", f"{sum(player['stars'].values())}/{STARS_TO_END}"),
    ]
    return html(
        '<div class="mat-tracks">{items}{rule}</div>',
        rule=rule_link("tracks", lang),
        items=join(
            html(
                '<span class="mt" data-track="{name}" data-rule="{rule}" title="{tip}">'
                "{label} <b>{value}</b></span>",
                rule="stars" if name == "stars" else "tracks",
                name=name,
                tip=text(f"tip.{name}", lang, **RULE_NUMBERS) if name != "stars" else "",
                label=text(f"track.{name}", lang),
                value=value,
            )
            for name, value in values
        ),
    )


class _Asked(dict):
    """The targets, noting every part name a drawing looks up in them (``_kept``)."""

    def __init__(self, targets: dict) -> None:
        super().__init__(targets)
        self.asked: list[str] = []

    def get(self, name, default=None):
        self.asked.append(name)
        return super().get(name, default)

    def __contains__(self, name) -> bool:
        self.asked.append(name)
        return super().__contains__(name)


def _kept(drawn: dict | None, key: str, stamp: str, targets: dict, draw) -> Markup:
    """``draw(targets)``, or the markup that ``drawn`` keeps for ``key`` when it was drawn
    from the same ``stamp`` (the repr of everything else it is drawn from) and the
    targets answer every lookup the drawing made (``_Asked``) as they did then."""
    if drawn is None:
        return draw(targets)
    last = drawn.get(key)
    if (
        last is not None
        and last[0] == stamp
        and all((name in targets, targets.get(name)) == seen for name, seen in last[1])
    ):
        return last[2]
    asked = _Asked(targets)
    markup = draw(asked)
    seen = [(name, (name in targets, targets.get(name))) for name in dict.fromkeys(asked.asked)]
    drawn[key] = (stamp, seen, markup)
    return markup


def own_mat_html(
    view: dict,
    seat: int,
    targets: dict,
    held: dict,
    place,
    lang: str,
    chosen: int | None,
    drawn: dict | None = None,
) -> Markup:
    """The viewer's mat; ``place(hid)`` names a hex for the player. ``drawn`` (kept by
    the caller between draws) holds each part's markup drawn last with what it was
    drawn from: a part drawn from the same is not drawn again (a click changes a
    section or two, the tracks or the resources held, seldom the whole mat)."""
    player = view["players"][seat]
    rows = mat_sections(player)
    if not rows:
        return Markup("")
    last = player["last_section"]
    tracks = tuple(player[k] for k in ("power", "popularity", "coins", "combat_cards", "stars"))
    return html(
        '<div class="own-mat" id="own-mat" aria-label="{label}">{tracks}'
        '<div class="mat-cols">{cols}</div>{mechs}{bonuses}{held}</div>',
        label=text("mat.title", lang),
        tracks=_kept(
            drawn, "tracks", repr((tracks, lang)), {}, lambda _: tracks_html(player, lang)
        ),
        cols=join(
            _kept(
                drawn,
                f"section:{row['index']}",
                repr((row, last, chosen, lang)),
                targets,
                lambda lit, row=row: _section_html(row, player, lit, chosen, lang),
            )
            for row in rows
        ),
        mechs=_kept(
            drawn,
            "mechs",
            repr((player["faction"], player["mech_abilities"], lang)),
            targets,
            lambda lit: _mechs_html(player, lit, lang),
        ),
        bonuses=_kept(
            drawn,
            "bonuses",
            repr((player["recruits"], lang)),
            targets,
            lambda lit: _bonuses_html(player, lit, lang),
        ),
        held=_kept(drawn, "held", repr((held, lang)), {}, lambda _: held_html(held, place, lang)),
    )
