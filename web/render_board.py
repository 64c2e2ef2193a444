"""The board as SVG markup, built from ``scythe_core.data.board.board_summary()``.

Pure Python (no browser objects), so it runs and is tested under plain CPython too.
Each hex is a focusable ``<g class="hex" data-hex="r4c3" tabindex="0">`` with a
``<title>``; rivers are ``<line class="river">`` on the shared edge of two hexes.
Pieces (units, structures, resources, encounter tokens) go into ``<g id="pieces">``,
drawn by ``render_pieces``. Markup only through ``markup`` (every value escaped).
"""

from __future__ import annotations

import math

from board_layout import SIZE, BoardLayout, points_attr
from markup import Markup, html, join
from names import hex_label
from render_pieces import hex_contents
from strings import seat_name, text

from scythe_core.io.hex_names import hex_coordinate

SVG_NS = "http://www.w3.org/2000/svg"
TERRAINS = ("mountain", "farm", "village", "forest", "tundra", "lake", "factory")
MARKERS = ("tunnel", "encounter")


def describe(cell: dict) -> str:
    """One line naming a hex: terrain and coordinate (or home base) and any marker."""
    if cell["terrain"] == "home":
        return text("home_base", faction=faction_name(cell["id"]))
    parts = [hex_label(cell["id"])]
    parts += [text(f"marker.{m}") for m in MARKERS if cell.get(m)]
    return " · ".join(parts)


def faction_of(hid: str) -> str:
    """``HB-nordic`` -> ``nordic``."""
    return hid.split("-", 1)[1].lower()


def faction_name(hid: str) -> str:
    return text(f"faction.{faction_of(hid)}")


def _star(points: int = 5, outer: float = 28, inner: float = 12) -> str:
    coords = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        coords.append((radius * math.cos(angle), radius * math.sin(angle)))
    return points_attr(coords)


# Marker art, drawn in a 100 x 100 box centred on the origin.
SYMBOLS = {
    "tunnel": Markup(
        '<path class="sym-tunnel" fill-rule="evenodd" d="M-42,34 V0 A42,42 0 0 1 42,0 V34 Z '
        'M-22,34 V4 A22,22 0 0 1 22,4 V34 Z"/>'
    ),
    "encounter": html(
        '<circle class="sym-encounter" r="40"/>'
        '<polygon class="sym-encounter-star" points="{points}"/>',
        points=_star(),
    ),
    "factory": Markup(
        '<path class="sym-factory" d="M-44,36 V-4 L-22,-24 V-4 L0,-24 V-4 L22,-24 V-4 H28 '
        'V-42 H40 V36 Z"/>'
    ),
}


#: Each terrain's own texture, so that no terrain is told by its colour alone: a tile
#: (width, height, art) repeated over the hex. Trees, peaks, furrows, houses, tussocks,
#: waves, and a riveted plate under the Factory's own icon. The strokes and fills take
#: their colour from ``.pat-*`` rules in style.css (a darker or lighter ink per terrain,
#: stronger in the high-contrast palette).
PATTERNS = {
    "forest": (
        18,
        20,
        Markup(
            '<path class="ink" d="M4.5,1 L8.5,8 H6 L9,13 H0 L3,8 H0.5 Z"/>'
            '<rect class="ink" x="3.7" y="13" width="1.6" height="2.5"/>'
            '<path class="ink" d="M13.5,10 L17.5,17 H15 L18,22 H9 L12,17 H9.5 Z"/>'
        ),
    ),
    "mountain": (
        26,
        18,
        Markup(
            '<path class="ink-line" d="M1,15 L8,4 L12,10 L16,5 L24,15"/>'
            '<path class="ink" d="M6.1,7 L8,4 L9.9,7 L8.7,6.3 L8,7.3 L7.3,6.3 Z"/>'
        ),
    ),
    "farm": (
        9,
        9,
        Markup(
            '<path class="ink-line" d="M-1,7.5 H10"/><path class="ink-dot" d="M2,3 h1 M6.5,3 h1"/>'
        ),
    ),
    "village": (
        22,
        20,
        Markup(
            '<path class="ink" d="M2,9 L6.5,4.5 L11,9 V15 H2 Z M8.5,15 V11.5 H6 V15 Z"/>'
            '<path class="ink" d="M13,19 L17,15 L21,19 V24 H13 Z"/>'
        ),
    ),
    "tundra": (
        20,
        16,
        Markup(
            '<path class="ink-line" d="M3,11 Q4,8 2,5 M5,11 V4 M7,11 Q6,8 8,5"/>'
            '<path class="ink-line" d="M13,19 Q14,16 12,13 M15,19 V12 M17,19 Q16,16 18,13"/>'
        ),
    ),
    "lake": (
        20,
        10,
        Markup('<path class="ink-line" d="M0,5 Q2.5,2 5,5 T10,5 T15,5 T20,5"/>'),
    ),
    "factory": (
        12,
        12,
        Markup(
            '<path class="ink-line" d="M0,0 H12 M0,0 V12"/>'
            '<circle class="ink" cx="2" cy="2" r="0.9"/><circle class="ink" cx="8" cy="8" r="0.9"/>'
        ),
    ),
}


