"""Play by link and local statistics under CPython (web/pass_on.py, web/stats.py,
web/render_stats.py, web/render_pass_on.py): links with their game id, what a browser
does with a link it receives, finished games recorded once, hostile stored statistics.
"""

from __future__ import annotations

import csv
import doctest
import io
import json
import random
from urllib.parse import unquote

import pass_on
import pytest
import stats
from hypothesis import given
from hypothesis import strategies as st
from pass_on import is_pass_link, new_pass_id, parse_pass, pass_fragment, pass_url, verdict
from render_pass_on import pass_on_html, received_html
from render_stats import csv_href, stats_screen_html, value_words
from save_format import SaveError
from saves_helpers import FUZZ, only_save_error, played, same_game
from stats import (
    COLUMNS,
    MAX_STATS_CHARS,
    StatsError,
    StatsStore,
    csv_text,
    parse_stats,
    result_of,
    tally,
)

from scythe_core import apply_in_place, legal_actions, new_game

PREFIX = "scythe:/:"


class Memory(dict):
    """localStorage's members, over a dict."""

    def getItem(self, key):
        return self.get(key)

    def setItem(self, key, value):
        self[key] = str(value)

    def removeItem(self, key):
        self.pop(key, None)


class Full(Memory):
    def setItem(self, key, value):
        raise RuntimeError("QuotaExceededError: the quota has been exceeded")


def finished(seats: list[dict], seed: int):
    game, pick = new_game({"seed": seed, "seats": seats}), random.Random(seed)
    while not game.game_over:
        apply_in_place(game, pick.choice(legal_actions(game)))
    return game


SOLO = [{}, {"controller": "automa", "level": "autometta"}]
HUMANS = [{}, {}, {"controller": "automa", "level": "ultimaszyna"}]


@pytest.fixture(scope="module")
def solo():
    return finished(SOLO, 11)


@pytest.fixture(scope="module")
def pair():
    return finished(HUMANS, 4)


@pytest.mark.parametrize("module", [pass_on, stats])
def test_the_module_docstring_examples_run(module):
    assert doctest.testmod(module).failed == 0


# --- pass-on links ---------------------------------------------------------------


def test_a_pass_link_carries_the_game_and_its_id():
    state = played(12, 60, [{}, {}, {}])
    url = pass_url("https://example.org/scythe/#g1.old", "a1b2c3d4e5", state)
    assert url.startswith("https://example.org/scythe/#p1.a1b2c3d4e5.g1.")
    assert is_pass_link(url) and is_pass_link(url.split("#")[1])
    opened = parse_pass(url)
    assert opened.game_id == "a1b2c3d4e5" and same_game(opened.state, state)
    assert not is_pass_link("#g1.abc") and not is_pass_link("") and not is_pass_link(None)


def test_a_pass_id_is_a_save_id_without_dots():
    state = new_game({"seed": 3, "seats": [{}, {}]})
    first, second = new_pass_id(state, "2026-11-23T10:00:00Z"), new_pass_id(state, "later")
    assert first != second and "." not in first
    assert pass_fragment(first, state).startswith(f"#p1.{first}.g1.")
    for bad in ("", "a.b", "UPPER", "x" * 41, None):
        with pytest.raises(SaveError):
            pass_fragment(bad, state)


@pytest.mark.parametrize(
    "link, code",
    [
        ("#p1.", "bad_link"),
        ("#p1.abc", "bad_link"),
        ("#p1.abc.", "bad_link"),
        ("#p1..g1.eJw", "bad_link"),
        ("#p1.UPPER.g1.eJw", "bad_link"),
        ("#p1.abc.g1.AAAA", "bad_link"),
        ("#p1.abc.g9.AAAA", "newer"),
        ("#p2.abc.g1.AAAA", "newer"),
        ("#p1.abc.g1." + "A" * 600_000, "bad_link"),
    ],
)
def test_bad_pass_links_raise_save_error(link, code):
    with pytest.raises(SaveError) as caught:
        parse_pass(link)
    assert caught.value.code == code


@FUZZ
@given(st.text(max_size=300))
def test_any_pass_link_raises_only_save_error(junk):
    only_save_error(parse_pass, "#p1.abc." + junk)
    only_save_error(parse_pass, "p1." + junk)


