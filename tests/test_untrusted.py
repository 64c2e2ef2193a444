"""The boundary for input from outside (issue 13): links, files, stored saves, snapshots.

Every input passes ``scythe_core.io.untrusted`` (size, depth, no NaN/Infinity) and the
engine's setup check before anything is parsed deeply or replayed; a record's decisions
are counted before it is replayed, and a replay has a time budget. Whatever the input,
only ``RecordError`` (or its subclass ``SaveError``) comes out.

``SCYTHE_FUZZ_EXAMPLES`` raises the number of fuzzed cases per target (default 200).
"""

from __future__ import annotations

import base64
import contextlib
import doctest
import functools
import json
import os
import sys
import time
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from save_files import MAX_IMPORT_GAMES, parse_file
from save_format import SaveError, parse_entry
from saves_helpers import DAY1, DAY2, DAY3, WRITERS, FakeStorage, legacy_text, played
from share_links import parse_fragment
from storage import SaveStore

import scythe_core.io.untrusted as untrusted
from scythe_core import (
    RecordError,
    SetupError,
    from_json,
    legal_actions,
    new_game,
    parse_json,
    record,
    replay,
    to_json,
)
from scythe_core.data import options as game_options
from scythe_core.engine import apply_in_place
from scythe_core.io.links import LINK_PREFIX, MAX_LINK_CHARS, decode_link, encode_link
from scythe_core.io.records import MAX_DECISIONS, RULES_VERSION
from scythe_core.model.state import state_to_dict

EXAMPLES = int(os.environ.get("SCYTHE_FUZZ_EXAMPLES", "200"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
DEEP = [10_000, 100_000]
SETUP = {"seed": 5, "seats": [{}, {"controller": "automa", "level": "automa"}]}


def link_of(header: object, actions: list[str], *, raw_header: str | None = None) -> str:
    """A link with this header (or this header text) and these decision lines."""
    line = raw_header if raw_header is not None else json.dumps(header)
    packed = zlib.compress("\n".join([line, *actions]).encode())
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def header(setup: object, rules: object = RULES_VERSION) -> dict:
    return {"link": 1, "rules": rules, "setup": setup}


def test_the_docstring_examples_run():
    flags = doctest.ELLIPSIS
    assert doctest.testmod(untrusted, optionflags=flags).failed == 0
    assert doctest.testmod(game_options, optionflags=flags).failed == 0


# ------------------------------------------------------------------ parse_json


def test_parse_json_reads_ordinary_json():
    text = '{"a": [1, -2.5, "x\\"]", null, true], "b": {"c": "[[[{{"}}'
    assert parse_json(text, max_chars=100) == json.loads(text)


@pytest.mark.parametrize(
    "text, words",
    [
        (b"{}", "expected JSON text"),
        (None, "expected JSON text"),
        ("x" * 101, "too long"),
        ("[" * 33 + "]" * 33, "nested more than 32"),
        ('{"a": NaN}', "not finite"),
        ('{"a": Infinity}', "not finite"),
        ('{"a": -Infinity}', "not finite"),
        ('{"a": 1e999}', "too large"),
        ('{"a": ' + "9" * 41 + "}", "number longer than 40"),
        ("{'a': 1}", "not valid JSON"),
        ('{"a": 1', "not valid JSON"),
    ],
)
def test_parse_json_refuses_what_a_game_never_holds(text, words):
    with pytest.raises(RecordError, match=words):
        parse_json(text, max_chars=100 if isinstance(text, str) and len(text) < 200 else 10**6)


def test_brackets_and_escaped_quotes_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"a": "[" * 5000 + '\\"' + "{" * 5000})
    assert parse_json(text, max_chars=100_000) == {"a": "[" * 5000 + '\\"' + "{" * 5000}
    assert untrusted.nesting_depth('["\\"[[", [["]"]]]') == 3
    assert untrusted.nesting_depth(json.dumps([[[[1]]], "[[[[[[", {"a": {}}])) == 4


def test_a_64_bit_seed_and_a_negative_one_parse():
    assert parse_json(f'{{"seed": {2**64 - 1}}}', max_chars=100) == {"seed": 2**64 - 1}
    assert parse_json(f"[{-(2**63)}]", max_chars=100) == [-(2**63)]


