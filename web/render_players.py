"""Player panels: tracks, stars, the player mat with live costs, the faction mat, the own
objectives. Pure Python, drawn from a ``player_view`` dict (secrets are already gone:
other seats' objectives and combat cards are plain counts there).
"""

from __future__ import annotations

from html import escape

from render_pieces import faction_letter
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


def _tip(key: str, lang: str, **values) -> str:
    return escape(text(key, lang, **RULE_NUMBERS, **values))


def track(name: str, value, lang: str, extra: str = "") -> str:
    return (
        f'<div class="trk trk-{name}" title="{_tip(f"tip.{name}", lang)}" data-track="{name}">'
        f"<dt>{escape(text(f'track.{name}', lang))}</dt><dd>{escape(str(value))}{extra}</dd></div>"
    )


def stars_html(player: dict, lang: str) -> str:
    chips = []
    for category, n in sorted(player["stars"].items()):
        for _ in range(n):
            chips.append(f'<span class="star" title="{_tip(f"star.{category}", lang)}">★</span>')
    empty = STARS_TO_END - len(chips)
    chips += ['<span class="star empty" aria-hidden="true">☆</span>'] * max(0, empty)
    return f'<div class="stars" aria-label="{_tip("track.stars", lang)}">{"".join(chips)}</div>'


def _section_html(row: dict, player: dict, pending_section: int | None, lang: str) -> str:
    top, bottom, structure = row["top"], row["bottom"], row["structure"]
    amounts = " ".join(
        '<span class="amt{}" title="{}">{}</span>'.format(
            " up" if slot in row["upgraded"] else "", _tip("slot." + slot, lang), n
        )
        for slot, n in row["top_amounts"].items()
    )
    cost = ", ".join(str(n) + " " + text("res." + r, lang) for r, n in row["cost"].items())
    marks = []
    if row["built"]:
        marks.append(
            f'<span class="built" title="{_tip("structure." + structure, lang)}">'
            f"{_tip('structure.abbr.' + structure, lang)}</span>"
        )
    if row["recruit"]:
        bonus = text("res." + row["recruit_bonus"], lang)
        marks.append(
            f'<span class="recruit" title="{_tip("tip.recruit", lang, bonus=bonus)}">R</span>'
        )
    classes = "sec"
    if player["last_section"] == row["index"]:
        classes += " last"
    if pending_section == row["index"]:
        classes += " chosen"
    cubes = "■" * row["cubes"] + "□" * (row["cube_slots"] - row["cubes"])
    return (
        f'<div class="{classes}" data-section="{row["index"]}">'
        f'<div class="sec-top" title="{_tip("tip.top." + top, lang)}">'
        f"<b>{row['index'] + 1}</b> {_tip('top.' + top, lang)} {amounts}</div>"
        f'<div class="sec-bottom" title="{_tip("tip.bottom." + bottom, lang)}">'
        f"{_tip('bottom.' + bottom, lang)}: {escape(cost)} "
        f'<span class="coins-gain">+{row["coins"]}$</span> <span class="cubes">{cubes}</span>'
        f"</div><div class='sec-marks'>{''.join(marks)}</div></div>"
    )


def mat_html(player: dict, pending_section: int | None, lang: str) -> str:
    rows = mat_sections(player)
    if not rows:
        return ""
    cells = "".join(_section_html(row, player, pending_section, lang) for row in rows)
    return f'<div class="mat" aria-label="{_tip("mat.title", lang)}">{cells}</div>'


def counts_html(player: dict, lang: str) -> str:
    on_mat = sum(1 for w in player["workers"] if w is None)
    items = [
        ("workers_left", on_mat),
        ("mechs", f"{len(player['mechs'])}/{STAR_GOALS['mechs']}"),
        ("structures", f"{len(player['structures'])}/{STAR_GOALS['structures']}"),
        ("recruits", f"{len(player['recruits'])}/{STAR_GOALS['recruits']}"),
    ]
    if player["mat"]:
        items.append(("upgrades", f"{len(player['upgraded_top'])}/{STAR_GOALS['upgrades']}"))
    return "".join(
        f'<span class="cnt" title="{_tip("tip." + k, lang)}">{_tip("count." + k, lang)} {v}</span>'
        for k, v in items
    )