def test_a_received_link_is_opened_refused_or_kept_apart():
    assert verdict(["a", "b"], ["a"]) == "open"  # further: opened, saved over the older
    assert verdict(["a"], ["a"]) == "open"  # the same turn again (a reload)
    assert verdict([], []) == "open"
    assert verdict(["a"], ["a", "b"]) == "played"  # a turn this browser saw played
    assert verdict(["a", "c"], ["a", "b"]) == "forked"  # played twice, differently
    assert verdict(["c"], ["a", "b"]) == "forked"
    assert verdict(["a", "c", "d"], ["a", "b"]) == "forked"


def test_the_pass_on_markup_escapes_the_link_and_warns():
    hostile = 'https://x/#p1.a"><script>alert(1)</script>'
    shown = pass_on_html("Player 2 (Saxony)", hostile, "", "en")
    assert "<script>" not in shown and 'id="pass-link"' in shown
    assert "whole game" in shown and "strangers" in shown
    asked = pass_on_html("Player 2 (Saxony)", None, "", "nl")
    assert 'data-cmd="pass-on"' in asked and "pass-link" not in asked
    assert "vreemden" in received_html("Speler 2 (Saksen)", "nl")


# --- statistics ------------------------------------------------------------------


def test_a_finished_game_is_recorded_once(solo, pair):
    storage = Memory()
    store = StatsStore(storage, PREFIX)
    assert store.record(solo, "2026-11-23T10:00:00Z")
    assert not store.record(solo, "2026-11-23T12:00:00Z")  # a reload, a resume: once
    assert store.record(pair, "2026-11-23T11:00:00Z")
    assert not store.record(new_game({"seed": 1, "seats": SOLO}), "2026-11-23T11:00:00Z")
    book = store.load()
    assert len(book.games) == 2 and book.unreadable == []
    rows = book.rows()
    assert len(rows) == 3  # one per human seat
    assert {row.opponents for row in rows} == {"automa.autometta", "automa.ultimaszyna"}
    assert list(storage) == [PREFIX + "stats"]  # one key, apart from the saves
    for row, seat in zip(
        rows, [p for g in (solo, pair) for p in g.players if p.controller == "human"], strict=True
    ):
        assert (row.faction, row.mat) == (seat.faction, seat.mat)


def test_wins_follow_the_final_ranks(solo, pair):
    for game in (solo, pair):
        result = result_of(game, "2026-11-23T10:00:00Z")
        winners = [s for s in result["seats"] if s["rank"] == 1]
        assert winners and all(
            s["score"] == max(x["score"] for x in result["seats"]) for s in winners
        )


def test_tally_counts_played_and_won():
    rows = [
        stats.Row("d", "nordic", "industrial", "humans", 2, 50, 1, True),
        stats.Row("d", "nordic", "patriotic", "humans", 2, 30, 2, False),
        stats.Row("d", "saxony", "patriotic", "automa.automa", 2, 40, 1, True),
    ]
    assert tally(rows, "faction") == [("nordic", 2, 1), ("saxony", 1, 1)]
    assert tally(rows, "mat") == [("patriotic", 2, 1), ("industrial", 1, 1)]
    assert tally(rows, "opponents") == [("humans", 2, 1), ("automa.automa", 1, 1)]


def test_the_csv_has_a_header_and_a_row_per_result(solo, pair):
    store = StatsStore(Memory(), PREFIX)
    store.record(solo, "2026-11-23T10:00:00Z")
    store.record(pair, "2026-11-23T11:00:00Z")
    rows = store.load().rows()
    for lang in ("en", "nl"):
        href = csv_href(rows, lang)
        assert href.startswith("data:text/csv;charset=utf-8,")
        lines = list(csv.reader(io.StringIO(unquote(href.split(",", 1)[1]).lstrip("\ufeff"))))
        assert len(lines) == 1 + len(rows) and all(len(line) == len(COLUMNS) for line in lines)
    # A value that a spreadsheet would run as a formula is written as text.
    text = csv_text(
        rows[:1], list(COLUMNS), lambda column, value: "=cmd()" if column == "mat" else value
    )
    assert "'=cmd()" in text