@pytest.mark.parametrize("depth", DEEP)
def test_deep_json_is_refused_without_calling_the_json_parser(depth, monkeypatch):
    """In the page, json.loads on 10,000-deep JSON overflows the JavaScript stack and
    kills Python: it must never see such text. The scan itself never recurses."""
    calls = []
    monkeypatch.setattr(json, "loads", lambda *a, **k: calls.append(a))
    frames = len(_stack())
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(frames + 40)
    try:
        for text in ("[" * depth, "[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
            with pytest.raises(RecordError, match="nested more than 32 levels deep"):
                parse_json(text, max_chars=10**6)
    finally:
        sys.setrecursionlimit(old)
    assert calls == []


def _stack() -> list:
    frame, frames = sys._getframe(), []
    while frame is not None:
        frames.append(frame)
        frame = frame.f_back
    return frames


@pytest.mark.parametrize(
    "text",
    [
        "[" * 2_000_000,
        json.dumps(['[]\\"x'] * 200_000),
        '"' + '\\"' * 500_000,  # a string never closed, full of escaped quotes
        '"' + '\\"' * 500_000 + "\\",
        '"\\' * 500_000,
        '"a' * 500_000,
        "[" + ("1234567890" * 4 + ",") * 50_000 + "1]",
        "[" + '"' + "[" * 500_000,  # brackets inside a string never closed
    ],
    ids=[
        "brackets",
        "strings",
        "escapes",
        "escapes-backslash",
        "backslashes",
        "quotes",
        "numbers",
        "open-string",
    ],
)
def test_the_scan_is_linear_on_hostile_text(text):
    """Half a million escapes in a string never closed once took a quadratic regular
    expression minutes; every one of these takes a fraction of a second."""
    started = time.perf_counter()
    with contextlib.suppress(RecordError):
        parse_json(text, max_chars=10**7)
    assert time.perf_counter() - started < 2


def depth_of(data) -> int:
    if isinstance(data, dict | list):
        values = data.values() if isinstance(data, dict) else data
        return 1 + max(map(depth_of, values), default=0)
    return 0


@FUZZ
@given(
    st.recursive(
        st.none() | st.integers() | st.text(alphabet='[]{}"\\ab', max_size=6),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
        max_leaves=30,
    )
)
def test_the_scanned_depth_is_the_real_depth(data):
    for text in (json.dumps(data), json.dumps(data, ensure_ascii=False, indent=1)):
        assert untrusted.nesting_depth(text) == depth_of(data)
        assert parse_json(text, max_chars=10**6, max_depth=depth_of(data)) == data


# -------------------------------------------------- deep JSON at every boundary


@pytest.mark.parametrize("depth", DEEP)
def test_deep_json_as_a_link_header_is_a_record_error(depth):
    for line in ("[" * depth, '{"link":1,"setup":' + "[" * depth):
        link = link_of(None, [], raw_header=line)
        with pytest.raises(RecordError, match="damaged"):
            decode_link(link)
        with pytest.raises(SaveError) as err:
            parse_fragment("#" + link)
        assert err.value.code == "bad_link"


@pytest.mark.parametrize("depth", DEEP)
def test_deep_json_as_a_file_is_a_save_error(depth):
    for text in ("[" * depth, '{"kind": "scythe-saves", "format": 1, "games": ' + "[" * depth):
        with pytest.raises(SaveError, match="nested") as err:
            parse_file(text)
        assert err.value.code == "bad_file"


@pytest.mark.parametrize("depth", DEEP)
def test_deep_json_as_a_stored_entry_is_listed_as_a_problem(depth):
    saves = SaveStore(FakeStorage())
    good = saves.autosave(played(1, 5), DAY1)
    saves.storage.setItem("scythe.save.deep", '{"kind":"scythe-save","x":' + "[" * depth)
    listing = saves.list()
    assert [g.id for g in listing.games] == [good.id]
    assert [(p.id, p.code) for p in listing.problems] == [("deep", "damaged")]


@pytest.mark.parametrize("depth", DEEP)
def test_deep_json_as_a_snapshot_is_a_record_error(depth):
    with pytest.raises(RecordError, match="nested"):
        from_json('{"format": 1, "state": ' + "[" * depth + "]" * depth + "}")


def test_a_snapshot_round_trips_and_a_bad_one_is_a_record_error():
    state = played(3, 40)
    assert state_to_dict(from_json(to_json(state))) == state_to_dict(state)
    for text in ('{"format": 1, "state": {"seed": NaN}}', '{"format": 1, "state": []}', "7"):
        with pytest.raises(RecordError):
            from_json(text)


# ------------------------------------------------------- game options and seeds

BAD_OPTIONS = [
    ({"automa_coins": float("inf")}, "whole number from -2 to 2"),
    ({"automa_coins": float("nan")}, "whole number"),
    ({"automa_power": 10**30}, "whole number"),
    ({"automa_power": 3}, "whole number"),
    ({"automa_power": True}, "whole number"),
    ({"automa_power": "1"}, "whole number"),
    ({"automa_skip_turns": 1}, "true or false"),
    ({"promo_factory": "yes"}, "true or false"),
    ({"albion_airships": True}, "newer version"),
    ([], "must be an object"),
]


@pytest.mark.parametrize("options, words", BAD_OPTIONS)
def test_bad_game_options_are_refused_by_new_game_replay_and_links(options, words):
    setup = {**SETUP, "options": options}
    with pytest.raises(SetupError, match=words):
        new_game(setup)
    with pytest.raises(RecordError, match=words):
        replay({"format": 1, "rules": RULES_VERSION, "setup": setup, "actions": []})
    if json.dumps(options).find("Infinity") < 0 and "NaN" not in json.dumps(options):
        with pytest.raises(RecordError, match=words):
            decode_link(link_of(header(setup), []))


@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN", "1e400"])
def test_a_non_finite_option_in_a_link_or_a_file_is_refused(constant):
    line = '{"link":1,"setup":{"seed":1,"seats":[{},{"controller":"automa"}],'
    line += f'"options":{{"automa_coins":{constant}}}}}}}'
    with pytest.raises(RecordError, match="not finite|too large"):
        decode_link(link_of(None, ["section:0"], raw_header=line))
    entry = json.loads(SaveStore(FakeStorage()).export_state(played(1, 3), DAY1))
    text = json.dumps(entry).replace('"seed": 1,', f'"seed": 1, "options": {{"x": {constant}}},')
    assert constant in text
    with pytest.raises(SaveError) as err:
        SaveStore(FakeStorage()).import_text(text, DAY2)
    assert err.value.code == "bad_file"


def test_a_bad_option_in_an_imported_file_is_a_save_error():
    data = json.loads(SaveStore(FakeStorage()).export_state(played(1, 3), DAY1))
    data["games"][0]["record"]["setup"]["options"] = {"automa_coins": 99}
    saves = SaveStore(FakeStorage())
    with pytest.raises(SaveError, match="whole number") as err:
        saves.import_text(json.dumps(data), DAY2)
    assert err.value.code == "bad_file" and saves.storage.items == {}
    data["games"][0]["record"]["setup"]["options"] = {"from_the_future": True}
    with pytest.raises(SaveError, match="newer") as err:
        saves.import_text(json.dumps(data), DAY2)
    assert err.value.code == "newer"


def test_every_difficulty_option_at_its_limits_plays():
    for value in (-2, 2):
        options = {"automa_coins": value, "automa_power": -value, "automa_skip_turns": True}
        options |= {"automa_move_flip": True, "automa_place_flip": True, "promo_factory": True}
        state = new_game({**SETUP, "options": options})
        for _ in range(200):
            if state.game_over:
                break
            apply_in_place(state, legal_actions(state)[-1])
        assert state_to_dict(decode_link(encode_link(state))) == state_to_dict(state)


@pytest.mark.parametrize("seed", [2**64 - 1, 2**63, -(2**63), -1, 0])
def test_64_bit_seeds_are_accepted_and_played(seed):
    state = new_game({**SETUP, "seed": seed})
    for _ in range(60):
        apply_in_place(state, legal_actions(state)[0])
    assert state_to_dict(replay(record(state))) == state_to_dict(state)
    assert state_to_dict(decode_link(encode_link(state))) == state_to_dict(state)
    saves = SaveStore(FakeStorage())
    info = saves.autosave(state, DAY1)
    assert saves.resume(info.id).history == state.history


@pytest.mark.parametrize("seed", [2**64, -(2**63) - 1, 10**30, True, 1.0, "7", None])
def test_seeds_outside_64_bits_or_not_integers_are_refused(seed):
    with pytest.raises(SetupError, match="seed must"):
        new_game({**SETUP, "seed": seed})
    with pytest.raises(RecordError, match="seed must"):
        decode_link(link_of(header({**SETUP, "seed": seed}), []))


# ------------------------------------------------- decision limit, time budget


@functools.cache
def skipping_game(decisions: int):
    """A legal 2-seat game of only skipped turns (the cheapest decisions there are)."""
    state = new_game({"seed": 3, "seats": [{}, {}]})
    passes = ("skip", "done", "end_turn", "coins")
    while len(state.history) < decisions:
        options = legal_actions(state)
        choice = next((a for a in passes if a in options), None)
        apply_in_place(state, choice or options[0], check=False)
    assert not state.game_over
    return state


def test_a_record_past_the_decision_limit_is_refused_before_any_replay():
    rec = {"format": 1, "rules": RULES_VERSION, "setup": SETUP}
    rec["actions"] = ["fly"] * (MAX_DECISIONS + 1)  # not legal: a replay would say so
    with pytest.raises(
        RecordError, match=f"more than a real game has \\(at most {MAX_DECISIONS:,}"
    ):
        replay(rec)
    link = link_of(header(SETUP), rec["actions"])
    assert len(link) < 2_000
    with pytest.raises(RecordError, match="more than a real game"):
        decode_link(link)
    with pytest.raises(SaveError, match="more than a real game") as err:
        parse_fragment(link)
    assert err.value.code == "bad_link"


def test_the_limits_can_be_raised_by_keyword():
    state = skipping_game(3_000)
    rec = record(state)
    with pytest.raises(RecordError, match="more than a real game"):
        replay(rec, max_decisions=2_000)
    with pytest.raises(RecordError, match="more than a real game"):
        decode_link(encode_link(state), max_decisions=2_000)
    assert replay(rec, max_decisions=3_000).history == state.history
    assert decode_link(encode_link(state), max_decisions=3_000).history == state.history


def test_crafted_links_of_hundreds_of_thousands_of_decisions_are_refused_at_once():
    turn = ["section:0", "skip", "skip", "end_turn"]
    started = time.perf_counter()
    with pytest.raises(RecordError, match="100,000 decisions, more than a real game"):
        decode_link(link_of(header({"seed": 1, "seats": [{}, {}]}), turn * 25_000))
    with pytest.raises(RecordError, match="more than a real game|unpacks to more than"):
        decode_link(link_of(header({"seed": 1, "seats": [{}, {}]}), turn * 65_000))
    assert time.perf_counter() - started < 2


def test_a_replay_past_its_time_budget_stops_with_its_own_message():
    state = skipping_game(3_000)
    with pytest.raises(RecordError, match="took more than 0 seconds"):
        replay(record(state), max_seconds=0)
    with pytest.raises(RecordError, match="took more than 0.001 seconds"):
        decode_link(encode_link(state), max_seconds=0.001)


def test_links_too_long_or_unpacking_too_far_are_refused_before_any_work():
    with pytest.raises(RecordError, match="too long"):
        decode_link(LINK_PREFIX + "A" * MAX_LINK_CHARS)
    bomb = LINK_PREFIX + base64.urlsafe_b64encode(zlib.compress(b"\n" * 50_000_000)).decode()
    assert len(bomb) < MAX_LINK_CHARS
    with pytest.raises(RecordError, match="unpacks to more than"):
        decode_link(bomb)


def _replay_seconds(rec: dict) -> float:
    started = time.perf_counter()
    replay(rec, max_decisions=len(rec["actions"]), max_seconds=600)
    return time.perf_counter() - started


def test_replay_is_linear_in_the_number_of_decisions():
    rec = record(skipping_game(40_000))
    half = {**rec, "actions": rec["actions"][:20_000]}
    # The two lengths are timed in turns and the fastest of each kept, so a
    # busy machine slows both alike (quadratic work would take four times as long).
    shorts, fulls = [], []
    for _ in range(3):
        shorts.append(_replay_seconds(half))
        fulls.append(_replay_seconds(rec))
    short, full = min(shorts), min(fulls)
    assert full < 3 * short, (short, full)
    assert short < 10, "20,000 decisions replay in a few seconds at most"


# -------------------------------------------------------- stored entries (case 7)


def stored_entry(saves: SaveStore, game_id: str) -> dict:
    return parse_entry(saves.storage.getItem(f"scythe.save.{game_id}"), game_id)


@pytest.mark.parametrize("write", WRITERS.values(), ids=WRITERS)
@pytest.mark.parametrize(
    "seat_change",
    [{"faction": "albion"}, {"controller": "robot"}, {"level": "automaton"}],
)
def test_an_entry_with_an_unknown_seat_is_listed_as_newer_and_the_rest_lists(seat_change, write):
    saves = SaveStore(FakeStorage())
    one = saves.autosave(played(1, 8), DAY1)
    two = saves.autosave(played(2, 8), DAY2)
    entry = stored_entry(saves, two.id)
    entry["seats"][0] |= seat_change
    entry["record"]["setup"]["seats"][0] |= seat_change
    saves.storage.setItem(f"scythe.save.{two.id}", write(entry))
    listing = saves.list()
    assert [g.id for g in listing.games] == [one.id]
    assert [(p.id, p.code) for p in listing.problems] == [(two.id, "newer")]
    with pytest.raises(SaveError) as err:
        saves.resume(two.id)
    assert err.value.code == "newer"
    assert saves.resume(one.id).history == played(1, 8).history


@pytest.mark.parametrize("write", WRITERS.values(), ids=WRITERS)
def test_an_entry_of_a_newer_rules_version_or_option_is_newer_without_a_replay(write):
    saves = SaveStore(FakeStorage())
    info = saves.autosave(played(1, 8), DAY1)
    good = stored_entry(saves, info.id)
    for change in ({"rules": "0.10"}, {"setup": {**SETUP, "options": {"new_thing": True}}}):
        entry = json.loads(json.dumps(good))
        entry["record"] |= change
        saves.storage.setItem(f"scythe.save.{info.id}", write(entry))
        [problem] = saves.list().problems
        assert problem.code == "newer", problem


@pytest.mark.parametrize("write", WRITERS.values(), ids=WRITERS)
def test_an_entry_with_too_many_decisions_is_a_problem_not_a_freeze(write):
    saves = SaveStore(FakeStorage())
    info = saves.autosave(played(1, 8), DAY1)
    entry = stored_entry(saves, info.id)
    entry["record"]["actions"] = ["skip"] * (MAX_DECISIONS + 1)
    saves.storage.setItem(f"scythe.save.{info.id}", write(entry))
    started = time.perf_counter()
    [problem] = saves.list().problems
    assert problem.code == "damaged" and "more than a real game" in problem.message
    assert time.perf_counter() - started < 1


def test_a_file_with_too_many_games_or_decisions_is_refused_before_any_replay():
    game = json.loads(SaveStore(FakeStorage()).export_state(played(1, 3), DAY1))["games"][0]
    many = {"kind": "scythe-saves", "format": 1, "games": [game] * (MAX_IMPORT_GAMES + 1)}
    with pytest.raises(SaveError, match="more than 500 games"):
        parse_file(json.dumps(many))
    long_game = {**game, "record": {**game["record"], "actions": ["skip"] * 20_000}}
    heavy = {"kind": "scythe-saves", "format": 1, "games": [long_game] * 13}
    with pytest.raises(SaveError, match="decisions in all"):
        parse_file(json.dumps(heavy))


# -------------------------------------------------------------------- fuzzing

ACTIONS = st.sampled_from(
    ["section:0", "section:1", "skip", "end_turn", "done", "coins", "automa:play", "fly", ""]
)
NAMES = st.sampled_from(["nordic", "albion", "automa", "human", "bot", "x", "", "industrial"])
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | NAMES
)
JSONISH = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
SEAT = st.dictionaries(st.sampled_from(["controller", "level", "faction", "mat", "x"]), NAMES)
SETUPS = st.fixed_dictionaries(
    {},
    optional={
        "seed": SCALARS,
        "seats": st.lists(SEAT | JSONISH, max_size=6),
        "options": st.dictionaries(
            st.sampled_from([*game_options.GAME_OPTIONS, "x"]), SCALARS, max_size=3
        ),
        "extra": JSONISH,
    },
)
REAL_LINK = encode_link(played(7, 150, [{}, {"controller": "automa", "level": "automa"}]))


