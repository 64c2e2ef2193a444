"""Lighter saves: at least 5 times as many complete games fit in the browser's storage.

A complete game is stored as its packed entry (``save_format.pack_entry``); versions
before it stored the entry's JSON object. The browser's storage counts characters, keys
and values alike (Chromium: 5,242,880 per site, whatever the characters' codes;
``e2e/test_save_size.py`` fills a real one), so the games that fit are the quota over
one game's key and entry. Both sizes are computed here from the same games.
"""

from __future__ import annotations

import pytest
from saves_helpers import (
    DAY1,
    DAY2,
    GAMES,
    QUOTA_CHARS,
    FakeStorage,
    complete_game,
    legacy_text,
    stored_entry,
)
from storage import SaveStore


def stored_chars(game) -> tuple[int, int]:
    """Characters (key and value) of one complete game saved now, and as saved before."""
    saves = SaveStore(FakeStorage(capacity=QUOTA_CHARS), "scythe:/scythe/:save.")
    info = saves.autosave(game, DAY1)
    saves.rename(info.id, "Sunday evening game")
    saves.autosave(game, DAY2, game_id=info.id)
    [(key, packed)] = saves.storage.items.items()
    old = legacy_text(stored_entry(saves.storage, key))
    return len(key) + len(packed), len(key) + len(old)


@pytest.mark.parametrize("name", GAMES)
def test_five_times_as_many_complete_games_fit_in_the_storage(name):
    game = complete_game(*GAMES[name])
    assert game.game_over
    now, before = stored_chars(game)
    fit_now, fit_before = QUOTA_CHARS // now, QUOTA_CHARS // before
    print(
        f"{name}: {len(game.history)} decisions, {now} characters stored "
        f"(before: {before}); {fit_now} games fit (before: {fit_before}), "
        f"{fit_now / fit_before:.1f}x (target >= 5x)"
    )
    assert fit_now >= 5 * fit_before, (now, before)


def test_a_packed_game_resumes_as_it_was_played():
    game = complete_game(*GAMES["three humans"])
    saves = SaveStore(FakeStorage(capacity=QUOTA_CHARS))
    info = saves.autosave(game, DAY1)
    assert saves.resume(info.id).history == game.history
    assert saves.find(game).id == info.id