def pattern_id(terrain: str) -> str:
    """The id of a terrain's texture in the board's ``<defs>``: ``pat-forest``."""
    return f"pat-{terrain}"


def pattern_defs() -> Markup:
    """One ``<pattern>`` per terrain, tiled in board units (``userSpaceOnUse``)."""
    return join(
        html(
            '<pattern id="{id}" class="pat pat-{terrain}" patternUnits="userSpaceOnUse" '
            'width="{w}" height="{h}">{art}</pattern>',
            id=pattern_id(terrain),
            terrain=terrain,
            w=w,
            h=h,
            art=art,
        )
        for terrain, (w, h, art) in PATTERNS.items()
    )


def symbol_defs() -> Markup:
    symbols = join(
        html('<symbol id="sym-{name}" viewBox="-50 -50 100 100">{art}</symbol>', name=n, art=art)
        for n, art in SYMBOLS.items()
    )
    return html("<defs>{patterns}{symbols}</defs>", patterns=pattern_defs(), symbols=symbols)


def _use(symbol: str, cx: float, cy: float, size: float) -> Markup:
    return html(
        '<use href="#sym-{symbol}" x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}"/>',
        symbol=symbol,
        x=cx - size / 2,
        y=cy - size / 2,
        size=size,
    )


def hex_markup(cell: dict, layout: BoardLayout) -> Markup:
    hid = cell["id"]
    label = describe(cell)
    cx, cy = layout.center(hid)
    common = html(
        'data-hex="{hid}" tabindex="0" role="img" aria-label="{label}"', hid=hid, label=label
    )
    if cell["terrain"] == "home":
        faction = faction_of(hid)
        return html(
            '<g class="hex home faction-{faction}" data-terrain="home" '
            'data-faction="{faction}" {common}><title>{label}</title>'
            '<polygon class="cell" points="{points}"/>'
            '<circle class="home-base" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}"/>'
            '<text class="home-letter" x="{cx:.1f}" y="{cy:.1f}">{letter}</text></g>',
            faction=faction,
            common=common,
            label=label,
            points=points_attr(layout.corners(hid)),
            cx=cx,
            cy=cy,
            r=SIZE * 0.74,
            letter=faction_name(hid)[:1],
        )
    parts = []
    for marker in ("factory", "tunnel"):
        if cell.get(marker):
            size = SIZE * (1.0 if marker == "factory" else 0.72)
            parts.append(_use(marker, cx, cy - SIZE * 0.12, size))
    if cell.get("encounter"):
        # The printed spot; the token itself is a piece (``render_pieces``), gone once taken.
        parts.append(
            html(
                '<circle class="enc-spot" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}"/>',
                cx=cx,
                cy=cy - SIZE * 0.12,
                r=SIZE * 0.3,
            )
        )
    return html(
        '<g class="hex t-{terrain}" data-terrain="{terrain}" {common}><title>{label}</title>'
        '<polygon class="cell" points="{points}"/>'
        '<polygon class="texture" points="{points}" fill="url(#{pattern})"/>{parts}'
        '<text class="hex-id" x="{cx:.1f}" y="{y:.1f}" aria-hidden="true">{coordinate}</text>'
        "</g>",
        terrain=cell["terrain"],
        common=common,
        label=label,
        points=points_attr(layout.corners(hid, 0.97)),
        pattern=pattern_id(cell["terrain"]),
        parts=join(parts),
        cx=cx,
        y=cy + SIZE * 0.56,
        coordinate=hex_coordinate(hid) or "",
    )