def only_record_error(call, *args, **kwargs):
    with contextlib.suppress(RecordError):
        return call(*args, **kwargs)
    return None


@FUZZ
@given(st.text(max_size=300))
def test_fuzzed_link_text_raises_only_record_error(text):
    for candidate in (text, LINK_PREFIX + text, "#" + LINK_PREFIX + text):
        only_record_error(decode_link, candidate)
        only_record_error(parse_fragment, candidate)


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(REAL_LINK)), st.integers(0, 255)), max_size=4))
def test_fuzzed_byte_flips_of_a_real_link_raise_only_record_error(flips):
    packed = bytearray(base64.urlsafe_b64decode(REAL_LINK[3:] + "=="))
    for where, value in flips:
        packed[where % len(packed)] ^= value or 1
    only_record_error(decode_link, LINK_PREFIX + base64.urlsafe_b64encode(packed).decode())


@FUZZ
@given(st.integers(0, len(REAL_LINK)), st.integers(0, 40), st.text(max_size=6))
def test_fuzzed_cuts_and_edits_of_a_real_link_raise_only_record_error(start, length, insert):
    only_record_error(decode_link, REAL_LINK[:start])
    only_record_error(decode_link, REAL_LINK[:start] + insert + REAL_LINK[start + length :])


@FUZZ
@given(st.binary(max_size=400) | st.text(max_size=400).map(str.encode))
def test_fuzzed_zlib_payloads_raise_only_record_error(payload):
    packed = base64.urlsafe_b64encode(zlib.compress(payload)).decode()
    only_record_error(decode_link, LINK_PREFIX + packed)


