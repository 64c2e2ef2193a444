"""The pieces on the board as SVG markup, from a ``player_view`` dict: units, structures,
resources and encounter tokens, plus the highlight of hexes named by legal actions.

Pure Python. Every piece shows its faction by colour *and* letter, and its kind by
shape: character = diamond, mech = square, worker = circle, structure = house. Markup
only through ``markup`` (every value escaped).

>>> view = {"players": [], "resources": {"r1c1": {"food": 2}}, "encounter_tokens": []}
>>> from board_layout import BoardLayout
>>> layout = BoardLayout([{"id": "r1c1", "row": 1, "col": 1}])
>>> 'data-resource="food"' in pieces_svg(view, layout)
True
"""

from __future__ import annotations

import math

from board_layout import SIZE, BoardLayout, points_attr
from markup import Markup, html, join
from names import unit_name
from strings import text

RESOURCE_ORDER = ("oil", "metal", "food", "wood")
STRUCTURE_ORDER = ("mine", "armory", "monument", "mill")

#: Piece art around the origin, about 16 units across.
SHAPES = {
    "character": Markup('<polygon class="body" points="0,-9 9,0 0,9 -9,0"/>'),
    "mech": Markup('<rect class="body" x="-7" y="-7" width="14" height="14" rx="2"/>'),
    "worker": Markup('<circle class="body" r="5.8"/>'),
    "structure": Markup('<polygon class="body" points="0,-9 8,-3 8,7 -8,7 -8,-3"/>'),
}
LETTER_Y = {"structure": 2.5, "worker": 0.3}


def faction_letter(faction: str, lang: str | None = None) -> str:
    return text(f"faction.{faction}", lang)[:1]


def hex_units(view: dict) -> dict[str, list[tuple[str, str, int]]]:
    """Hex -> [(faction, kind, count)] for characters, mechs and workers."""
    found: dict[str, dict[tuple[str, str], int]] = {}
    for p in view["players"]:
        spots = [("character", p["character"])]
        spots += [("mech", h) for h in p["mechs"]]
        spots += [("worker", h) for h in p["workers"]]
        for kind, hid in spots:
            if not hid:
                continue  # off the board (on the faction mat, or not deployed yet)
            bucket = found.setdefault(hid, {})
            bucket[(p["faction"], kind)] = bucket.get((p["faction"], kind), 0) + 1
    return {
        hid: [(faction, kind, n) for (faction, kind), n in bucket.items()]
        for hid, bucket in found.items()
    }


def pieces_inputs(view: dict) -> tuple:
    """All that ``pieces_svg`` reads of the view (``hex_items``: the units, structures,
    resources and encounter tokens), besides its other arguments: the page draws the
    pieces again only when these change (``page_dom.Regions.set_drawn``)."""
    units = [
        (p["faction"], p["character"], p["mechs"], p["workers"], p["structures"])
        for p in view["players"]
    ]
    return units, view["resources"], view["encounter_tokens"]


def hex_structures(view: dict) -> dict[str, list[tuple[str, str]]]:
    """Hex -> [(faction, structure)]."""
    found: dict[str, list[tuple[str, str]]] = {}
    for p in view["players"]:
        for name, hid in p["structures"].items():
            found.setdefault(hid, []).append((p["faction"], name))
    return found


def _unit(faction: str, kind: str, n: int, lang: str | None) -> Markup:
    count = Markup("")
    if n > 1:
        count = html(
            '<circle class="count" cx="7" cy="-7" r="4.6"/><text class="count-n" x="7" y="-6.6">'
            "{n}</text>",
            n=n,
        )
    return html(
        '<g class="piece {kind} f-{faction}" data-piece="{kind}" data-faction="{faction}" '
        'data-count="{n}"><title>{title}</title>{shape}'
        '<text class="ltr" y="{y}">{letter}</text>{count}</g>',
        kind=kind,
        faction=faction,
        n=n,
        title=unit_name(faction, kind, lang) + (f" ×{n}" if n > 1 else ""),
        shape=SHAPES[kind],
        y=LETTER_Y.get(kind, 0.5),
        letter=faction_letter(faction, lang),
        count=count,
    )


