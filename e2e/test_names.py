"""End to end: the page names hexes, units and seats as players do, never by an id.

A game of one human against two Automas is played by clicks for a few rounds, in
English and then in Dutch. After every step, no text a player can read or hear (the
page's text, every ``title``, ``aria-label`` and SVG ``<title>``) holds an internal
hex id (``r2c5``, ``HB-nordic``); the board prints its row letters and column
numbers on its edges, and the two Automas are told apart in the log. Screenshots of
the board with its edge labels at 1366x768 and 390x844 go to e2e/artifacts/.
"""

from __future__ import annotations

import re

import pytest
from game_driver import UI_READY, choose, click, shot, start_game, state
from names import hex_label
from site_browser import open_page

pytestmark = pytest.mark.browser

INTERNAL_ID = re.compile(r"\br\d+c\d+\b|HB-")

#: Every text node (outside scripts and styles), title, aria-label and SVG title.
READ_TEXTS = """() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && !parent.closest('script, style, template')) out.push(node.data);
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [alt]')) {
        for (const name of ['title', 'aria-label', 'alt']) {
            if (el.hasAttribute(name)) out.push(el.getAttribute(name));
        }
    }
    out.push(document.title);
    return out;
}"""


def leaked_ids(page) -> list[str]:
    return [t.strip() for t in page.evaluate(READ_TEXTS) if INTERNAL_ID.search(t)]


def hover_a_target(page) -> None:
    """Hover a highlighted hex (or the Factory), so the info line names it too."""
    targets = state(page)["targets"]
    page.hover(f"#board [data-hex='{targets[0] if targets else 'r4c3'}']")


def play_steps(page, steps: int) -> list[str]:
    """Play the human seat skip-light for some steps (a unit move where offered), checking
    the page after each; returns the actions taken."""
    taken = []
    for _ in range(steps):
        info = state(page)
        if info["game"] != "on":
            break
        hover_a_target(page)
        assert leaked_ids(page) == [], (info, leaked_ids(page))
        taken.append(choose(page, info))
    return taken


@pytest.fixture()
def names_page(browser, site_url):
    loaded = open_page(browser, site_url, viewport={"width": 1366, "height": 768})
    loaded.page.wait_for_selector(UI_READY, state="attached")
    yield loaded
    loaded.page.context.close()


def test_no_internal_id_is_shown_and_the_board_prints_its_coordinates(names_page):
    page = names_page.page
    edges = page.eval_on_selector_all(
        "#board .edges text", "ts => ts.map(t => [t.classList[1], t.textContent])"
    )
    by_side: dict[str, list[str]] = {}
    for side, name in edges:
        by_side.setdefault(side, []).append(name)
    assert by_side["edge-left"] == by_side["edge-right"] == list("BCDEFGHI")
    assert by_side["edge-top"] == by_side["edge-bottom"] == [str(n) for n in range(1, 8)]
    assert page.text_content("#board [data-hex='r4c3'] .hex-id") == "E4"
    assert page.get_attribute("#board [data-hex='r4c3']", "aria-label") == "Factory E4"

    start_game(
        page,
        [
            {"controller": "human", "faction": "nordic"},
            {"controller": "automa", "level": "automa", "faction": "rusviet"},
            {"controller": "automa", "level": "automa", "faction": "crimea"},
        ],
        seed=11,
    )
    assert leaked_ids(page) == []
    page.set_viewport_size({"width": 1366, "height": 768})
    shot(page, "names-board-1366")
    # Move first: the unit and destination buttons and the move's log line name hexes.
    sections = page.locator("#decision [data-action^='section:']")
    move = next(
        sections.nth(i).get_attribute("data-action")
        for i in range(sections.count())
        if "Move" in sections.nth(i).inner_text()
    )
    click(page, f"#decision [data-action='{move}']")
    play_steps(page, 16)  # (a skip-light turn is two steps: the end comes by itself)
    log = page.inner_text("#log")
    assert "Automa (Rusviet)" in log and "Automa (Crimea)" in log, log
    # The Automas' explanation lines say whose they are.
    lines = page.eval_on_selector_all("#log li.ev-automa", "ls => ls.map(l => l.textContent)")
    assert lines and all(line.startswith("Automa (") for line in lines), lines[:5]
    assert leaked_ids(page) == []

    click(page, "#lang")
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.get_attribute("#board [data-hex='r4c3']", "aria-label") == "Fabriek E4"
    play_steps(page, 12)
    assert leaked_ids(page) == []
    info_line = page.inner_text("#hex-info")
    assert not INTERNAL_ID.search(info_line)
    page.hover("#board [data-hex='r2c5']")
    assert page.inner_text("#hex-info").startswith(hex_label("r2c5", "nl"))

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    shot(page, "names-board-390")
    assert names_page.console_errors == []
