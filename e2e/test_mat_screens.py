"""Screenshots of the drawn mat and of decisions made on it, in English and Dutch.

Seeded solo games are played in CPython to the decision wanted (a choice of section,
an Upgrade, a Produce, a Move); each opens in the page from its link at 1366x768, the
parts the decision is made on are checked to be lit, and the screen is saved to
``e2e/artifacts/mat_<decision>_<lang>.png``.
"""

from __future__ import annotations

import random

import pytest
from game_driver import UI_READY, click, shot, state
from site_browser import open_page

from scythe_core import apply_in_place, legal_actions, new_game, to_move
from scythe_core.io.links import encode_link
from scythe_core.model.actions import verb_of

pytestmark = pytest.mark.browser

#: Decision -> (the pending kind, a verb among its legal actions, what is lit).
WANTED = {
    "section": ("section", "section", "#own-mat button.mp.lit[data-then]"),
    "upgrade": ("bottom", "upgrade", "#own-mat button.mp.lit[data-part^='slot:']"),
    "produce": ("top", "produce", "#decision [data-toggle]"),
    "move": ("move", "unit", "#decision [data-action^='unit:'], #decision [data-pick]"),
}


def game_at(kind: str, verb: str):
    """A solo game played at random (trades and bottom actions first) to the decision."""
    for seed in range(60):
        game = new_game(
            {"seed": seed, "seats": [{"controller": "human"}, {"controller": "automa"}]}
        )
        choices = random.Random(seed)
        while not game.game_over and len(game.history) < 300:
            legal = legal_actions(game)
            if (
                to_move(game) == 0
                and game.pending.get("kind") == kind
                and any(verb_of(a) == verb for a in legal)
                and len(game.history) > 20
            ):
                return game
            keen = [a for a in legal if verb_of(a) in ("upgrade", "trade", "gain")]
            apply_in_place(game, choices.choice(keen or legal))
    raise AssertionError(f"no game reached {kind} with {verb}")


@pytest.mark.parametrize("decision", list(WANTED))
def test_the_mat_and_its_decisions_on_screen(browser, site_url, decision):
    kind, verb, lit = WANTED[decision]
    game = game_at(kind, verb)
    loaded = open_page(
        browser,
        f"{site_url}#{encode_link(game)}",
        viewport={"width": 1366, "height": 768},
        ready=UI_READY,
    )
    page = loaded.page
    for lang in ("en", "nl"):
        if lang == "nl":
            click(page, "#lang")
        assert state(page)["pending"] == kind
        assert page.locator(lit).count() >= 1, (decision, state(page))
        page.locator("#own-mat").scroll_into_view_if_needed()
        shot(page, f"mat_{decision}_{lang}")
    assert loaded.console_errors == []
    page.context.close()