def abilities_html(player: dict, lang: str) -> str:
    if player["controller"] == "automa":
        return ""
    chips = []
    for row in faction_abilities(player):
        on = "on" if row["unlocked"] else "off"
        name = row["name"]
        chips.append(
            f'<span class="ability {on}" data-ability="{name}" '
            f'title="{_tip("ability." + name + ".tip", lang)}">{_tip("ability." + name, lang)}</span>'
        )
    used = [text("res." + b, lang) for b in player["recruits"].values()]
    if used:
        chips.append(
            f'<span class="ability on" title="{_tip("tip.one_time", lang)}">'
            f"{_tip('one_time', lang, list=', '.join(used))}</span>"
        )
    return f'<div class="abilities">{"".join(chips)}</div>'


def objectives_html(player: dict, lang: str) -> str:
    cards = player["objectives"]
    if not isinstance(cards, list) or not cards:
        return ""
    items = "".join(
        f'<li data-objective="{n}"><b>{n}</b> {escape(objective_text(n, lang))}</li>' for n in cards
    )
    return (
        f'<div class="objectives"><h4>{_tip("objectives.title", lang)}</h4><ul>{items}</ul></div>'
    )


def automa_html(player: dict, lang: str) -> str:
    a = player.get("automa")
    if not a:
        return ""
    info = _tip(
        "automa.info",
        lang,
        level=text("level." + str(player["level"]), lang),
        plan="I" if a["plan"] == 0 else "II",
        cube=a["cube"],
        deck=a["deck"],
    )
    return f'<p class="automa-info">{info}</p>'


def seen_cards_html(view: dict, seat: int, viewer: int | None, lang: str) -> str:
    """The combat cards the viewer looked at in this seat's hand this turn (promo card 31).

    The view holds them only for the seat that looked (``turn["peek"]["cards"]``)."""
    peek = view.get("turn", {}).get("peek")
    if not peek or "cards" not in peek or peek["target"] != seat or peek["seat"] != viewer:
        return ""
    cards = ", ".join(map(str, peek["cards"])) or text("reveal.no_cards", lang)
    return (
        f' <span class="seen" title="{_tip("tip.cards_seen", lang)}">'
        f"{_tip('cards.seen', lang, cards=cards)}</span>"
    )


def player_html(
    view: dict,
    seat: int,
    viewer: int | None,
    estimate: dict | None,
    lang: str,
    mat_shown: bool = False,
) -> str:
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
    parts = [
        f'<section class="player f-{faction}{active}{me}" data-seat="{seat}" data-faction="{faction}">',
        f'<h3><span class="badge f-{faction}">{faction_letter(faction, lang)}</span> '
        f"{escape(seat_name(player, lang))} <small>{escape(mat_name)}</small></h3>",
        '<dl class="tracks">',
        track("power", player["power"], lang),
        track("popularity", player["popularity"], lang),
        track("coins", player["coins"], lang),
        track("cards", card_value, lang, seen_cards_html(view, seat, viewer, lang)),
    ]
    if estimate is not None:
        parts.append(track("estimate", estimate["total"], lang))
    parts.append("</dl>")
    parts.append(stars_html(player, lang))
    parts.append(f'<div class="counts">{counts_html(player, lang)}</div>')
    if not (mat_shown and seat == viewer):  # the viewer's drawn mat is above (render_mat)
        parts.append(mat_html(player, section, lang))
    parts.append(abilities_html(player, lang))
    card = player["factory_card"]
    if card and player["controller"] == "automa":
        parts.append(f'<p class="factory-card">{_tip("factory.automa", lang)}</p>')
    elif card:
        line = _tip("factory.card", lang, n=card, text=factory_text(card, lang))
        parts.append(f'<p class="factory-card" title="{_tip("tip.factory_card", lang)}">{line}</p>')
    parts.append(automa_html(player, lang))
    if seat == viewer:
        parts.append(objectives_html(player, lang))
    parts.append("</section>")
    return "".join(parts)


