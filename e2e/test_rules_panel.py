"""The rules reference in the page: opened from a mat space and from an Automa log line,
it lands on the right paragraph in English and in Dutch, beside the board and without
leaving the game; its search filters the paragraphs; Escape closes it and gives the
focus back; axe-core finds nothing serious with it open. Screenshots at 390x844,
1024x768 and 1366x768 go to ``e2e/artifacts/rules-*.png``.
"""

from __future__ import annotations

import pytest
from game_driver import UI_READY, click, next_frame, shot, state
from site_browser import open_page
from test_accessibility import axe_problems

from scythe_core import apply, legal_actions, new_game
from scythe_core.io.links import encode_link

pytestmark = pytest.mark.browser

SIZES = {
    "390x844": {"width": 390, "height": 844},
    "1024x768": {"width": 1024, "height": 768},
    "1366x768": {"width": 1366, "height": 768},
}
#: What each "?" opens, and the paragraph's title in each language.
TITLES = {
    "ability.riverwalk": {"en": "Riverwalk", "nl": "Rivierloop"},
    "top.bolster": {"en": "Bolster", "nl": "Versterken"},
    "automa.turn": {"en": "The Automa's turn", "nl": "De beurt van de Automa"},
    "automa.moves": {"en": "The Automa's move symbols", "nl": "De beweegsymbolen van de Automa"},
}
MECH_SLOT = "#mat-box .mat-spot:has([data-part='mech:0']) .rule-link"
BOLSTER = "#mat-box .mat-col[data-section='1'] .mat-top .mat-name .rule-link"
CARD_DRAWN = "#decision .recent .log-ev[data-code='card_drawn'] .rule-link"
AUTOMA_MOVE = "#decision .recent .log-ev[data-code='symbol_valid'] .rule-link"


def after_automa_turn():
    """A solo game (Nordic on the Patriotic mat, Bolster in section 2) after the Automa's
    first turn: its log lines are in the game log."""
    game = new_game(
        {
            "seed": 5,
            "seats": [
                {"faction": "nordic", "mat": "patriotic"},
                {"controller": "automa", "level": "automa"},
            ],
        }
    )
    for action in ("section:1", "bolster:power", "skip", "end_turn", "automa:play"):
        assert action in legal_actions(game), (action, legal_actions(game))
        game = apply(game, action)
    return game


def opened(url: str, browser, size: str, touch: bool = False):
    loaded = open_page(
        browser, url, viewport=SIZES[size], ready=None, has_touch=touch, is_mobile=touch
    )
    loaded.page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
    return loaded


def open_rule(page, selector: str) -> str:
    """Click a "?" and wait for the reference; the paragraph it opened."""
    paragraph = page.get_attribute(selector, "data-rule")
    page.click(selector)
    page.wait_for_selector(f"body[data-rule='{paragraph}']", state="attached")
    page.wait_for_selector("#rules", state="visible")
    return paragraph


def landed_on(page) -> dict:
    """The paragraph that has the focus, its title, and whether it is in view in the panel."""
    return page.evaluate(
        """() => {
            const a = document.activeElement;
            const box = document.getElementById('rules-body').getBoundingClientRect();
            const r = a.getBoundingClientRect();
            return {para: a.dataset.para, current: a.classList.contains('current'),
                    title: a.querySelector('h4').textContent,
                    inView: r.top >= box.top - 1 && r.top < box.bottom};
        }"""
    )


