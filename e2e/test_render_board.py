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


def test_descriptions_name_terrain_coordinate_and_marker():
    cells = {h["id"]: h for h in SUMMARY["hexes"]}
    assert describe(cells["r4c3"]) == "Factory E4"
    assert describe(cells["r2c1"]) == "Tundra C2 · Encounter"
    assert describe(cells["r2c3"]) == "Tundra C4 · Tunnel"
    assert describe(cells["HB-crimea"]) == "Crimea home base"


def test_hexes_show_their_coordinate_and_the_edges_print_rows_and_columns():
    root = ET.fromstring(board_svg(SUMMARY))
    shown = {
        g.get("data-hex"): g.find("svg:text[@class='hex-id']", NS)
        for g in root.iter()
        if g.get("data-hex")
    }
    assert shown["r4c3"].text == "E4" and shown["r2c5"].text == "C6"
    assert shown["HB-crimea"] is None  # a home base shows its faction's letter
    edges = root.findall(".//svg:g[@class='edges']/svg:text", NS)
    by_side: dict[str, list[str]] = {}
    for label in edges:
        by_side.setdefault(label.get("class").split()[-1], []).append(label.text)
    # Row A and column 8 hold only home bases, which have no coordinate.
    assert by_side["edge-left"] == by_side["edge-right"] == list("BCDEFGHI")
    assert by_side["edge-top"] == by_side["edge-bottom"] == [str(n) for n in range(1, 8)]
    # A column's number stands straight above its hex in row B and below it in row H.
    x_of = {(label.get("class"), label.text): float(label.get("x")) for label in edges}
    for number, top_hex, bottom_hex in (("2", "r1c1", "r7c1"), ("6", "r1c5", "r7c5")):
        assert abs(x_of[("edge-label edge-top", number)] - LAYOUT.center(top_hex)[0]) < 0.1
        assert abs(x_of[("edge-label edge-bottom", number)] - LAYOUT.center(bottom_hex)[0]) < 0.1
    # A row's letter is level with the row, at both ends, inside the view box.
    x, y, w, h = LAYOUT.view_box()
    for label in edges:
        lx, ly = float(label.get("x")), float(label.get("y"))
        assert x < lx < x + w and y < ly < y + h
    left = {
        label.text: float(label.get("y")) for label in edges if "edge-left" in label.get("class")
    }
    assert left["E"] == LAYOUT.center("r4c3")[1]


def test_legend_is_well_formed():
    ET.fromstring(f"<div>{legend_html()}</div>")


def test_every_language_has_every_string():
    keys = set(strings.catalogue("en")._catalog)  # noqa: SLF001 (the stdlib keeps the entries there)
    assert len(keys) > 300
    for lang in strings.LANGUAGES:
        assert set(strings.catalogue(lang)._catalog) == keys, lang  # noqa: SLF001