@FUZZ
@given(SETUPS | JSONISH, st.lists(ACTIONS, max_size=12), JSONISH)
def test_fuzzed_link_headers_and_setups_raise_only_record_error(setup, actions, rules):
    only_record_error(decode_link, link_of(header(setup), actions))
    only_record_error(decode_link, link_of(header(setup, rules), actions))
    rec = {"format": 1, "rules": RULES_VERSION, "setup": setup, "actions": actions}
    only_record_error(replay, rec)
    with contextlib.suppress(SetupError):
        new_game(setup)


def real_entry_text() -> str:
    saves = SaveStore(FakeStorage())
    info = saves.autosave(played(4, 30), DAY1)
    return saves.storage.getItem(f"scythe.save.{info.id}")


#: A real stored entry, packed; and the same entry as earlier versions stored it.
REAL_PACKED = real_entry_text()
REAL_ENTRY = legacy_text(parse_entry(REAL_PACKED, "x"))
ENTRY_FIELDS = ["seats", "faction", "controller", "level", "record", "setup", "options"]
ENTRY_FIELDS += ["seed", "actions", "rules", "format", "round", "decisions", "id", "mat"]


def listed_alone(text: str) -> None:
    """A stored entry with this text and a good one: the good one lists, resumes."""
    saves = SaveStore(FakeStorage())
    good = saves.autosave(played(1, 3), DAY1)
    saves.storage.setItem("scythe.save.fuzz", text)
    listing = saves.list()
    assert good.id in [g.id for g in listing.games]
    for game_id in ("fuzz", good.id):
        only_record_error(saves.resume, game_id)
    only_record_error(saves.import_text, text, DAY3)
    only_record_error(saves.autosave, played(1, 4), DAY2, "fuzz")


