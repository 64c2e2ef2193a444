"""Issue 14, "no needless prompts": the full benefit is taken unless the player asks to be asked.

A solo game is played (CPython) to a point where the human is asked how many coins
to take; its link opens in the page, which takes them all at once (and, the turn
having nothing left to decide, ends it). With "Ask how much" on, the page asks.
"""

from __future__ import annotations

import random

import pytest
from game_driver import UI_READY, address_game, state
from site_browser import open_page

from scythe_core import apply_in_place, legal_actions, new_game, to_move
from scythe_core.io.links import decode_link, encode_link

pytestmark = pytest.mark.browser


def asked_how_many_coins():
    """A solo game, played at random until the human is asked how many coins to take."""
    for seed in range(50):
        game = new_game(
            {"seed": seed, "seats": [{"controller": "human"}, {"controller": "automa"}]}
        )
        choices = random.Random(seed)
        while not game.game_over and len(game.history) < 400:
            if game.pending.get("kind") == "bottom_coins" and to_move(game) == 0:
                return game
            apply_in_place(game, choices.choice(legal_actions(game)))
    raise AssertionError("no game asked")


def test_coins_are_taken_in_full_unless_the_player_asks_to_be_asked(browser, site_url):
    game = asked_how_many_coins()
    most = max(legal_actions(game), key=lambda a: int(a.rpartition(":")[2]))
    loaded = open_page(browser, f"{site_url}#{encode_link(game)}", ready=UI_READY)
    page = loaded.page
    assert state(page)["pending"] != "bottom_coins", "not asked: taken in full"
    assert not page.is_checked("#ask-less")
    played = decode_link(address_game(page).lstrip("#"))
    asked_at = len(game.history)
    assert played.history[asked_at] == most, "the full amount, as the player would take it"
    assert played.turns_taken > game.turns_taken, "nothing else to decide: the turn ended"
    page.check("#ask-less")
    page.goto("about:blank")
    page.goto(f"{site_url}#{encode_link(game)}")
    page.wait_for_selector(UI_READY, state="attached")
    assert page.is_checked("#ask-less"), "the setting is kept"
    assert state(page)["pending"] == "bottom_coins", "asked"
    assert loaded.console_errors == []
    page.context.close()