def _structure(faction: str, name: str, lang: str | None) -> Markup:
    title = text(
        "structure.of",
        lang,
        faction=text(f"faction.{faction}", lang),
        name=text(f"structure.{name}", lang),
    )
    return html(
        '<g class="piece structure f-{faction}" data-piece="structure" data-structure="{name}" '
        'data-faction="{faction}"><title>{title}</title>{shape}'
        '<text class="ltr" y="{y}">{letter}</text>'
        '<rect class="tag" x="-7" y="7.5" width="14" height="7" rx="2"/>'
        '<text class="tag-t" y="11.2">{abbr}</text></g>',
        faction=faction,
        name=name,
        title=title,
        shape=SHAPES["structure"],
        y=LETTER_Y["structure"],
        letter=faction_letter(faction, lang),
        abbr=text(f"structure.abbr.{name}", lang),
    )


def _resource(name: str, n: int, lang: str | None) -> Markup:
    return html(
        '<g class="piece res res-{name}" data-piece="resource" data-resource="{name}" '
        'data-count="{n}"><title>{n} × {resource}</title>'
        '<rect class="body" x="-8" y="-5.5" width="16" height="11" rx="3"/>'
        '<text class="ltr" y="0.4">{n}<tspan class="kind" dx="0.5">{letter}</tspan></text></g>',
        name=name,
        n=n,
        resource=text(f"res.{name}", lang),
        letter=text(f"res.letter.{name}", lang),
    )


TOKEN = Markup(
    '<g class="piece token" data-piece="encounter">'
    '<use href="#sym-encounter" x="-8" y="-8" width="16" height="16"/></g>'
)


#: How many drawn parts ``pieces_svg`` keeps at most (then it starts afresh).
KEPT_PARTS = 4000


def _kept(drawn: dict | None, key: tuple, draw, *args) -> Markup:
    """``draw(*args)``, kept in ``drawn`` under ``key`` (``key`` holds all ``args``)."""
    if drawn is None:
        return draw(*args)
    markup = drawn.get(key)
    if markup is None:
        if len(drawn) >= KEPT_PARTS:
            drawn.clear()
        markup = drawn[key] = draw(*args)
    return markup


def hex_items(
    view: dict, lang: str | None = None, drawn: dict | None = None
) -> dict[str, list[Markup]]:
    """Hex -> markup of each piece on it, in drawing order (``drawn``: see ``pieces_svg``)."""
    items: dict[str, list[Markup]] = {}
    for hid in view["encounter_tokens"]:
        items.setdefault(hid, []).append(TOKEN)
    for hid, found in hex_structures(view).items():
        items.setdefault(hid, []).extend(
            _kept(drawn, ("structure", f, s, lang), _structure, f, s, lang) for f, s in found
        )
    for hid, units in hex_units(view).items():
        items.setdefault(hid, []).extend(
            _kept(drawn, ("unit", f, k, n, lang), _unit, f, k, n, lang) for f, k, n in units
        )
    for hid, bucket in view["resources"].items():
        items.setdefault(hid, []).extend(
            _kept(drawn, ("resource", r, bucket[r], lang), _resource, r, bucket[r], lang)
            for r in RESOURCE_ORDER
            if bucket.get(r)
        )
    return items


def _grid(n: int) -> tuple[int, float]:
    """(columns, cell size) for n pieces in one hex (a piece is about 18 units at scale 1)."""
    if n <= 2:
        return n, 27.0
    if n <= 4:
        return 2, 24.0
    if n <= 6:
        return 3, 21.0
    if n <= 9:
        return 3, 17.0
    return 4, 14.0


def place(
    items: list[Markup],
    cx: float,
    cy: float,
    arriving: dict[int, tuple[float, float]] | None = None,
) -> Markup:
    """The items of one hex in a grid around (cx, cy). ``arriving``: item index -> the
    board point it slides in from (a short CSS animation, see ``.arrive`` in style.css)."""
    cols, cell = _grid(len(items))
    rows = math.ceil(len(items) / cols)
    scale = min(cell, 24.0) / 19.0
    out = []
    for i, markup in enumerate(items):
        row, col = divmod(i, cols)
        in_row = min(cols, len(items) - row * cols)
        x = cx + (col - (in_row - 1) / 2) * cell
        y = cy - 3 + (row - (rows - 1) / 2) * cell
        start = (arriving or {}).get(i)
        if start is not None:
            dx, dy = (start[0] - x) / scale, (start[1] - y) / scale
            # The page sets --dx/--dy from these (the Content-Security-Policy forbids
            # style attributes in markup): ui.start_arrivals.
            markup = html(
                '<g class="arrive" data-dx="{dx:.1f}" data-dy="{dy:.1f}">{markup}</g>',
                dx=dx,
                dy=dy,
                markup=markup,
            )
        out.append(
            html(
                '<g transform="translate({x:.1f} {y:.1f}) scale({scale:.2f})">{markup}</g>',
                x=x,
                y=y,
                scale=scale,
                markup=markup,
            )
        )
    return join(out)


