"""Player panels: tracks, stars, the player mat with live costs, the faction mat, the own
objectives. Pure Python, drawn from a ``player_view`` dict (secrets are already gone:
other seats' objectives and combat cards are plain counts there). Markup only through
``markup`` (every value escaped).
"""

from __future__ import annotations

from markup import Markup, attrs, html, join
from render_pieces import faction_letter
from rules_data import paragraph_for_card
from rules_reference import rule_link
from strings import RULE_NUMBERS, seat_name, text

from scythe_core.data.components import (
    POPULARITY_MAX,
    POPULARITY_TIERS,
    POWER_MAX,
    STAR_GOALS,
    STARS_TO_END,
)
from scythe_core.io.card_texts import factory_text, objective_text
from scythe_core.io.ui_helpers import faction_abilities, mat_sections, star_track

NOTHING = Markup("")


def _tip(key: str, lang: str, **values) -> str:
    return text(key, lang, **RULE_NUMBERS, **values)


def track(name: str, value, lang: str, extra: Markup = NOTHING) -> Markup:
    return html(
        '<div class="trk trk-{name}" title="{tip}" data-track="{name}">'
        "<dt>{label}</dt><dd>{value}{extra}</dd></div>",
        name=name,
        tip=_tip(f"tip.{name}", lang),
        label=text(f"track.{name}", lang),
        value=value,
        extra=extra,
    )


def stars_html(player: dict, lang: str) -> Markup:
    chips = []
    for category, n in sorted(player["stars"].items()):
        for _ in range(n):
            chips.append(
                html('<span class="star" title="{t}">★</span>', t=_tip(f"star.{category}", lang))
            )
    empty = STARS_TO_END - len(chips)
    chips += [Markup('<span class="star empty" aria-hidden="true">☆</span>')] * max(0, empty)
    return html(
        '<div class="stars" role="group" aria-label="{label}">{chips}</div>',
        label=_tip("track.stars", lang),
        chips=join(chips),
    )


def _section_html(row: dict, player: dict, pending_section: int | None, lang: str) -> Markup:
    top, bottom, structure = row["top"], row["bottom"], row["structure"]
    amounts = join(
        (
            html(
                '<span class="amt{up}" title="{tip}">{n}</span>',
                up=" up" if slot in row["upgraded"] else "",
                tip=_tip("slot." + slot, lang),
                n=n,
            )
            for slot, n in row["top_amounts"].items()
        ),
        " ",
    )
    cost = ", ".join(str(n) + " " + text("res." + r, lang) for r, n in row["cost"].items())
    marks = []
    if row["built"]:
        marks.append(
            html(
                '<span class="built" title="{tip}">{abbr}</span>',
                tip=_tip("structure." + structure, lang),
                abbr=_tip("structure.abbr." + structure, lang),
            )
        )
    if row["recruit"]:
        bonus = text("res." + row["recruit_bonus"], lang)
        marks.append(
            html(
                '<span class="recruit" title="{tip}">R</span>',
                tip=_tip("tip.recruit", lang, bonus=bonus),
            )
        )
    classes = "sec"
    if player["last_section"] == row["index"]:
        classes += " last"
    if pending_section == row["index"]:
        classes += " chosen"
    return html(
        '<div class="{classes}" data-section="{i}">'
        '<div class="sec-top" title="{top_tip}"><b>{n}</b> {top} {amounts}</div>'
        '<div class="sec-bottom" title="{bottom_tip}">{bottom}: {cost} '
        '<span class="coins-gain">+{coins}$</span> <span class="cubes">{cubes}</span>'
        '</div><div class="sec-marks">{marks}</div></div>',
        classes=classes,
        i=row["index"],
        top_tip=_tip("tip.top." + top, lang),
        n=row["index"] + 1,
        top=_tip("top." + top, lang),
        amounts=amounts,
        bottom_tip=_tip("tip.bottom." + bottom, lang),
        bottom=_tip("bottom." + bottom, lang),
        cost=cost,
        coins=row["coins"],
        cubes="■" * row["cubes"] + "□" * (row["cube_slots"] - row["cubes"]),
        marks=join(marks),
    )


