"""The page's drawing code under plain CPython (no browser): layout and SVG markup."""

from __future__ import annotations

import doctest
import math
import xml.etree.ElementTree as ET

import board_layout
import pytest
import render_board
import strings
from board_layout import SIZE, WIDTH, BoardLayout
from render_board import board_svg, describe, legend_html

from scythe_core.data.board import ADJACENT, board_summary

SUMMARY = board_summary()
LAYOUT = BoardLayout(SUMMARY["hexes"])
NS = {"svg": "http://www.w3.org/2000/svg"}


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.dist(a, b) < 1e-6


def rounded(p: tuple[float, float]) -> tuple[float, float]:
    return round(p[0], 6), round(p[1], 6)


@pytest.mark.parametrize("module", [board_layout, render_board, strings])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_engine_neighbours_touch_on_screen():
    """The pixel layout agrees with the engine's even-r adjacency, hex for hex."""
    for hid, neighbours in ADJACENT.items():
        for other in neighbours:
            assert math.dist(LAYOUT.center(hid), LAYOUT.center(other)) == pytest.approx(WIDTH)
    centers = [LAYOUT.center(h["id"]) for h in SUMMARY["hexes"]]
    closest = min(math.dist(a, b) for i, a in enumerate(centers) for b in centers[i + 1 :])
    assert closest == pytest.approx(WIDTH)  # no overlaps


def test_a_river_is_the_edge_both_hexes_share():
    for a, b in SUMMARY["rivers"]:
        edge_a = sorted(rounded(p) for p in LAYOUT.shared_edge(a, b))
        edge_b = sorted(rounded(p) for p in LAYOUT.shared_edge(b, a))
        assert all(close(p, q) for p, q in zip(edge_a, edge_b, strict=True)), (a, b)
        assert math.dist(*edge_a) == pytest.approx(SIZE)


def test_the_svg_is_well_formed_and_complete():
    root = ET.fromstring(board_svg(SUMMARY))
    hexes = root.findall(".//svg:g[@data-hex]", NS)
    assert [g.get("data-hex") for g in hexes] == [h["id"] for h in SUMMARY["hexes"]]
    assert all(g.get("tabindex") == "0" for g in hexes)
    assert all(
        g.find("svg:title", NS).text == describe(h)
        for g, h in zip(hexes, SUMMARY["hexes"], strict=True)
    )
    assert len(root.findall(".//svg:line[@class='river']", NS)) == 32
    x, y, w, h = LAYOUT.view_box()
    for hid in (h["id"] for h in SUMMARY["hexes"]):
        for cx, cy in LAYOUT.corners(hid):
            assert x <= cx <= x + w and y <= cy <= y + h


def test_descriptions_name_id_terrain_and_marker():
    cells = {h["id"]: h for h in SUMMARY["hexes"]}
    assert describe(cells["r4c3"]) == "r4c3 · Factory"
    assert describe(cells["r2c1"]) == "r2c1 · Tundra · Encounter"
    assert describe(cells["r2c3"]) == "r2c3 · Tundra · Tunnel"
    assert describe(cells["HB-crimea"]) == "HB-crimea · Crimea home base"


def test_legend_is_well_formed():
    ET.fromstring(f"<div>{legend_html()}</div>")


def test_every_language_has_every_string():
    keys = set(strings.catalogue("en")._catalog)  # noqa: SLF001 (the stdlib keeps the entries there)
    assert len(keys) > 300
    for lang in strings.LANGUAGES:
        assert set(strings.catalogue(lang)._catalog) == keys, lang  # noqa: SLF001