def stack_center(layout: BoardLayout, hid: str) -> tuple[float, float]:
    """Where the pieces on a hex are centred (below a home base's big letter)."""
    cx, cy = layout.center(hid)
    return (cx, cy + SIZE * 0.55) if hid.startswith("HB-") else (cx, cy)


def _arriving_items(
    hid: str, items: list[Markup], arrivals: dict[tuple[str, str, str], str], layout: BoardLayout
) -> dict[int, tuple[float, float]]:
    """Which of a hex's items are units arriving from another hex, and from where."""
    found = {}
    for (dest, faction, kind), origin in arrivals.items():
        if dest != hid or origin not in layout.cells:
            continue
        needle = html('data-piece="{kind}" data-faction="{faction}"', kind=kind, faction=faction)
        for i, markup in enumerate(items):
            if needle in markup:
                found[i] = stack_center(layout, origin)
    return found


def pieces_svg(
    view: dict,
    layout: BoardLayout,
    marks: dict[str, str] | None = None,
    lang: str | None = None,
    arrivals: dict[tuple[str, str, str], str] | None = None,
    drawn: dict | None = None,
) -> Markup:
    """Markup for ``<g id="pieces">``: highlights under the pieces, then the pieces.

    ``arrivals`` maps (hex, faction, unit kind) to the hex that unit just came from;
    it is drawn sliding in from there. ``drawn`` (kept by the caller between draws, for
    one ``layout``) holds the pieces, stacks and highlights drawn before, each by what
    it is drawn from: a click changes a few of them, the others are taken from there."""
    out = []
    for hid, kind in (marks or {}).items():
        if hid in layout.cells:
            out.append(_kept(drawn, ("mark", hid, kind), _mark, hid, kind, layout))
    for hid, items in sorted(hex_items(view, lang, drawn).items()):
        if hid not in layout.cells:
            continue
        arriving = _arriving_items(hid, items, arrivals, layout) if arrivals else None
        if arriving:
            out.append(_stack(hid, tuple(items), layout, arriving))
        else:
            out.append(_kept(drawn, ("stack", hid, tuple(items)), _stack, hid, items, layout))
    return join(out)


def _mark(hid: str, kind: str, layout: BoardLayout) -> Markup:
    return html(
        '<polygon class="mark mark-{kind}" data-mark="{hid}" points="{points}"/>',
        kind=kind,
        hid=hid,
        points=points_attr(layout.corners(hid, 0.9)),
    )


def _stack(
    hid: str,
    items: list[Markup] | tuple[Markup, ...],
    layout: BoardLayout,
    arriving: dict[int, tuple[float, float]] | None = None,
) -> Markup:
    cx, cy = stack_center(layout, hid)
    return html(
        '<g class="stack" data-at="{hid}">{items}</g>',
        hid=hid,
        items=place(list(items), cx, cy, arriving),
    )


def hex_contents(view: dict | None, hid: str, lang: str | None = None) -> str:
    """Words for what stands on a hex (for the info line), or "" when nothing does."""
    if not view:
        return ""
    parts = []
    if hid in view["encounter_tokens"]:
        parts.append(text("piece.encounter", lang))
    for faction, name in hex_structures(view).get(hid, []):
        parts.append(
            text(
                "structure.of",
                lang,
                faction=text(f"faction.{faction}", lang),
                name=text(f"structure.{name}", lang),
            )
        )
    for faction, kind, n in hex_units(view).get(hid, []):
        unit = text(f"unit.{kind}" if n == 1 else f"unit.{kind}s", lang)
        parts.append(
            f"{text(f'faction.{faction}', lang)}: {n if n > 1 else ''}{' ' if n > 1 else ''}{unit}"
        )
    bucket = view["resources"].get(hid, {})
    parts += [f"{bucket[r]} {text(f'res.{r}', lang)}" for r in RESOURCE_ORDER if bucket.get(r)]
    return "; ".join(parts)


__all__ = ["SIZE", "hex_contents", "hex_items", "pieces_inputs", "pieces_svg"]