def mat_html(player: dict, pending_section: int | None, lang: str) -> Markup:
    rows = mat_sections(player)
    if not rows:
        return NOTHING
    cells = join(_section_html(row, player, pending_section, lang) for row in rows)
    return html(
        '<div class="mat" aria-label="{label}">{cells}</div>',
        label=_tip("mat.title", lang),
        cells=cells,
    )


def counts_html(player: dict, lang: str) -> Markup:
    on_mat = sum(1 for w in player["workers"] if w is None)
    items = [
        ("workers_left", on_mat),
        ("mechs", f"{len(player['mechs'])}/{STAR_GOALS['mechs']}"),
        ("structures", f"{len(player['structures'])}/{STAR_GOALS['structures']}"),
        ("recruits", f"{len(player['recruits'])}/{STAR_GOALS['recruits']}"),
    ]
    if player["mat"]:
        items.append(("upgrades", f"{len(player['upgraded_top'])}/{STAR_GOALS['upgrades']}"))
    return join(
        html(
            '<span class="cnt" title="{tip}">{label} {v}</span>',
            tip=_tip("tip." + k, lang),
            label=_tip("count." + k, lang),
            v=v,
        )
        for k, v in items
    )


def abilities_html(player: dict, lang: str) -> Markup:
    if player["controller"] == "automa":
        return NOTHING
    chips = []
    for row in faction_abilities(player):
        name = row["name"]
        chips.append(
            html(
                '<span class="ability {on}" data-ability="{name}" data-rule="ability.{name}" '
                'title="{tip}">{label}</span>{rule}',
                on="on" if row["unlocked"] else "off",
                name=name,
                tip=_tip("ability." + name + ".tip", lang),
                label=_tip("ability." + name, lang),
                rule=rule_link(f"ability.{name}", lang),
            )
        )
    used = [text("res." + b, lang) for b in player["recruits"].values()]
    if used:
        chips.append(
            html(
                '<span class="ability on" title="{tip}">{line}</span>',
                tip=_tip("tip.one_time", lang),
                line=_tip("one_time", lang, list=", ".join(used)),
            )
        )
    return html('<div class="abilities">{chips}</div>', chips=join(chips))


def objectives_html(player: dict, lang: str) -> Markup:
    cards = player["objectives"]
    if not isinstance(cards, list) or not cards:
        return NOTHING
    items = join(
        html(
            '<li data-objective="{n}"><b>{n}</b> {line} {rule}</li>',
            n=n,
            line=objective_text(n, lang),
            rule=rule_link(paragraph_for_card("objective", n), lang),
        )
        for n in cards
    )
    return html(
        '<div class="objectives"><h4>{title}</h4><ul>{items}</ul></div>',
        title=_tip("objectives.title", lang),
        items=items,
    )


def automa_html(player: dict, lang: str) -> Markup:
    a = player.get("automa")
    if not a:
        return NOTHING
    info = _tip(
        "automa.info",
        lang,
        level=text("level." + str(player["level"]), lang),
        plan="I" if a["plan"] == 0 else "II",
        cube=a["cube"],
        deck=a["deck"],
    )
    return html(
        '<p class="automa-info">{info} {rule}</p>',
        info=info,
        rule=rule_link(paragraph_for_card("star", str(player["level"])), lang),
    )


def seen_cards_html(view: dict, seat: int, viewer: int | None, lang: str) -> Markup:
    """The combat cards the viewer looked at in this seat's hand this turn (promo card 31).

    The view holds them only for the seat that looked (``turn["peek"]["cards"]``)."""
    peek = view.get("turn", {}).get("peek")
    if not peek or "cards" not in peek or peek["target"] != seat or peek["seat"] != viewer:
        return NOTHING
    cards = ", ".join(map(str, peek["cards"])) or text("reveal.no_cards", lang)
    return html(
        ' <span class="seen" title="{tip}">{line}</span>',
        tip=_tip("tip.cards_seen", lang),
        line=_tip("cards.seen", lang, cards=cards),
    )