@pytest.mark.parametrize(
    "raw, code",
    [
        ("{", "damaged"),
        ("[]", "damaged"),
        ('{"stats": 1}', "damaged"),
        ('{"stats": "1", "games": []}', "damaged"),
        ('{"stats": true, "games": []}', "damaged"),
        ('{"stats": 2, "games": []}', "newer"),
        ('{"stats": 1, "games": [NaN]}', "damaged"),
        ("[" * 100_000, "damaged"),
        ('{"stats": 1, "games": ["' + "x" * MAX_STATS_CHARS + '"]}', "damaged"),
    ],
)
def test_unreadable_statistics_raise_stats_error_and_are_not_written_over(raw, code, solo):
    storage = Memory({PREFIX + "stats": raw, PREFIX + "save.abc": "a saved game"})
    store = StatsStore(storage, PREFIX)
    with pytest.raises(StatsError) as caught:
        store.load()
    assert caught.value.code == code
    with pytest.raises(StatsError):
        store.record(solo, "2026-11-23T10:00:00Z")
    assert storage[PREFIX + "stats"] == raw and storage[PREFIX + "save.abc"] == "a saved game"
    shown = stats_screen_html(None, "nl", "kapot", 0, "")
    assert 'data-cmd="stats-reset"' in shown and "stats-csv" not in shown
    store.clear()
    assert PREFIX + "stats" not in storage and storage[PREFIX + "save.abc"] == "a saved game"


def test_unreadable_entries_are_skipped_counted_and_kept(solo):
    good = result_of(solo, "2026-11-23T10:00:00Z")
    bad = [
        {"key": "x", "date": "d", "seats": [{"faction": "atlantis"}]},
        {"key": "bad key!", "date": "d", "seats": good["seats"]},
        {"key": "y", "date": "d", "seats": []},
        {"key": "z", "date": "d", "seats": [dict(good["seats"][0], rank=True)]},
        {"key": "w", "date": "d", "seats": [dict(good["seats"][0], score=1e9)]},
        "text",
        None,
    ]
    storage = Memory({PREFIX + "stats": json.dumps({"stats": 1, "games": bad})})
    store = StatsStore(storage, PREFIX)
    assert store.load().games == [] and len(store.load().unreadable) == len(bad)
    assert store.record(solo, "2026-11-23T10:00:00Z")
    kept = json.loads(storage[PREFIX + "stats"])["games"]
    assert kept[0]["key"] == good["key"] and kept[1:] == bad
    assert "stats-skipped" in stats_screen_html(store.load().rows(), "en", skipped=len(bad))


def test_a_full_storage_keeps_the_statistics_as_they_were(solo, pair):
    storage = Full()
    dict.__setitem__(storage, PREFIX + "stats", json.dumps({"stats": 1, "games": []}))
    with pytest.raises(StatsError) as caught:
        StatsStore(storage, PREFIX).record(solo, "2026-11-23T10:00:00Z")
    assert caught.value.code == "storage_full"
    assert json.loads(storage[PREFIX + "stats"]) == {"stats": 1, "games": []}


@FUZZ
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=20,
    ),
    st.booleans(),
)
def test_any_stored_statistics_load_or_raise_stats_error(document, wrapped):
    raw = json.dumps({"stats": 1, "games": document} if wrapped else document)
    try:
        book = parse_stats(raw)
    except StatsError:
        return
    book.rows()
    stats_screen_html(book.rows(), "en", skipped=len(book.unreadable))


def test_bots_and_unknown_levels_are_counted_and_named():
    seat = {"faction": "nordic", "mat": "industrial", "controller": "human", "level": None}
    bot = {"faction": "saxony", "mat": "", "controller": "bot", "level": "greedy"}
    odd = {"faction": "crimea", "mat": None, "controller": "automa", "level": "ultra"}
    game = {
        "key": "k1",
        "date": "2026-11-23T10:00:00Z",
        "seats": [
            dict(seat, score=60, rank=1),
            dict(bot, score=40, rank=2),
            dict(odd, score=1, rank=3),
        ],
    }
    book = parse_stats(json.dumps({"stats": 1, "games": [game]}))
    (row,) = book.rows()
    assert row.opponents == "automa.ultra+bot.greedy" and row.won
    assert value_words("opponents", row.opponents, "en") == "Bot (ultra) + Bot (greedy)"
    assert value_words("opponents", "automa.autometta+bot.greedy", "nl").startswith("Autometta")
