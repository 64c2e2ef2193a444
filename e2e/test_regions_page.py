"""The page redraws only what changed (``page_dom.Regions``), in Chromium: after every
click the page shows exactly what its regions' markup draws afresh, whatever was
patched element by element; a click leaves the other regions' elements as they were
(the same nodes, so the focus and scrolling stay); and no decision rewrites the address
(each ``history.replaceState`` would fetch and parse the favicon again).
"""

from __future__ import annotations

import random

import pytest
from game_driver import UI_READY, act, address_game, click, start_game, state
from site_browser import open_page

pytestmark = pytest.mark.browser

SOLO = [{"controller": "human"}, {"controller": "automa", "level": "automa"}]


def mismatched(page) -> list[str]:
    return page.evaluate("window.__scythe_regions_check()").split()


@pytest.fixture(scope="module")
def game_page(browser, site_url):
    loaded = open_page(browser, site_url, viewport={"width": 1366, "height": 768}, ready=UI_READY)
    yield loaded
    loaded.page.context.close()


def test_after_every_click_the_regions_show_their_markup(game_page):
    page = game_page.page
    start_game(page, SOLO, seed=9)
    chooser = random.Random(9)
    for step in range(60):
        info = state(page)
        if info["game"] == "over":
            break
        act(page, chooser.choice(info["actions"]))
        assert mismatched(page) == [], step
        if step == 20:
            click(page, "#lang")  # every word changes: patched all the same
            assert mismatched(page) == []
        if step == 30:
            click(page, "#open-saves")
            assert mismatched(page) == []
            click(page, "#close-saves")
            assert mismatched(page) == []
    assert game_page.console_errors == []


def test_a_click_leaves_the_elements_that_did_not_change(game_page):
    page = game_page.page
    page.goto("about:blank")
    page.goto(game_page.url)
    page.wait_for_selector(UI_READY, state="attached")
    start_game(page, SOLO, seed=10)
    page.evaluate("window.__kept = [...document.querySelectorAll('#players section.player')]")
    info = state(page)
    passive = [a for a in info["actions"] if a in ("skip", "end_turn", "done")]
    act(page, (passive or info["actions"])[0])
    kept = page.evaluate("window.__kept.filter((node) => node.isConnected).length")
    assert kept >= 1, "a player's panel that did not change is the same element"
    assert mismatched(page) == []


def test_decisions_do_not_fetch_the_favicon_and_the_address_follows_when_looked_at(
    game_page,
):
    page = game_page.page
    fetched: list[str] = []
    page.on("request", lambda r: "favicon" in r.url and fetched.append(r.url))
    hash_before = page.evaluate("location.hash")
    for _ in range(8):
        info = state(page)
        if info["game"] == "over":
            break
        passive = [a for a in info["actions"] if a in ("skip", "end_turn", "done")]
        act(page, (passive or info["actions"])[0])
    page.wait_for_timeout(300)
    assert fetched == [], "no history.replaceState per decision"
    assert page.evaluate("location.hash") == hash_before
    assert address_game(page) != hash_before, "up to date once the player turns to it"


def test_a_click_paints_its_answer_first_and_the_rest_after_that_frame(game_page):
    """A click draws its answer (the decision, the board, the mat) in its own task; the
    log, the players' panels and the header follow in a task after the next painted
    frame, and only then does ``body[data-renders]`` (what the tests wait for) count
    the render: whatever a test reads after waiting is the whole page."""
    page = game_page.page
    page.goto("about:blank")
    page.goto(game_page.url)
    page.wait_for_selector(UI_READY, state="attached")
    start_game(page, SOLO, seed=11)
    seen = page.evaluate(
        """() => new Promise((done) => {
            const read = () => ({
                renders: document.body.dataset.renders,
                log: document.querySelectorAll('#log li').length,
                decision: document.getElementById('decision').innerHTML,
                round: document.getElementById('game-status').textContent,
            });
            const before = read();
            document.querySelector('#decision [data-action]').click();
            const answered = read();
            requestAnimationFrame(() => setTimeout(() => setTimeout(
                () => done({before, answered, settled: read()}))));
        })"""
    )
    before, answered, settled = seen["before"], seen["answered"], seen["settled"]
    assert answered["decision"] != before["decision"], "the answer is drawn at once"
    assert answered["renders"] == before["renders"], "not counted before the rest is drawn"
    assert answered["log"] == before["log"], "the log follows after the frame"
    assert int(settled["renders"]) > int(before["renders"])
    assert settled["log"] > before["log"]
    assert settled["decision"] == answered["decision"]
    assert mismatched(page) == []
