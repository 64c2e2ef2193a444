"""End to end: the built site in headless Chromium, served from 127.0.0.1 only."""

from __future__ import annotations

from collections import Counter
from urllib.parse import urlsplit

import pytest
from site_browser import is_loopback, open_page

from scythe_core.data.board import board_summary

pytestmark = pytest.mark.browser

SUMMARY = board_summary()


def count(page, selector: str) -> int:
    return page.locator(selector).count()


def test_page_reaches_ready_and_hides_the_progress_indicator(board_page):
    page = board_page.page
    assert page.get_attribute("body", "data-board-drawn") == "1"
    assert page.locator("#loading").is_hidden()
    assert page.evaluate("window.__t_board > 0")


def test_every_hex_of_the_board_is_drawn_with_its_terrain(board_page):
    page = board_page.page
    drawn = page.eval_on_selector_all(
        "[data-hex]", "els => els.map(e => [e.dataset.hex, e.dataset.terrain])"
    )
    assert sorted(map(tuple, drawn)) == sorted((h["id"], h["terrain"]) for h in SUMMARY["hexes"])
    terrains = Counter(terrain for _, terrain in drawn)
    assert len(drawn) - terrains["home"] == 47
    assert terrains["home"] == 7
    assert terrains["factory"] == 1
    assert terrains["lake"] == sum(h["terrain"] == "lake" for h in SUMMARY["hexes"])
    assert count(page, "g.hex[tabindex='0'] > title") == 54


def test_tunnels_encounters_and_factory_are_marked(board_page):
    page = board_page.page
    marked = page.eval_on_selector_all(
        "g.hex use", "els => els.map(e => [e.closest('[data-hex]').dataset.hex, e.href.baseVal])"
    )
    by_symbol: dict[str, set[str]] = {}
    for hid, href in marked:
        by_symbol.setdefault(href, set()).add(hid)
    assert by_symbol["#sym-tunnel"] == {h["id"] for h in SUMMARY["hexes"] if h["tunnel"]}
    assert len(by_symbol["#sym-tunnel"]) == 6
    assert by_symbol["#sym-factory"] == {"r4c3"}
    encounters = {h["id"] for h in SUMMARY["hexes"] if h["encounter"]}
    spots = page.eval_on_selector_all(
        "g.hex .enc-spot", "els => els.map(e => e.closest('[data-hex]').dataset.hex)"
    )
    assert set(spots) == encounters and len(encounters) == 11
    # Before a game starts, every spot holds its token (a piece, removed once taken).
    tokens = page.eval_on_selector_all(
        "#pieces .stack",
        "els => els.filter(e => e.querySelector('[data-piece=encounter]')).map(e => e.dataset.at)",
    )
    assert set(tokens) == encounters


def test_every_river_edge_is_drawn(board_page):
    edges = board_page.page.eval_on_selector_all(
        "line.river", "els => els.map(e => e.dataset.edge)"
    )
    assert len(edges) == 32
    assert sorted(edges) == sorted("|".join(edge) for edge in SUMMARY["rivers"])
    assert "r2c6|HB-rusviet" in edges


def test_hovering_a_hex_names_it(board_page):
    page = board_page.page
    page.hover("[data-hex='r4c3']")
    assert page.inner_text("#hex-info") == "Factory E4"
    page.hover("[data-hex='HB-nordic']")
    assert page.inner_text("#hex-info") == "Nordic home base"
    assert page.get_attribute("#hex-cursor", "visibility") == "visible"


def test_focusing_a_hex_names_it(board_page):
    page = board_page.page
    page.mouse.move(0, 0)
    page.focus("[data-hex='r2c1']")
    assert page.inner_text("#hex-info") == "Tundra C2 · Encounter"
    page.keyboard.press("Tab")  # reading order: the next hex is r2c2, a lake
    assert page.evaluate("document.activeElement.dataset.hex") == "r2c2"
    assert page.inner_text("#hex-info") == "Lake C3"


def test_no_console_errors_and_no_failed_requests(board_page):
    assert board_page.console_errors == []
    assert board_page.failed_responses == []


def test_no_request_leaves_loopback(board_page):
    assert board_page.requests, "the request log is empty"
    assert [url for url in board_page.requests if not is_loopback(url)] == []
    assert board_page.blocked == []
    names = {urlsplit(url).path.rsplit("/", 1)[-1] for url in board_page.requests}
    assert {"pyodide.asm.wasm", "python_stdlib.zip", "app.bin"} <= names
    # The page's modules, catalogues and wheel come inside app.bin, not one by one.
    assert not [n for n in names if n.endswith((".py", ".mo", ".whl"))], names


def test_the_site_works_under_a_sub_path(browser, subpath_site_url):
    loaded = open_page(browser, subpath_site_url)
    try:
        page = loaded.page
        assert count(page, "[data-hex]") == 54
        assert loaded.console_errors == [] and loaded.failed_responses == []
        paths = [urlsplit(url).path for url in loaded.requests if url.startswith("http")]
        assert all(path.startswith("/scythe/") for path in paths), paths
        assert [url for url in loaded.requests if not is_loopback(url)] == []
    finally:
        loaded.page.context.close()
