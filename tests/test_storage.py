"""web/storage.py under CPython: saves in a fake localStorage, files, links, bad input.

Whatever a file, a stored entry or a link holds, the module raises only SaveError.
"""

from __future__ import annotations

import contextlib
import doctest
import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scythe_core import RecordError, legal_actions, new_game
from scythe_core import rng as prng
from scythe_core.engine import apply_in_place
from scythe_core.links import encode_link
from scythe_core.state import state_to_dict

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import storage  # noqa: E402  (web/ is not a package)
from storage import SaveError, SaveStore, parse_fragment, share_fragment, share_url  # noqa: E402

DAY1 = "2026-11-20T09:00:00.000Z"
DAY2 = "2026-11-21T09:00:00.000Z"
DAY3 = "2026-11-22T09:00:00.000Z"


class QuotaExceededError(Exception):
    """What window.localStorage.setItem throws when the site's storage is full."""


class FakeStorage:
    """window.localStorage in miniature: strings only, ``None`` for a missing key,
    and a capacity in characters (keys plus values) past which ``setItem`` throws."""

    def __init__(self, capacity: int = 5_000_000) -> None:
        self.items: dict[str, str] = {}
        self.capacity = capacity

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:  # the Web Storage API names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        others = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if others + len(key) + len(value) > self.capacity:
            raise QuotaExceededError("Failed to execute 'setItem' on 'Storage': quota exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def played(seed: int, decisions: int, seats: list[dict] | None = None):
    """A game after ``decisions`` random legal decisions."""
    state = new_game({"seed": seed, "seats": seats or [{}, {}]})
    chooser = prng.seed_state(seed)
    while not state.game_over and len(state.history) < decisions:
        options = legal_actions(state)
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])
    return state


def same_game(a, b) -> bool:
    return state_to_dict(a) == state_to_dict(b)


@pytest.fixture
def saves() -> SaveStore:
    return SaveStore(FakeStorage())


def test_the_module_docstring_example_runs():
    assert doctest.testmod(storage).failed == 0


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
    stored = json.loads(saves.storage.getItem(f"scythe.save.{info.id}"))
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
    assert saves.delete(gone.id) is True
    assert saves.delete(gone.id) is False
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
    saves = SaveStore(FakeStorage())
    good = saves.autosave(played(1, 20), DAY1)
    bad = saves.autosave(played(2, 20), DAY2)
    key = f"scythe.save.{bad.id}"
    broken = damage(saves.storage.getItem(key))
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
    assert saves.delete(bad.id) and saves.list().problems == []


def test_a_save_whose_decisions_do_not_replay_is_reported_on_resume(saves):
    info = saves.autosave(played(1, 10), DAY1)
    key = f"scythe.save.{info.id}"
    entry = json.loads(saves.storage.getItem(key))
    entry["record"]["actions"][3] = "fly:r4c3"
    saves.storage.setItem(key, json.dumps(entry))
    with pytest.raises(SaveError, match="decision 4") as err:
        saves.resume(info.id)
    assert err.value.code == "damaged"


def test_a_save_under_another_games_key_is_damaged(saves):
    one = saves.autosave(played(1, 1), DAY1)
    saves.storage.setItem("scythe.save.zz", saves.storage.getItem(f"scythe.save.{one.id}"))
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
    storage.capacity = len(text) // 2  # room for about one of the three
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
    data["games"][0]["record"]["actions"] = played(1, 4).history  # another game, same id
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
    assert len(info.seats) == 2 and info.name == storage.default_name(state)
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
        ("[" * 50_000, "bad_file", "not valid JSON"),
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


# ----------------------------------------------------------------- share links


def test_a_share_link_round_trips_through_the_fragment():
    state = played(12, 60)
    fragment = share_fragment(state)
    assert fragment.startswith("#g1.")
    assert same_game(parse_fragment(fragment), state)
    assert same_game(parse_fragment(fragment[1:]), state)
    url = share_url("https://example.org/scythe/#old", state)
    assert url == "https://example.org/scythe/" + fragment
    assert same_game(parse_fragment(url), state)
    assert same_game(parse_fragment(f"  {url}\n"), state)


@pytest.mark.parametrize(
    "fragment, code, words",
    [
        ("", "bad_link", "holds no game"),
        ("#", "bad_link", "holds no game"),
        ("#hello", "bad_link", "not a game link"),
        ("#g9.abcdef", "newer", "newer"),
        ("#g1.!!!!", "bad_link", "damaged"),
        ("#g1." + "A" * 1_000_001, "bad_link", "too long"),
    ],
)
def test_a_bad_link_is_refused_with_a_clear_message(fragment, code, words):
    with pytest.raises(SaveError, match=words) as err:
        parse_fragment(fragment)
    assert err.value.code == code


def test_a_truncated_or_tampered_link_is_refused():
    fragment = share_fragment(played(5, 80))
    with pytest.raises(SaveError) as err:
        parse_fragment(fragment[: len(fragment) * 2 // 3])
    assert err.value.code == "bad_link"
    flipped = fragment[:20] + ("A" if fragment[20] != "A" else "B") + fragment[21:]
    with contextlib.suppress(SaveError):  # a flip may still decode to a legal game
        parse_fragment(flipped)


def test_a_link_from_a_newer_link_format_says_so():
    import base64
    import zlib

    header = json.dumps({"link": 2, "rules": "9", "setup": {"seed": 1, "seats": [{}, {}]}})
    link = "g1." + base64.urlsafe_b64encode(zlib.compress(header.encode())).decode()
    with pytest.raises(SaveError, match="newer") as err:
        parse_fragment("#" + link)
    assert err.value.code == "newer"


def test_save_error_is_a_record_error():
    assert issubclass(SaveError, RecordError) and issubclass(SaveError, ValueError)


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
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def only_save_error(call, *args):
    """Run ``call``; anything but SaveError fails the test."""
    try:
        return call(*args)
    except SaveError as exc:
        assert exc.code and exc.message
        return None


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


LINK = encode_link(played(4, 40))


@FUZZ
@given(st.text(max_size=200))
def test_fuzzed_fragments_raise_only_save_error(text):
    for candidate in (text, "#" + text, "#g1." + text):
        only_save_error(parse_fragment, candidate)


@FUZZ
@given(st.integers(0, len(LINK)), st.integers(0, 6), st.text("ABCxyz019-_.", max_size=6))
def test_fuzzed_edits_of_a_real_link_raise_only_save_error(start, length, insert):
    only_save_error(parse_fragment, "#" + LINK[:start] + insert + LINK[start + length :])
