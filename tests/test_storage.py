"""web/storage.py under CPython: saves in a fake localStorage, damaged entries, full storage.

Whatever a stored entry holds, the store raises only SaveError. Files are tested in
test_save_files.py, share links in test_share_links.py.
"""

from __future__ import annotations

import doctest
import json

import pytest
import save_format
import storage
from hypothesis import given
from hypothesis import strategies as st
from saves_helpers import (
    DAY1,
    DAY2,
    DAY3,
    FUZZ,
    WRITERS,
    FakeStorage,
    legacy_text,
    only_save_error,
    played,
    same_game,
    stored_entry,
)
from storage import SaveError, SaveStore

from scythe_core import RecordError, legal_actions, new_game
from scythe_core.engine import apply_in_place
from scythe_core.model import rng as prng


@pytest.fixture
def saves() -> SaveStore:
    return SaveStore(FakeStorage())


@pytest.mark.parametrize("module", [storage, save_format], ids=lambda m: m.__name__)
def test_the_module_docstring_examples_run(module):
    assert doctest.testmod(module).failed == 0


# --------------------------------------------------------------- autosave, resume


def test_autosave_after_every_decision_then_resume_gives_the_same_game(saves):
    state = new_game({"seed": 11, "seats": [{"faction": "nordic"}, {"faction": "rusviet"}]})
    info = saves.autosave(state, DAY1)
    chooser = prng.seed_state(11)
    for _ in range(40):
        chooser, pick = prng.randbelow(chooser, len(legal_actions(state)))
        apply_in_place(state, legal_actions(state)[pick])
        assert saves.autosave(state, DAY2, game_id=info.id).id == info.id
    assert same_game(saves.resume(info.id), state)
    [listed] = saves.list().games
    assert (listed.id, listed.decisions, listed.round) == (info.id, 40, state.round)
    assert listed.factions == ("nordic", "rusviet")
    assert (listed.created, listed.updated) == (DAY1, DAY2)


def test_a_save_holds_the_engine_record_with_its_format_and_rules_versions(saves):
    state = played(3, 12)
    info = saves.autosave(state, DAY1)
    raw = saves.storage.getItem(f"scythe.save.{info.id}")
    assert raw.startswith("S2"), "stored packed"
    stored = stored_entry(saves.storage, f"scythe.save.{info.id}")
    assert stored["record"] == {
        "format": 1,
        "rules": stored["record"]["rules"],
        "setup": state.setup,
        "actions": state.history,
    }
    assert saves.load_record(info.id)["actions"] == state.history


def test_several_games_are_listed_newest_first_with_their_facts(saves):
    solo = [{"faction": "saxony"}, {"controller": "automa", "level": "automa"}]
    a = saves.autosave(played(1, 5), DAY1, name="Morning game")
    b = saves.autosave(played(2, 30, solo), DAY3)
    c = saves.autosave(played(3, 9), DAY2)
    listing = saves.list()
    assert [g.id for g in listing.games] == [b.id, c.id, a.id]
    assert listing.problems == []
    assert listing.games[2].name == "Morning game"
    assert listing.games[0].seats[1] == {
        "faction": listing.games[0].factions[1],
        "controller": "automa",
        "level": "automa",
    }
    assert listing.games[0].to_dict()["factions"][0] == "saxony"
    assert json.loads(json.dumps(listing.games[0].to_dict()))["id"] == b.id


def test_autosave_keeps_the_name_and_creation_date_of_a_saved_game(saves):
    state = played(4, 3)
    info = saves.autosave(state, DAY1)
    saves.rename(info.id, "  Rematch  ")
    apply_in_place(state, legal_actions(state)[0])
    again = saves.autosave(state, DAY3, game_id=info.id)
    assert (again.name, again.created, again.updated) == ("Rematch", DAY1, DAY3)
    assert saves.autosave(state, DAY3, game_id=info.id, name="Final").name == "Final"


def test_rename_and_delete(saves):
    keep = saves.autosave(played(5, 2), DAY1)
    gone = saves.autosave(played(6, 2), DAY2)
    assert saves.rename(keep.id, "Kept").name == "Kept"
    raw = saves.delete(gone.id)
    assert isinstance(raw, str) and saves.delete(gone.id) is None
    saves.restore(gone.id, raw)  # Undo puts back exactly what was there
    assert saves.info(gone.id) == gone
    with pytest.raises(SaveError):
        saves.restore(gone.id, raw)  # never over a save of that name
    saves.delete(gone.id)
    assert [g.name for g in saves.list().games] == ["Kept"]
    for bad in ("", "   ", "x" * 81):
        with pytest.raises(SaveError) as err:
            saves.rename(keep.id, bad)
        assert err.value.code == "bad_name"
    with pytest.raises(SaveError) as err:
        saves.resume(gone.id)
    assert err.value.code == "not_found"


def test_a_date_must_be_an_iso_string(saves):
    for bad in ("yesterday", "", None, 20261122):
        with pytest.raises(SaveError) as err:
            saves.autosave(played(1, 0), bad)
        assert err.value.code == "bad_date"


