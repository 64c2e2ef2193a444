"""Issue 14, "how it is judged": typical turns by clicks on the mat and the board.

Seeded solo games against the Automa are played turn by turn the way a player would
(``typical_turns``): a section and its top action on the drawn mat, the bottom action
on the mat, hexes on the board. The clicks of each turn are counted: the median turn
without a Move takes at most 3 clicks, with a Move of one unit at most 5.
"""

from __future__ import annotations

import statistics

import pytest
from game_driver import UI_READY, start_game
from site_browser import open_page
from typical_turns import play_turns

pytestmark = pytest.mark.browser

SEEDS = (5, 11, 23)


def test_typical_turns_take_few_clicks(browser, site_url):
    turns = []
    for seed in SEEDS:
        loaded = open_page(browser, site_url, ready=UI_READY)
        page = loaded.page
        start_game(page, [{"controller": "human"}, {"controller": "automa"}], seed)
        turns += play_turns(page, 16)
        page.context.close()
    still = [t.clicks for t in turns if not t.moved]
    moving = [t.clicks for t in turns if t.moved]
    report = [(t.top, t.bottom, t.clicks) for t in turns]
    print(report)
    assert len(still) >= 12 and len(moving) >= 4, report
    # Every kind of bottom action was taken on the mat in these games.
    assert {t.bottom for t in turns} >= {"upgrade", "deploy", "build", "enlist"}, report
    assert statistics.median(still) <= 3, report
    assert statistics.median(moving) <= 5, report
