"""Export and Import under CPython (web/save_files.py through the store): files, bad input.

Whatever a file holds, Import raises only SaveError and adds all of its games or none.
"""

from __future__ import annotations

import doctest
import json

import pytest
import save_files
from hypothesis import given
from hypothesis import strategies as st
from save_format import SaveError, default_name
from saves_helpers import DAY1, DAY2, DAY3, FUZZ, FakeStorage, only_save_error, played, same_game
from storage import SaveStore


@pytest.fixture
def saves() -> SaveStore:
    return SaveStore(FakeStorage())


def test_the_module_docstring_example_runs():
    assert doctest.testmod(save_files).failed == 0


# ----------------------------------------------------------- export and import


def test_export_and_import_move_several_games_to_another_browser(saves):
    games = {seed: played(seed, 25 * seed) for seed in (1, 2, 3)}
    ids = {
        seed: saves.autosave(state, DAY1, name=f"Game {seed}").id for seed, state in games.items()
    }
    text = saves.export_text()
    elsewhere = SaveStore(FakeStorage())
    imported = elsewhere.import_text(text, DAY3)
    assert sorted(g.name for g in imported) == ["Game 1", "Game 2", "Game 3"]
    assert {g.id for g in imported} == set(ids.values())
    for seed, game_id in ids.items():
        assert same_game(elsewhere.resume(game_id), games[seed])
    assert elsewhere.list().games[0].updated == DAY1  # the file's dates are kept


def test_exporting_chosen_games_and_importing_one_game(saves):
    a = saves.autosave(played(1, 5), DAY1)
    saves.autosave(played(2, 5), DAY1)
    data = json.loads(saves.export_text([a.id]))
    assert [g["id"] for g in data["games"]] == [a.id]
    single = json.dumps(data["games"][0])
    elsewhere = SaveStore(FakeStorage())
    [info] = elsewhere.import_text(single, DAY2)
    assert info.id == a.id


def test_importing_a_game_already_saved_adds_no_copy(saves):
    info = saves.autosave(played(1, 15), DAY1)
    text = saves.export_text()
    assert [g.id for g in saves.import_text(text, DAY2)] == [info.id]
    assert len(saves.list().games) == 1


def test_an_imported_game_whose_id_is_taken_gets_a_new_one(saves):
    taken = saves.autosave(played(1, 15), DAY1)
    data = json.loads(saves.export_text())
    data["games"][0]["record"]["actions"] = list(played(1, 4).history)  # another game, same id
    [info] = saves.import_text(json.dumps(data), DAY2)
    assert info.id != taken.id
    assert len(saves.list().games) == 2
    assert same_game(saves.resume(info.id), played(1, 4))
    assert same_game(saves.resume(taken.id), played(1, 15))


def test_import_trusts_the_record_not_the_listed_facts(saves):
    source = SaveStore(FakeStorage())
    source.autosave(played(1, 30), DAY1)
    data = json.loads(source.export_text())
    data["games"][0].update(round=99, decisions=5, game_over=True, seats=[], name=" ")
    data["games"][0].update(created="long ago", id="../../etc")
    [info] = saves.import_text(json.dumps(data), DAY2)
    state = played(1, 30)
    assert (info.round, info.decisions, info.game_over) == (state.round, 30, False)
    assert len(info.seats) == 2 and info.name == default_name(state)
    assert info.created == DAY2 and info.id != "../../etc"


@pytest.mark.parametrize(
    "text, code, words",
    [
        ("", "bad_file", "not valid JSON"),
        ("hello", "bad_file", "not valid JSON"),
        ("[]", "bad_file", "not a saved-games file"),
        ('{"kind": "scythe-saves", "format": 1, "games": []}', "bad_file", "no games"),
        ('{"kind": "scythe-saves", "format": 2, "games": []}', "newer", "newer version"),
        ('{"kind": "scythe-saves", "format": 1, "games": [1]}', "bad_file", "Game 1"),
        ("[" * 50_000, "bad_file", "nested more than 32 levels deep"),
    ],
)
def test_a_bad_file_is_refused_with_a_clear_message(saves, text, code, words):
    saves.autosave(played(1, 1), DAY1)
    before = dict(saves.storage.items)
    with pytest.raises(SaveError, match=words) as err:
        saves.import_text(text, DAY2)
    assert err.value.code == code
    assert saves.storage.items == before


def test_a_file_with_one_bad_game_imports_nothing_and_names_the_game(saves):
    source = SaveStore(FakeStorage())
    source.autosave(played(1, 10), DAY1)
    source.autosave(played(2, 10), DAY2)
    data = json.loads(source.export_text())
    data["games"][1]["record"]["actions"][2] = "section:9"
    with pytest.raises(SaveError, match="Game 2 of the file") as err:
        saves.import_text(json.dumps(data), DAY3)
    assert err.value.code == "bad_file"
    assert saves.storage.items == {}
    data["games"][1]["record"]["format"] = 5
    with pytest.raises(SaveError, match="newer") as err:
        saves.import_text(json.dumps(data), DAY3)
    assert err.value.code == "newer"


# ---------------------------------------------------------------------- fuzzing

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=25,
)
FIELDS = ["kind", "format", "games", "id", "name", "created", "updated", "seats", "round"]
FIELDS += ["decisions", "game_over", "record", "setup", "actions", "rules", "seed"]


def valid_export() -> str:
    source = SaveStore(FakeStorage())
    source.autosave(played(1, 12), DAY1, name="One")
    source.autosave(played(2, 6), DAY2, name="Two")
    return source.export_text()


EXPORT = valid_export()


def check_import(text: str) -> None:
    saves = SaveStore(FakeStorage())
    imported = only_save_error(saves.import_text, text, DAY3)
    for info in imported or []:
        saves.resume(info.id)  # whatever got in replays
    if imported is None:
        assert saves.storage.items == {}


@FUZZ
@given(st.text(max_size=300))
def test_fuzzed_file_text_raises_only_save_error(text):
    check_import(text)


@FUZZ
@given(JSONISH)
def test_fuzzed_json_files_raise_only_save_error(data):
    check_import(json.dumps(data))
    check_import(json.dumps({"kind": "scythe-saves", "format": 1, "games": [data]}))


@FUZZ
@given(st.integers(0, len(EXPORT)), st.integers(0, len(EXPORT)), st.text(max_size=8))
def test_fuzzed_edits_of_a_real_file_raise_only_save_error(start, length, insert):
    check_import(EXPORT[:start] + insert + EXPORT[start + length :])


@FUZZ
@given(st.sampled_from(FIELDS), JSONISH, st.integers(0, 1))
def test_fuzzed_fields_of_a_real_file_raise_only_save_error(name, value, game):
    data = json.loads(EXPORT)

    def replace(node):
        if isinstance(node, dict):
            return {k: (value if k == name else replace(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [replace(v) for v in node]
        return node

    data["games"][game] = replace(data["games"][game])
    check_import(json.dumps(data))