def players_html(
    view: dict,
    viewer: int | None,
    estimates: list[dict] | None,
    lang: str,
    mat_shown: bool = False,
) -> str:
    """Panels in turn order; the viewer's own panel first (without its compact mat when
    ``mat_shown``: the drawn one is shown, ``render_mat``)."""
    order = list(view["turn_order"])
    if viewer in order:
        order.remove(viewer)
        order.insert(0, viewer)
    by_seat = {e["seat"]: e for e in estimates or []}
    tile = _tip("structure_bonus", lang, tile=text("tile." + view["structure_bonus"], lang))
    head = f'<p class="bonus-tile" title="{_tip("tip.structure_bonus", lang)}">{tile}</p>'

    panels = "".join(player_html(view, s, viewer, by_seat.get(s), lang, mat_shown) for s in order)
    return head + triumph_html(view, lang) + panels


# --- the shared triumph track ---------------------------------------------------


def _bar(name: str, value: int, top: int, lang: str, marks: tuple = ()) -> str:
    """A 0..top track with the value filled; ``marks`` are spaces where a tier starts."""
    cells = "".join(
        f'<span class="cell{" on" if n <= value else ""}{" tier" if n in marks else ""}"'
        f' data-n="{n}"></span>'
        for n in range(top + 1)
    )
    return (
        f'<div class="bar bar-{name}" data-track="{name}" title="{_tip(f"tip.{name}", lang)}">'
        f'<span class="bar-label">{escape(text(f"track.{name}", lang))} {value}</span>'
        f'<span class="bar-cells" role="meter" aria-valuemin="0" aria-valuemax="{top}" '
        f'aria-valuenow="{value}" aria-label="{_tip(f"track.{name}", lang)}">{cells}</span></div>'
    )


def triumph_row(player: dict, lang: str) -> str:
    """One player's line of the triumph track: a marker per star space, then the bars.

    The spaces are the categories the rules let this player earn stars in, each as many
    times as the rules allow (``ui_helpers.star_track``); no limit adds a ∞."""
    stars = player["stars"]
    automa = player["controller"] == "automa"
    marks = []
    for category, (spaces, unlimited) in star_track(player).items():
        have = stars.get(category, 0)
        slots = max(have, spaces)
        tip = _tip(f"star.{category}", lang)
        for i in range(slots):
            filled = i < have
            marks.append(
                f'<span class="tri{" on" if filled else ""}" data-cat="{category}" title="{tip}">'
                f"{'★' if filled else '☆'}</span>"
            )
        if unlimited:
            marks.append(
                f'<span class="tri more" data-cat="{category}" '
                f'title="{_tip("triumph.unlimited", lang)}">∞</span>'
            )
    tiers = tuple(low for low, *_ in POPULARITY_TIERS if low > 0)
    popularity = (
        ""
        if automa
        else _bar("popularity", player["popularity"], POPULARITY_MAX, lang, marks=tiers)
    )
    return (
        f'<li class="tri-row f-{escape(player["faction"])}" data-seat="{player["seat"]}">'
        f'<span class="tri-name">{escape(seat_name(player, lang))}</span>'
        f'<span class="tri-stars" aria-label="{_tip("track.stars", lang)}">{"".join(marks)}</span>'
        f"{_bar('power', player['power'], POWER_MAX, lang)}{popularity}</li>"
    )


def triumph_html(view: dict, lang: str) -> str:
    """The shared triumph track: every player's stars, power and popularity."""
    rows = "".join(triumph_row(view["players"][s], lang) for s in view["turn_order"])
    return (
        f'<details class="triumph" id="triumph" open>'
        f'<summary title="{_tip("triumph.tip", lang)}">{escape(text("triumph.title", lang))}</summary>'
        f'<ol class="tri-list">{rows}</ol></details>'
    )
