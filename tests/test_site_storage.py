"""web/storage.py: keys of the site's own path, storage that refuses, saves across tabs.

Issue 13 cases 5 (no storage), 6 (a stale tab overwrote a newer save) and 11 (saves
keyed by origin only were shared by every site of the origin). The browser side of
each is in e2e/test_hostile_page.py.
"""

from __future__ import annotations

import pytest
from saves_helpers import DAY1, DAY2, DAY3, FakeStorage, played
from storage import (
    KEY_PREFIX,
    MemoryStorage,
    SaveError,
    SaveStore,
    adopt_legacy_saves,
    open_storage,
    site_prefix,
)

from scythe_core import apply, legal_actions


@pytest.mark.parametrize(
    ("path", "prefix"),
    [
        ("/", "scythe:/:"),
        ("/index.html", "scythe:/:"),
        ("/scythe", "scythe:/scythe/:"),
        ("/scythe/", "scythe:/scythe/:"),
        ("/scythe/index.html", "scythe:/scythe/:"),
        ("/other/scythe/", "scythe:/other/scythe/:"),
        ("", "scythe:/:"),
        (None, "scythe:/:"),
    ],
)
def test_each_site_path_has_its_own_keys(path, prefix):
    assert site_prefix(path) == prefix


def test_two_sites_of_one_origin_do_not_see_each_others_saves():
    shared = FakeStorage()
    mine = SaveStore(shared, site_prefix("/scythe/") + "save.")
    theirs = SaveStore(shared, site_prefix("/other/") + "save.")
    mine.autosave(played(1, 10), DAY1)
    assert len(mine.list().games) == 1
    assert theirs.list().games == [] and theirs.list().problems == []


def test_saves_of_earlier_versions_are_adopted_once_and_left_in_place():
    shared = FakeStorage()
    old = SaveStore(shared, KEY_PREFIX)
    first = old.autosave(played(1, 10), DAY1)
    second = old.autosave(played(2, 10), DAY2)
    prefix = site_prefix("/scythe/")
    new = SaveStore(shared, prefix + "save.")
    new.autosave(played(3, 5), DAY3, second.id)  # this site already has a game of that id
    assert adopt_legacy_saves(shared, prefix) == 1
    ids = {info.id: info.decisions for info in new.list().games}
    assert ids == {first.id: 10, second.id: 5}, "its own game is not overwritten"
    assert len(old.list().games) == 2, "another copy of the game can adopt them too"
    new.delete(first.id)
    assert adopt_legacy_saves(shared, prefix) == 0, "only once"
    assert [info.id for info in new.list().games] == [second.id]


class Refusing:
    """A window whose ``localStorage`` throws, as with blocked cookies."""

    @property
    def localStorage(self):  # noqa: N802 (the browser's name)
        raise RuntimeError("SecurityError: The operation is insecure.")


class Broken:
    length = property(lambda self: 1 / 0)


def test_a_browser_that_refuses_storage_gets_a_stand_in():
    for get in (lambda: Refusing().localStorage, Broken, lambda: None):
        storage, works = open_storage(get)
        assert not works and isinstance(storage, MemoryStorage)
    real = FakeStorage()
    assert open_storage(lambda: real) == (real, True)


def test_the_stand_in_keeps_saves_for_as_long_as_the_tab():
    saves = SaveStore(MemoryStorage(), site_prefix("/") + "save.")
    info = saves.autosave(played(4, 12), DAY1)
    assert saves.resume(info.id).history == played(4, 12).history
    assert [g.id for g in saves.list().games] == [info.id]
    assert saves.delete(info.id) is not None and saves.list().games == []


def test_a_tab_that_is_behind_does_not_overwrite_a_newer_save():
    shared = FakeStorage()
    saves = SaveStore(shared, "scythe:/:save.")
    base = played(5, 20)
    info = saves.autosave(base, DAY1)
    seen = list(base.history)  # what both tabs loaded
    ahead = played(5, 26)
    assert ahead.history[:20] == base.history
    saves.autosave(ahead, DAY2, info.id, expected=seen)  # tab A goes on: fine
    behind = apply(base, legal_actions(base)[-1])  # tab B, still at decision 20
    with pytest.raises(SaveError) as caught:
        saves.autosave(behind, DAY3, info.id, expected=seen)
    assert caught.value.code == "conflict" and caught.value.decisions == 26
    assert "26 decisions" in caught.value.message
    assert saves.info(info.id).decisions == 26, "the newer save is kept"
    copy = saves.autosave(behind, DAY3, name="Copy")
    assert copy.id != info.id and saves.info(info.id).decisions == 26


def test_a_tab_may_overwrite_what_it_saved_itself_after_an_undo_or_a_delete():
    saves = SaveStore(FakeStorage(), "scythe:/:save.")
    game = played(6, 15)
    info = saves.autosave(game, DAY1)
    shorter = played(6, 13)  # an undo in the same tab
    saves.autosave(shorter, DAY2, info.id, expected=list(game.history))
    assert saves.info(info.id).decisions == 13
    saves.delete(info.id)  # deleted from the saved-games screen of another tab
    saves.autosave(game, DAY3, info.id, expected=list(shorter.history))
    assert saves.info(info.id).decisions == 15