def switch_language(page) -> None:
    if (
        page.evaluate("document.body.dataset.menu !== undefined")
        and page.locator("#menu-btn").is_visible()
    ):
        page.click("#menu-btn")
    click(page, "#lang")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_reference_opens_on_the_right_paragraph_in_both_languages(browser, site_url, size):
    phone = size == "390x844"
    loaded = opened(f"{site_url}#{encode_link(after_automa_turn())}", browser, size, phone)
    page = loaded.page
    assert state(page)["pending"] == "section"
    next_frame(page)
    board_before = page.locator("#board").bounding_box()
    if phone:  # the sheet as high as it goes, so the log is reachable
        for _ in range(3):
            if page.evaluate("document.body.dataset.sheet") == "high":
                break
            page.tap("#sheet-handle")
    for lang in ("en", "nl"):
        if lang == "nl":
            switch_language(page)
            assert page.evaluate("document.documentElement.lang") == "nl"
            # (the board's height follows the header's in the next frame)
            next_frame(page)
            board_before = page.locator("#board").bounding_box()
        for selector, paragraph in (
            (MECH_SLOT, "ability.riverwalk"),
            (BOLSTER, "top.bolster"),
            (CARD_DRAWN, "automa.turn"),
            (AUTOMA_MOVE, "automa.moves"),
        ):
            page.locator(selector).scroll_into_view_if_needed()
            assert open_rule(page, selector) == paragraph
            found = landed_on(page)
            assert found == {
                "para": paragraph,
                "current": True,
                "title": TITLES[paragraph][lang],
                "inView": True,
            }, (selector, found)
            if paragraph == "automa.turn":
                shot(page, f"rules-{size}-{lang}")
            if not phone:  # beside the board, not over it
                panel = page.locator("#rules").bounding_box()
                assert panel["x"] >= board_before["x"] + board_before["width"] - 1, panel
            # Escape closes it and the focus goes back to the "?" that opened it.
            page.keyboard.press("Escape")
            page.wait_for_selector("#rules", state="hidden")
            assert page.evaluate("document.activeElement.dataset.rule") == paragraph
    # The game is still there, untouched, beside the reference.
    assert state(page)["pending"] == "section"
    assert page.locator("#board").bounding_box() == board_before
    errors = [e for e in loaded.console_errors if "pageerror" in e or "Traceback" in e]
    assert errors == []
    page.context.close()


def test_search_keys_and_axe(browser, site_url):
    loaded = opened(f"{site_url}#{encode_link(after_automa_turn())}", browser, "1366x768")
    page = loaded.page
    # "?" opens the rules of the focused thing: here the prompt's decision, a turn.
    page.focus("#decision button[data-action='section:0']")
    page.keyboard.press("?")
    page.wait_for_selector("body[data-rule='turn']", state="attached")
    assert landed_on(page)["para"] == "turn"
    # The search keeps only the paragraphs with every word typed, chapters and all.
    page.fill("#rules-search", "river")
    shown = page.eval_on_selector_all(
        "#rules [data-para]:not([hidden])", "ps => ps.map(p => p.dataset.para)"
    )
    assert {"move.rivers", "ability.swim", "ability.riverwalk"} <= set(shown)
    assert "scoring" not in shown and len(shown) < 15
    assert page.locator("#rules .rules-chapter[data-chapter='end']").is_hidden()
    assert page.inner_text("#rules-count") == f"{len(shown)} paragraphs"
    page.fill("#rules-search", "qqqzzz")
    assert page.inner_text("#rules-count") == "Nothing found: try another word."
    shot(page, "rules-search")
    # A card's paragraph links to its deck's: the link inside keeps the first opener.
    page.fill("#rules-search", "")
    page.click("#rules [data-para='objective.1'] .rule-jump")
    page.wait_for_selector("body[data-rule='objectives']", state="attached")
    assert axe_problems(page, "rules reference") == []
    # Escape from the search box closes the reference too; the focus goes back.
    page.focus("#rules-search")
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules", state="hidden")
    assert page.evaluate("document.activeElement.dataset.action") == "section:0"
    # The header's Rules button opens it at what is being decided.
    page.click("#rules-open")
    page.wait_for_selector("body[data-rule='turn']", state="attached")
    page.click("#rules-close")
    page.wait_for_selector("#rules", state="hidden")
    assert page.evaluate("document.activeElement.id") == "rules-open"
    page.context.close()