def river_markup(edge: list[str], layout: BoardLayout) -> Markup:
    (x1, y1), (x2, y2) = layout.shared_edge(edge[0], edge[1])
    return html(
        '<line class="river" data-edge="{edge}" '
        'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>',
        edge="|".join(edge),
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
    )


def edges_markup(layout: BoardLayout) -> Markup:
    """The coordinates on the board's edges: each row's letter at both ends of the row,
    each column's number above and below the board (``BoardLayout.edge_labels``)."""
    items = join(
        html(
            '<text class="edge-label edge-{side}" x="{x:.1f}" y="{y:.1f}">{name}</text>',
            side=side,
            x=x,
            y=y,
            name=name,
        )
        for side, name, x, y in layout.edge_labels(hex_coordinate)
    )
    return html('<g class="edges" aria-hidden="true">{items}</g>', items=items)


def board_svg(summary: dict) -> Markup:
    """The whole board: hexes in reading order (so Tab follows it), then rivers."""
    layout = BoardLayout(summary["hexes"])
    x, y, w, h = layout.view_box()
    return html(
        '<svg xmlns="{ns}" id="board" class="board" viewBox="{x:.1f} {y:.1f} {w:.1f} {h:.1f}" '
        'role="group" aria-label="{title}">{defs}'
        '<g class="hexes">{hexes}</g><g class="rivers">{rivers}</g>{edges}'
        '<g id="pieces" class="pieces"></g>'
        '<polygon id="hex-cursor" class="hex-cursor" points="" visibility="hidden"/>'
        "</svg>",
        ns=SVG_NS,
        x=x,
        y=y,
        w=w,
        h=h,
        title=text("board.title"),
        defs=symbol_defs(),
        hexes=join(hex_markup(cell, layout) for cell in summary["hexes"]),
        rivers=join(river_markup(edge, layout) for edge in summary["rivers"]),
        edges=edges_markup(layout),
    )


def legend_html() -> Markup:
    """A legend for terrains (colour and texture, as on the board), markers, home bases
    and rivers."""
    items = [
        html(
            '<li><svg class="swatch-hex t-{t}" viewBox="0 0 36 36" aria-hidden="true">'
            '<rect class="cell" x="0.5" y="0.5" width="35" height="35" rx="4"/>'
            '<rect class="texture" x="0.5" y="0.5" width="35" height="35" rx="4" '
            'fill="url(#{pattern})"/></svg>{name}</li>',
            t=t,
            pattern=pattern_id(t),
            name=text(f"terrain.{t}"),
        )
        for t in TERRAINS
    ]
    items += [
        html(
            '<li><svg class="legend-icon" viewBox="-50 -50 100 100" aria-hidden="true">'
            '<use href="#sym-{m}" x="-50" y="-50" width="100" height="100"/></svg>{name}</li>',
            m=m,
            name=text(f"marker.{m}"),
        )
        for m in MARKERS
    ]
    items += [
        html(
            '<li><span class="swatch swatch-{kind}">{mark}</span>{name}</li>',
            kind=kind,
            mark=mark,
            name=text(f"legend.{kind}"),
        )
        for kind, mark in (("home", ""), ("river", ""), ("pieces", "◆"))
    ]
    return html(
        "<h2>{title}</h2><ul>{items}</ul>"
        '<details id="territories-box" class="territories">'
        '<summary id="territories-title">{list_title}</summary>'
        '<ul id="territories" class="territory-list"></ul></details>'
        '<div id="announce" class="visually-hidden" role="status" aria-live="polite"></div>',
        title=text("legend.title"),
        items=join(items),
        list_title=text("territories.title"),
    )


def territories_html(
    view: dict | None, control: dict[str, int | None], lang: str | None = None
) -> Markup:
    """The board read as a list, for screen readers and anyone who prefers words: a line
    per hex in reading order with its name, who controls it and what stands there.

    ``control``: hex -> seat or None (``scythe_core.io.ui_helpers.territory_control``);
    ``view``: the game's view (None before a game: the names alone)."""
    players = view["players"] if view else []
    rows = []
    for hid, seat in control.items():
        parts = [hex_label(hid, lang)]
        if seat is not None and seat < len(players):
            parts.append(text("territories.control", lang, name=seat_name(players[seat], lang)))
        contents = hex_contents(view, hid, lang)
        parts.append(contents or text("territories.empty", lang))
        rows.append(html('<li data-territory="{hid}">{line}</li>', hid=hid, line=" — ".join(parts)))
    return join(rows)
