"""End to end: whole games in the page, played through clicks only.

A solo game against the Automa runs from the new-game screen to the score table.
The human seat moves one unit on the board in its first turn (click the unit's hex,
then a highlighted destination), then plays skip-heavy: it passes whenever the page
offers a pass, else clicks a highlighted hex, else the first button. Screenshots of
the start, the middle and the end go to e2e/artifacts/.
"""

from __future__ import annotations

import pytest
from game_driver import (
    UI_READY,
    act,
    click,
    click_hex,
    play_to_end,
    shot,
    start_game,
    state,
)
from site_browser import open_page

pytestmark = pytest.mark.browser


@pytest.fixture()
def game_page(browser, site_url):
    loaded = open_page(browser, site_url, viewport={"width": 1366, "height": 768})
    loaded.page.wait_for_selector(UI_READY, state="attached")
    yield loaded
    loaded.page.context.close()


def move_one_unit_on_the_board(page) -> None:
    """Pick the Move section, then a unit by its hex, then a highlighted destination."""
    sections = page.locator("#decision [data-action^='section:']")
    move = [
        sections.nth(i).get_attribute("data-action")
        for i in range(sections.count())
        if "Move" in sections.nth(i).inner_text()
    ][0]
    act(page, move)
    assert state(page)["pending"] == "top"
    act(page, "move")
    info = state(page)
    assert info["pending"] == "move" and info["targets"], info
    click_hex(page, info["targets"][0])
    if page.locator("#decision .hex-choice").count():
        click(page, "#decision .hex-choice [data-action^='unit:']")
    info = state(page)
    assert info["pending"] == "move_unit", info
    origin = page.get_attribute("#pieces .mark-from", "data-mark")
    destination = info["targets"][0]
    assert destination != origin
    click_hex(page, destination)
    stack = page.locator(f"#pieces .stack[data-at='{destination}'] .piece")
    assert stack.count() >= 1, "the moved unit is drawn on its new hex"


def test_a_solo_game_against_the_automa_reaches_the_score_screen(game_page):
    page = game_page.page
    shot(page, "01-new-game")
    start_game(
        page,
        [
            {"controller": "human", "faction": "nordic"},
            {"controller": "automa", "level": "ultimaszyna"},
        ],
        seed=5,
    )
    info = state(page)
    assert info["game"] == "on" and info["pending"] == "section", info
    assert info["actions"][:4] == [f"section:{i}" for i in range(4)]
    # Every unit is drawn: the Nordic character and two workers, the Automa's too.
    assert page.locator("#pieces .piece.character").count() == 2
    assert page.locator("#pieces .piece.worker").count() >= 2
    assert page.locator("#pieces .piece[data-piece='encounter']").count() == 11
    # Only the human's objectives are shown, with their texts.
    assert page.locator(".player[data-seat='0'] .objectives li").count() == 2
    assert page.locator(".player[data-seat='1'] .objectives").count() == 0
    shot(page, "02-start")
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    # Hovering a hex names what stands on it.
    home = page.get_attribute(".player[data-seat='0']", "data-faction")
    page.hover(f"#board [data-hex='HB-{home}']")
    assert "character" in page.inner_text("#hex-info")

    move_one_unit_on_the_board(page)

    def midgame(step: int) -> None:
        if step == 30:
            shot(page, "03-mid-game")

    steps = play_to_end(page, on_step=midgame)
    assert steps > 20
    assert page.locator("#score-table tbody tr").count() == 2
    totals = page.eval_on_selector_all(
        "#score-table td[data-col='total']", "els => els.map(e => Number(e.textContent))"
    )
    assert totals == sorted(totals, reverse=True)
    assert page.locator(".charts svg.chart").count() == 3
    log = page.inner_text("#log")
    assert "Automa" in log and "Round" in log
    shot(page, "04-scores")
    click(page, "#overlay [data-cmd='close-end']")  # look at the final board, then back
    assert page.locator("#overlay .end").count() == 0
    click(page, "#show-end")
    assert page.locator("#score-table").is_visible()
    assert game_page.console_errors == []