def player_html(
    view: dict,
    seat: int,
    viewer: int | None,
    estimate: dict | None,
    lang: str,
    mat_shown: bool = False,
) -> Markup:
    player = view["players"][seat]
    faction = player["faction"]
    pending = view.get("pending", {})
    active = " active" if pending.get("seat") == seat else ""
    me = " me" if seat == viewer else ""
    cards = player["combat_cards"]
    card_value = cards
    if isinstance(cards, list):  # the viewer's own hand: values too
        card_value = f"{len(cards)} ({', '.join(map(str, sorted(cards)))})" if cards else "0"
    mat_name = text("mat." + player["mat"], lang) if player["mat"] else ""
    section = view.get("turn", {}).get("section") if active else None
    tracks = [
        track("power", player["power"], lang),
        track("popularity", player["popularity"], lang),
        track("coins", player["coins"], lang),
        track("cards", card_value, lang, seen_cards_html(view, seat, viewer, lang)),
    ]
    if estimate is not None:
        tracks.append(track("estimate", estimate["total"], lang))
    card = player["factory_card"]
    factory = NOTHING
    if card and player["controller"] == "automa":
        factory = html('<p class="factory-card">{line}</p>', line=_tip("factory.automa", lang))
    elif card:
        factory = html(
            '<p class="factory-card" title="{tip}">{line} {rule}</p>',
            tip=_tip("tip.factory_card", lang),
            line=_tip("factory.card", lang, n=card, text=factory_text(card, lang)),
            rule=rule_link(paragraph_for_card("factory", card), lang),
        )
    # The viewer's drawn mat is shown above the panels (render_mat) when mat_shown.
    mat = NOTHING if mat_shown and seat == viewer else mat_html(player, section, lang)
    return html(
        '<section{a}><h3><span class="badge f-{faction}">{letter}</span> {name} '
        "<small>{mat_name}</small></h3>"
        '<dl class="tracks">{tracks}</dl>{stars}<div class="counts">{counts}</div>'
        "{mat}{abilities}{factory}{automa}{objectives}</section>",
        a=attrs(class_=f"player f-{faction}{active}{me}", data_seat=seat, data_faction=faction),
        faction=faction,
        letter=faction_letter(faction, lang),
        name=seat_name(player, lang),
        mat_name=mat_name,
        tracks=join(tracks),
        stars=stars_html(player, lang),
        counts=counts_html(player, lang),
        mat=mat,
        abilities=abilities_html(player, lang),
        factory=factory,
        automa=automa_html(player, lang),
        objectives=objectives_html(player, lang) if seat == viewer else NOTHING,
    )


def players_inputs(view: dict) -> tuple:
    """All that ``players_html`` reads of the view, besides its other arguments: the
    page draws the panels again only when these change (``page_dom.Regions.set_drawn``)."""
    turn = view.get("turn", {})
    return (
        view["players"],
        view["turn_order"],
        view["structure_bonus"],
        view.get("pending", {}).get("seat"),
        turn.get("section"),
        turn.get("peek"),
    )


def players_html(
    view: dict,
    viewer: int | None,
    estimates: list[dict] | None,
    lang: str,
    mat_shown: bool = False,
    drawn: dict[str, Markup] | None = None,
) -> Markup:
    """Panels in turn order; the viewer's own panel first (without its compact mat when
    ``mat_shown``: the drawn one is shown, ``render_mat``).

    ``drawn``, kept by the caller from one call to the next, holds the panels drawn
    last by what they were drawn from: a panel whose player and turn are unchanged
    (the other seats' while one seat plays its turn) is taken from it, not drawn."""
    order = list(view["turn_order"])
    if viewer in order:
        order.remove(viewer)
        order.insert(0, viewer)
    by_seat = {e["seat"]: e for e in estimates or []}
    head = html(
        '<p class="bonus-tile" title="{tip}">{tile} {rule}</p>',
        tip=_tip("tip.structure_bonus", lang),
        tile=_tip("structure_bonus", lang, tile=text("tile." + view["structure_bonus"], lang)),
        rule=rule_link(f"tile.{view['structure_bonus']}", lang),
    )
    turn, seat_to_move = view.get("turn", {}), view.get("pending", {}).get("seat")
    panels = []
    kept: dict[str, Markup] = {}
    for s in order:
        estimate = by_seat.get(s)
        key = repr((view["players"][s], s, viewer, estimate, lang, mat_shown, seat_to_move))
        key += repr((turn.get("section"), turn.get("peek")))
        panel = drawn.get(key) if drawn is not None else None
        if panel is None:
            panel = player_html(view, s, viewer, estimate, lang, mat_shown)
        panels.append(kept.setdefault(key, panel))
    if drawn is not None:
        drawn.clear()
        drawn.update(kept)
    return head + triumph_html(view, lang) + join(panels)


