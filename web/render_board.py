"""The board as SVG markup, built from ``scythe_core.data.board.board_summary()``.

Pure Python (no browser objects), so it runs and is tested under plain CPython too.
Each hex is a focusable ``<g class="hex" data-hex="r4c3" tabindex="0">`` with a
``<title>``; rivers are ``<line class="river">`` on the shared edge of two hexes.
Pieces (units, structures, resources, encounter tokens) go into ``<g id="pieces">``,
drawn by ``render_pieces``.
"""

from __future__ import annotations

import math
from html import escape

from board_layout import SIZE, BoardLayout, points_attr
from names import hex_label
from strings import text

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
    "tunnel": (
        '<path class="sym-tunnel" fill-rule="evenodd" d="M-42,34 V0 A42,42 0 0 1 42,0 V34 Z '
        'M-22,34 V4 A22,22 0 0 1 22,4 V34 Z"/>'
    ),
    "encounter": (
        '<circle class="sym-encounter" r="40"/>'
        f'<polygon class="sym-encounter-star" points="{_star()}"/>'
    ),
    "factory": (
        '<path class="sym-factory" d="M-44,36 V-4 L-22,-24 V-4 L0,-24 V-4 L22,-24 V-4 H28 '
        'V-42 H40 V36 Z"/>'
    ),
}


def symbol_defs() -> str:
    return (
        "<defs>"
        + "".join(
            f'<symbol id="sym-{name}" viewBox="-50 -50 100 100">{art}</symbol>'
            for name, art in SYMBOLS.items()
        )
        + "</defs>"
    )


def _use(symbol: str, cx: float, cy: float, size: float) -> str:
    return (
        f'<use href="#sym-{symbol}" x="{cx - size / 2:.1f}" y="{cy - size / 2:.1f}" '
        f'width="{size:.1f}" height="{size:.1f}"/>'
    )


def hex_markup(cell: dict, layout: BoardLayout) -> str:
    hid = cell["id"]
    label = escape(describe(cell))
    cx, cy = layout.center(hid)
    common = f'data-hex="{escape(hid)}" tabindex="0" role="img" aria-label="{label}"'
    if cell["terrain"] == "home":
        faction = escape(faction_of(hid))
        letter = escape(faction_name(hid)[:1])
        return (
            f'<g class="hex home faction-{faction}" data-terrain="home" '
            f'data-faction="{faction}" {common}><title>{label}</title>'
            f'<polygon class="cell" points="{points_attr(layout.corners(hid))}"/>'
            f'<circle class="home-base" cx="{cx:.1f}" cy="{cy:.1f}" r="{SIZE * 0.74:.1f}"/>'
            f'<text class="home-letter" x="{cx:.1f}" y="{cy:.1f}">{letter}</text></g>'
        )
    terrain = escape(cell["terrain"])
    parts = [
        f'<g class="hex t-{terrain}" data-terrain="{terrain}" {common}><title>{label}</title>',
        f'<polygon class="cell" points="{points_attr(layout.corners(hid, 0.97))}"/>',
    ]
    for marker in ("factory", "tunnel"):
        if cell.get(marker):
            size = SIZE * (1.0 if marker == "factory" else 0.72)
            parts.append(_use(marker, cx, cy - SIZE * 0.12, size))
    if cell.get("encounter"):
        # The printed spot; the token itself is a piece (``render_pieces``), gone once taken.
        parts.append(
            f'<circle class="enc-spot" cx="{cx:.1f}" cy="{cy - SIZE * 0.12:.1f}" r="{SIZE * 0.3:.1f}"/>'
        )
    parts.append(
        f'<text class="hex-id" x="{cx:.1f}" y="{cy + SIZE * 0.56:.1f}" aria-hidden="true">'
        f"{escape(hex_coordinate(hid) or '')}</text>"
    )
    parts.append("</g>")
    return "".join(parts)


def river_markup(edge: list[str], layout: BoardLayout) -> str:
    (x1, y1), (x2, y2) = layout.shared_edge(edge[0], edge[1])
    return (
        f'<line class="river" data-edge="{escape("|".join(edge))}" '
        f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>'
    )


def edges_markup(layout: BoardLayout) -> str:
    """The coordinates on the board's edges: each row's letter at both ends of the row,
    each column's number above and below the board (``BoardLayout.edge_labels``)."""
    items = "".join(
        f'<text class="edge-label edge-{side}" x="{x:.1f}" y="{y:.1f}">{escape(name)}</text>'
        for side, name, x, y in layout.edge_labels(hex_coordinate)
    )
    return f'<g class="edges" aria-hidden="true">{items}</g>'


def board_svg(summary: dict) -> str:
    """The whole board: hexes in reading order (so Tab follows it), then rivers."""
    layout = BoardLayout(summary["hexes"])
    x, y, w, h = layout.view_box()
    title = escape(text("board.title"))
    return "".join(
        [
            f'<svg xmlns="{SVG_NS}" id="board" class="board" viewBox="{x:.1f} {y:.1f} '
            f'{w:.1f} {h:.1f}" role="group" aria-label="{title}">',
            symbol_defs(),
            '<g class="hexes">',
            *(hex_markup(cell, layout) for cell in summary["hexes"]),
            '</g><g class="rivers">',
            *(river_markup(edge, layout) for edge in summary["rivers"]),
            "</g>",
            edges_markup(layout),
            '<g id="pieces" class="pieces"></g>',
            '<polygon id="hex-cursor" class="hex-cursor" points="" visibility="hidden"/>',
            "</svg>",
        ]
    )


def legend_html() -> str:
    """A legend for terrain colours, markers, home bases and rivers."""
    items = [
        f'<li><span class="swatch t-{t}"></span>{escape(text(f"terrain.{t}"))}</li>'
        for t in TERRAINS
    ]
    items += [
        f'<li><svg class="legend-icon" viewBox="-50 -50 100 100" aria-hidden="true">'
        f'<use href="#sym-{m}" x="-50" y="-50" width="100" height="100"/></svg>{escape(text(f"marker.{m}"))}</li>'
        for m in MARKERS
    ]
    items.append(f'<li><span class="swatch swatch-home"></span>{escape(text("legend.home"))}</li>')
    items.append(
        f'<li><span class="swatch swatch-river"></span>{escape(text("legend.river"))}</li>'
    )
    items.append(
        f'<li><span class="swatch swatch-pieces">◆</span>{escape(text("legend.pieces"))}</li>'
    )
    return f"<h2>{escape(text('legend.title'))}</h2><ul>{''.join(items)}</ul>"