def test_other_keys_in_the_storage_are_ignored_and_kept(saves):
    saves.storage.setItem("theme", "dark")
    saves.storage.setItem("scythe.settings", "{}")
    saves.autosave(played(1, 1), DAY1)
    assert len(saves.list().games) == 1 and saves.list().problems == []
    assert saves.storage.getItem("theme") == "dark"


def test_a_javascript_null_from_get_item_counts_as_missing():
    class JsNull:  # what Pyodide hands back for null: falsy, and not None
        def __bool__(self):
            return False

    class NullStorage(FakeStorage):
        def getItem(self, key):
            return self.items.get(key, JsNull())

    saves = SaveStore(NullStorage())
    with pytest.raises(SaveError) as err:
        saves.resume("abc")
    assert err.value.code == "not_found"
    info = saves.autosave(played(1, 2), DAY1)
    assert saves.resume(info.id).history == played(1, 2).history


# ------------------------------------------------------------ damaged entries


@pytest.mark.parametrize(
    "damage, code",
    [
        (lambda text: text[: len(text) // 2], "damaged"),
        (lambda text: "", "damaged"),
        (lambda text: "not json {", "damaged"),
        (lambda text: "[" * 100_000, "damaged"),
        (lambda text: text.replace('"kind":"scythe-save"', '"kind":"other"'), "damaged"),
        (lambda text: text.replace('"round":', '"round":"x","r":'), "damaged"),
        (lambda text: text.replace('"format":1,"id"', '"format":9,"id"'), "newer"),
        (lambda text: text.replace('"actions":[', '"actions":[7,'), "damaged"),
    ],
)
def test_a_damaged_save_is_reported_and_skipped_and_the_others_are_untouched(damage, code):
    """An entry as earlier versions stored it (its JSON object), damaged."""
    saves = SaveStore(FakeStorage())
    good = saves.autosave(played(1, 20), DAY1)
    bad = saves.autosave(played(2, 20), DAY2)
    key = f"scythe.save.{bad.id}"
    broken = damage(legacy_text(stored_entry(saves.storage, key)))
    saves.storage.setItem(key, broken)
    before = dict(saves.storage.items)
    listing = saves.list()
    assert [g.id for g in listing.games] == [good.id]
    [problem] = listing.problems
    assert (problem.key, problem.id, problem.code) == (key, bad.id, code)
    assert bad.id in problem.message
    with pytest.raises(SaveError) as err:
        saves.resume(bad.id)
    assert err.value.code == code
    assert saves.storage.items == before  # reading changed nothing
    assert same_game(saves.resume(good.id), played(1, 20))
    assert saves.delete(bad.id) is not None and saves.list().problems == []


@pytest.mark.parametrize("write", WRITERS.values(), ids=WRITERS)
def test_a_save_whose_decisions_do_not_replay_is_reported_on_resume(saves, write):
    info = saves.autosave(played(1, 10), DAY1)
    key = f"scythe.save.{info.id}"
    entry = stored_entry(saves.storage, key)
    entry["record"]["actions"][3] = "fly:r4c3"
    saves.storage.setItem(key, write(entry))
    with pytest.raises(SaveError, match="decision 4") as err:
        saves.resume(info.id)
    assert err.value.code == "damaged"


@pytest.mark.parametrize(
    "damage, code",
    [
        (lambda text: text[: len(text) // 2], "damaged"),
        (lambda text: text[:-1], "damaged"),
        (lambda text: text[:5] + chr(ord(text[5]) ^ 1) + text[6:], "damaged"),
        (lambda text: text + "\u3400", "damaged"),
        (lambda text: text.replace("S2", "S3", 1), "newer"),
        (lambda text: text.replace("S2", "S", 1), "damaged"),
        (lambda text: "S2x", "damaged"),
        (lambda text: "S2", "damaged"),
    ],
)
def test_a_damaged_packed_save_is_reported_and_skipped_and_the_others_are_untouched(damage, code):
    saves = SaveStore(FakeStorage())
    good = saves.autosave(played(1, 20), DAY1)
    bad = saves.autosave(played(2, 20), DAY2)
    key = f"scythe.save.{bad.id}"
    saves.storage.setItem(key, damage(saves.storage.getItem(key)))
    before = dict(saves.storage.items)
    listing = saves.list()
    assert [g.id for g in listing.games] == [good.id]
    assert [(p.id, p.code) for p in listing.problems] == [(bad.id, code)]
    with pytest.raises(SaveError) as err:
        saves.resume(bad.id)
    assert err.value.code == code
    assert saves.storage.items == before
    assert same_game(saves.resume(good.id), played(1, 20))


def test_a_save_of_an_earlier_version_resumes_and_is_packed_when_listed(saves):
    state = played(5, 30)
    entry = save_format.make_entry("old1", "Old game", state, DAY1, DAY1)
    saves.storage.setItem("scythe.save.old1", legacy_text(entry))
    assert same_game(saves.resume("old1"), state), "read as it is"
    assert saves.storage.getItem("scythe.save.old1") == legacy_text(entry)
    [listed] = saves.list().games
    assert (listed.id, listed.name, listed.decisions) == ("old1", "Old game", 30)
    packed = saves.storage.getItem("scythe.save.old1")
    assert packed.startswith("S2") and save_format.parse_entry(packed, "old1") == entry
    assert same_game(saves.resume("old1"), state)
    assert saves.find(state).id == "old1"
    later = played(5, 31)
    saves.autosave(later, DAY2, game_id="old1", expected=state.history)
    raw = saves.storage.getItem("scythe.save.old1")
    assert raw.startswith("S2") and len(raw) * 4 < len(legacy_text(entry))
    [listed] = saves.list().games
    assert (listed.name, listed.created, listed.updated) == ("Old game", DAY1, DAY2)
    assert same_game(saves.resume("old1"), later)


def test_a_save_of_an_earlier_version_under_another_games_key_is_damaged(saves):
    one = saves.autosave(played(1, 1), DAY1)
    entry = stored_entry(saves.storage, f"scythe.save.{one.id}")
    saves.storage.setItem("scythe.save.zz", legacy_text(entry))
    assert [p.id for p in saves.list().problems] == ["zz"]


# ---------------------------------------------------------------- full storage


def test_a_full_storage_gives_a_clear_message_and_keeps_the_previous_save():
    state = played(7, 10)
    storage = FakeStorage()
    saves = SaveStore(storage)
    other = saves.autosave(played(8, 10), DAY1)
    info = saves.autosave(state, DAY1)
    before = dict(storage.items)
    storage.capacity = sum(len(k) + len(v) for k, v in before.items()) + 10
    later = played(7, 200)
    with pytest.raises(SaveError) as err:
        saves.autosave(later, DAY2, game_id=info.id)
    assert err.value.code == "storage_full"
    assert "full" in err.value.message and "previous save is kept" in err.value.message
    assert storage.items == before
    assert same_game(saves.resume(info.id), state)
    assert same_game(saves.resume(other.id), played(8, 10))
    with pytest.raises(SaveError) as err:
        saves.autosave(played(9, 50), DAY2)  # a new game does not fit either
    assert err.value.code == "storage_full" and storage.items == before


def test_a_full_storage_during_an_import_adds_nothing():
    source = SaveStore(FakeStorage())
    for seed in (1, 2, 3):
        source.autosave(played(seed, 30), DAY1)
    text = source.export_text()
    storage = FakeStorage()
    saves = SaveStore(storage)
    mine = saves.autosave(played(9, 5), DAY1)
    before = dict(storage.items)
    one_game = max(len(k) + len(v) for k, v in source.storage.items.items())
    storage.capacity = sum(len(k) + len(v) for k, v in before.items()) + 3 * one_game // 2
    with pytest.raises(SaveError) as err:
        saves.import_text(text, DAY2)
    assert err.value.code == "storage_full"
    assert storage.items == before
    assert [g.id for g in saves.list().games] == [mine.id]


def test_storage_that_refuses_to_work_gives_a_clear_error():
    class Blocked(FakeStorage):
        def getItem(self, key):
            raise RuntimeError("SecurityError: access is denied for this document")

        @property
        def length(self):
            raise RuntimeError("SecurityError: access is denied for this document")

    saves = SaveStore(Blocked())
    for call in (saves.list, lambda: saves.resume("abc"), lambda: saves.delete("abc")):
        with pytest.raises(SaveError) as err:
            call()
        assert err.value.code == "storage_unavailable"


def test_save_error_is_a_record_error():
    assert issubclass(SaveError, RecordError) and issubclass(SaveError, ValueError)


# ---------------------------------------------------------------------- fuzzing


@FUZZ
@given(st.text(max_size=300))
def test_fuzzed_stored_entries_are_reported_not_raised(text):
    saves = SaveStore(FakeStorage())
    good = saves.autosave(played(1, 3), DAY1)
    saves.storage.setItem("scythe.save.fuzz", text)
    listing = saves.list()
    assert [g.id for g in listing.games] == [good.id]
    assert [p.id for p in listing.problems] == ["fuzz"]
    only_save_error(saves.resume, "fuzz")
    only_save_error(saves.autosave, played(1, 4), DAY2, "fuzz")


def test_a_save_of_an_earlier_version_that_does_not_pack_whole_stays_as_it_is(saves):
    entry = save_format.make_entry("old2", "Old game", played(5, 10), DAY1, DAY1)
    entry["from_a_later_tool"] = True  # would be lost: not packed
    saves.storage.setItem("scythe.save.old2", legacy_text(entry))
    assert [g.id for g in saves.list().games] == ["old2"]
    assert saves.storage.getItem("scythe.save.old2") == legacy_text(entry)


def test_a_save_of_an_earlier_version_stays_as_it_is_when_the_storage_is_full():
    storage = FakeStorage()
    saves = SaveStore(storage)
    entry = save_format.make_entry("old3", "Old game", played(5, 10), DAY1, DAY1)
    storage.setItem("scythe.save.old3", legacy_text(entry))
    storage.capacity = 0  # every write refused
    assert [g.id for g in saves.list().games] == ["old3"]
    assert storage.getItem("scythe.save.old3") == legacy_text(entry)
