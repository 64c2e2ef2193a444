"""Lighter saves in Chromium: how many complete games its localStorage holds, before
and now (``tests/test_save_size.py`` counts the characters; this fills a real storage).

The same complete game's entry, as this version stores it (packed) and as earlier
versions did (its JSON object), is written under new keys until Chromium refuses
(``QuotaExceededError``); at least 5 times as many must fit now.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from site_browser import open_page

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from saves_helpers import (  # noqa: E402
    DAY1,
    GAMES,
    FakeStorage,
    complete_game,
    legacy_text,
    stored_entry,
)
from storage import SaveStore  # noqa: E402

pytestmark = pytest.mark.browser

FILL = """([prefix, value]) => {
    localStorage.clear();
    let n = 0;
    try { for (;;) { localStorage.setItem(prefix + n, value); n++; } } catch (e) {
        if (e.name !== 'QuotaExceededError') throw e;
    }
    const back = localStorage.getItem(prefix + 0) === value;
    localStorage.clear();
    return [n, back];
}"""


def test_five_times_as_many_complete_games_fit_in_chromiums_storage(browser, site_url):
    game = complete_game(*GAMES["solo vs Automa"])  # the shortest: the least to gain
    saves = SaveStore(FakeStorage(), "scythe:/:save.")
    info = saves.autosave(game, DAY1)
    key = f"scythe:/:save.{info.id}"
    packed = saves.storage.getItem(key)
    old = legacy_text(stored_entry(saves.storage, key))
    loaded = open_page(browser, site_url, ready=None)
    page = loaded.page
    try:
        fit_now, kept = page.evaluate(FILL, [key[:-4], packed])
        fit_before, _ = page.evaluate(FILL, [key[:-4], old])
    finally:
        page.context.close()
    print(f"complete games in Chromium's storage: {fit_now} now, {fit_before} before")
    assert kept, "the packed entry reads back exactly"
    assert fit_now >= 5 * fit_before, (fit_now, fit_before)