# --- the shared triumph track ---------------------------------------------------


def _bar(name: str, value: int, top: int, lang: str, marks: tuple = ()) -> Markup:
    """A 0..top track with the value filled; ``marks`` are spaces where a tier starts."""
    cells = join(
        html(
            '<span class="cell{on}{tier}" data-n="{n}"></span>',
            on=" on" if n <= value else "",
            tier=" tier" if n in marks else "",
            n=n,
        )
        for n in range(top + 1)
    )
    return html(
        '<div class="bar bar-{name}" data-track="{name}" title="{tip}">'
        '<span class="bar-label">{label} {value}</span>'
        '<span class="bar-cells" role="meter" aria-valuemin="0" aria-valuemax="{top}" '
        'aria-valuenow="{value}" aria-label="{label}">{cells}</span></div>',
        name=name,
        tip=_tip(f"tip.{name}", lang),
        label=text(f"track.{name}", lang),
        value=value,
        top=top,
        cells=cells,
    )


def triumph_row(player: dict, lang: str) -> Markup:
    """One player's line of the triumph track: a marker per star space, then the bars.

    The spaces are the categories the rules let this player earn stars in, each as many
    times as the rules allow (``ui_helpers.star_track``); no limit adds a ∞."""
    stars = player["stars"]
    automa = player["controller"] == "automa"
    marks = []
    for category, (spaces, unlimited) in star_track(player).items():
        have = stars.get(category, 0)
        tip = _tip(f"star.{category}", lang)
        for i in range(max(have, spaces)):
            filled = i < have
            marks.append(
                html(
                    '<span class="tri{on}" data-cat="{cat}" title="{tip}">{mark}</span>',
                    on=" on" if filled else "",
                    cat=category,
                    tip=tip,
                    mark="★" if filled else "☆",
                )
            )
        if unlimited:
            marks.append(
                html(
                    '<span class="tri more" data-cat="{cat}" title="{tip}">∞</span>',
                    cat=category,
                    tip=_tip("triumph.unlimited", lang),
                )
            )
    tiers = tuple(low for low, *_ in POPULARITY_TIERS if low > 0)
    popularity = (
        NOTHING
        if automa
        else _bar("popularity", player["popularity"], POPULARITY_MAX, lang, marks=tiers)
    )
    return html(
        '<li class="tri-row f-{faction}" data-seat="{seat}"><span class="tri-name">{name}</span>'
        '<span class="tri-stars" aria-label="{stars_label}">{marks}</span>{power}{popularity}</li>',
        faction=player["faction"],
        seat=player["seat"],
        name=seat_name(player, lang),
        stars_label=_tip("track.stars", lang),
        marks=join(marks),
        power=_bar("power", player["power"], POWER_MAX, lang),
        popularity=popularity,
    )


def triumph_html(view: dict, lang: str) -> Markup:
    """The shared triumph track: every player's stars, power and popularity."""
    rows = join(triumph_row(view["players"][s], lang) for s in view["turn_order"])
    return html(
        '<details class="triumph" id="triumph" open><summary title="{tip}">{title}</summary>'
        '<ol class="tri-list">{rows}</ol></details>',
        tip=_tip("triumph.tip", lang),
        title=text("triumph.title", lang),
        rows=rows,
    )
