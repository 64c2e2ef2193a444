"""Accessibility in the page: axe-core finds no serious or critical violation, the
board reads as a list of territories, the dialogs hold and give back the focus, new
log lines are read out, and the high-contrast setting switches the board's palette.

axe-core is a pinned dev dependency (package.json); its script is evaluated in the
page through the DevTools protocol, which the page's Content-Security-Policy does not
govern (a <script> tag with inline code would be refused, as it should be).

The screens checked: the new-game screen, the saved-games screen, a decision, the
hand-over screen and the combat reveal of a hot-seat combat (found by seeded random
play under CPython and opened from its link), and the score table of a finished game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from game_driver import UI_READY, act, click, shot, state
from site_browser import open_page

from scythe_core import apply_in_place, legal_actions, new_game
from scythe_core.io.links import encode_link

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
HUMANS = [{"controller": "human"}, {"controller": "human"}]
VIEWPORT = {"width": 1366, "height": 768}


def axe_problems(page, what: str) -> list[str]:
    """Serious and critical violations axe-core finds in the page as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    results = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{what}: {v['impact']} {v['id']}: {v['help']} at "
        + json.dumps([n["target"] for n in v["nodes"]][:5])
        for v in results
        if v["impact"] in ("serious", "critical")
    ]


def played(config: dict, until, seed: int = 1, limit: int = 3000):
    """A game played with seeded random choices until ``until(state)`` (or its end)."""
    game, choices = new_game(config), random.Random(seed)
    while not game.game_over and not until(game) and len(game.history) < limit:
        apply_in_place(game, choices.choice(legal_actions(game)))
    return game


def at_combat():
    """A hot-seat game at a combat's first commit."""
    for seed in range(1, 60):
        game = played(
            {"seed": seed, "seats": HUMANS},
            lambda g: g.pending.get("kind") == "combat_commit",
            seed,
        )
        if game.pending.get("kind") == "combat_commit":
            return game
    raise AssertionError("no combat found")


def fresh(browser, url: str):
    loaded = open_page(browser, url, viewport=VIEWPORT, ready=None)
    loaded.page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
    return loaded


def commit(page) -> None:
    """Commit the combat's default choice (dial 0, no card) shown in the decision panel."""
    act(page, page.get_attribute("#decision [data-action^='commit:']", "data-action"))


def test_axe_finds_nothing_serious_on_any_screen(browser, site_url):
    assert AXE.exists(), "npm install (axe-core is a dev dependency)"
    problems = []
    # The new-game screen and the saved-games screen.
    loaded = fresh(browser, site_url)
    page = loaded.page
    problems += axe_problems(page, "new game")
    click(page, "#more-saves")
    problems += axe_problems(page, "saved games")
    click(page, "#close-saves")
    # A decision in a solo game.
    click(page, "#start")
    assert state(page)["actions"]
    problems += axe_problems(page, "decision")
    page.context.close()

    # A hot-seat combat: the hand-over screen, the commit, and the reveal.
    loaded = fresh(browser, f"{site_url}#{encode_link(at_combat())}")
    page = loaded.page
    assert state(page)["handover"]
    problems += axe_problems(page, "hand-over")
    click(page, "#handover-ready")
    problems += axe_problems(page, "combat decision")
    commit(page)
    click(page, "#handover-ready")
    commit(page)
    assert page.locator(".reveal[role='dialog']").is_visible()
    shot(page, "a11y-combat-reveal")
    problems += axe_problems(page, "combat reveal")
    page.context.close()

    # The score table of a finished game.
    finished = played({"seed": 11, "seats": HUMANS}, lambda g: False, limit=10**6)
    assert finished.game_over
    loaded = fresh(browser, f"{site_url}#{encode_link(finished)}")
    page = loaded.page
    assert page.locator("#overlay .end .scores").is_visible()
    problems += axe_problems(page, "scores")
    page.context.close()
    assert problems == [], "\n".join(problems)


def test_dialogs_hold_the_focus_and_log_lines_are_read_out(browser, site_url):
    loaded = fresh(browser, f"{site_url}#{encode_link(at_combat())}")
    page = loaded.page
    # The hand-over screen takes the focus and keeps it through Tab and Shift+Tab.
    assert page.evaluate("document.activeElement.id") == "handover-ready"
    for key in ("Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert page.evaluate("!!document.activeElement.closest('#overlay')"), key
    click(page, "#handover-ready")
    assert page.evaluate("!!document.activeElement.closest('#decision')"), "back to the game"
    commit(page)
    announced = page.inner_text("#announce")
    assert "commits power and cards" in announced, announced
    click(page, "#handover-ready")
    commit(page)
    # The defender's view hands over to the attacker with the combat reveal on top:
    # the focus goes round both.
    assert page.locator("#overlay .reveal").is_visible()
    for key in ("Tab", "Tab", "Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert page.evaluate("!!document.activeElement.closest('#overlay')"), key
    while state(page)["handover"]:
        click(page, "#handover-ready")
    # The next player's screen: the reveal holds the focus; Escape closes it and gives the
    # focus back to the game.
    assert page.evaluate("!!document.activeElement.closest('#decision .reveal')")
    for key in ("Tab", "Tab", "Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert page.evaluate("!!document.activeElement.closest('.reveal')"), key
    page.keyboard.press("Escape")
    page.wait_for_selector(".reveal", state="detached")
    assert page.evaluate("document.activeElement !== document.body")
    assert page.get_attribute("#decision", "aria-live") == "polite"
    assert [e for e in loaded.console_errors if "pageerror" in e or "Traceback" in e] == []
    page.context.close()


def test_the_board_reads_as_a_list_of_territories(browser, site_url):
    game = new_game({"seed": 3, "seats": HUMANS[:1] + [{"controller": "automa"}]})
    loaded = fresh(browser, f"{site_url}#{encode_link(game)}")
    page = loaded.page
    before = page.evaluate("document.body.dataset.renders")
    page.click("#territories-title")
    page.wait_for_selector("#territories li")
    assert page.evaluate("document.body.dataset.renders") == before, "no re-render needed"
    lines = page.locator("#territories li").all_inner_texts()
    assert len(lines) == 47  # every territory and lake of the board, not the home bases
    assert lines[0].startswith("Mountain B2")
    factory = next(line for line in lines if line.startswith("Factory E4"))
    assert "nothing there" in factory
    held = [line for line in lines if "controlled by" in line]
    assert len(held) >= 4, "each faction's two workers and its character's start"
    assert all("worker" in line or "character" in line or "mech" in line for line in held)
    page.context.close()


def test_high_contrast_is_a_kept_setting(browser, site_url):
    loaded = fresh(browser, site_url)
    page = loaded.page
    forest = "getComputedStyle(document.querySelector('.t-forest .cell')).fill"
    usual = page.evaluate(forest)
    assert not page.evaluate("document.documentElement.classList.contains('high-contrast')")
    page.check("#high-contrast")
    assert page.evaluate("document.documentElement.classList.contains('high-contrast')")
    assert page.evaluate(forest) != usual
    shot(page, "board-high-contrast")
    page.reload()
    page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
    assert page.is_checked("#high-contrast"), "kept"
    assert page.evaluate("document.documentElement.classList.contains('high-contrast')")
    page.uncheck("#high-contrast")
    assert page.evaluate(forest) == usual
    shot(page, "board-usual-palette")
    page.context.close()