def replaced(node, name: str, value):
    if isinstance(node, dict):
        return {k: (value if k == name else replaced(v, name, value)) for k, v in node.items()}
    if isinstance(node, list):
        return [replaced(v, name, value) for v in node]
    return node


@FUZZ
@given(st.sampled_from(ENTRY_FIELDS), JSONISH | SETUPS | SEAT)
def test_fuzzed_fields_of_a_stored_entry_are_listed_as_problems_only(name, value):
    listed_alone(json.dumps(replaced(json.loads(REAL_ENTRY), name, value)))


@FUZZ
@given(
    st.sampled_from([REAL_ENTRY, REAL_PACKED]),
    st.integers(0, len(REAL_ENTRY)),
    st.integers(0, 30),
    st.text(max_size=8),
)
def test_fuzzed_edits_of_a_stored_entry_are_listed_as_problems_only(real, start, length, insert):
    listed_alone(real[:start] + insert + real[start + length :])


@FUZZ
@given(JSONISH, st.integers(1, 3))
def test_fuzzed_files_raise_only_save_error(data, copies):
    for text in (json.dumps(data), json.dumps({"kind": "scythe-saves", "format": 1})):
        with contextlib.suppress(SaveError):
            parse_file(text)
    games = [replaced(json.loads(REAL_ENTRY), "seats", data)] * copies
    file_text = json.dumps({"kind": "scythe-saves", "format": 1, "games": games})
    with contextlib.suppress(SaveError):
        SaveStore(FakeStorage()).import_text(file_text, DAY3)
