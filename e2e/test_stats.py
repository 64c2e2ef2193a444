"""End to end: local statistics. Games finished in the browser are counted by faction,
mat and opponent level, shown on the statistics screen and downloadable as CSV.

The first game (one human against the Autometta) is opened from a link at the start
of the human's last turn and finished by clicks; the second (two humans against the
Ultimaszyna) is opened finished. The screen's counts are checked against the
engine's final scores, in English and in Dutch, the CSV against the same rows; a
reload counts nothing twice; damaged statistics give their message, keep the saved
games, and can be started anew.
"""

from __future__ import annotations

import csv
import io
import random
from urllib.parse import unquote

import pytest
from game_driver import UI_READY, act, address_game, click, click_hex, shot, state
from render_stats import value_words
from share_links import parse_fragment
from site_browser import open_page
from stats import COLUMNS, opponents_of
from strings import text
from test_accessibility import axe_problems

from scythe_core import apply_in_place, final_scores, legal_actions, new_game, to_move
from scythe_core.io.links import encode_link
from scythe_core.model.actions import argument_of, verb_of

pytestmark = pytest.mark.browser
#: The page's kept settings: Automa turns at once (the game ends without waiting).
INSTANT = "localStorage.setItem('scythe:/:speed', 'instant');"
SOLO = [
    {"controller": "human", "faction": "nordic"},
    {"controller": "automa", "level": "autometta"},
]
PAIR = [
    {"controller": "human", "faction": "saxony"},
    {"controller": "human", "faction": "polania"},
    {"controller": "automa", "level": "ultimaszyna"},
]


def finished(seats: list[dict], seed: int):
    game, pick = new_game({"seed": seed, "seats": seats}), random.Random(seed)
    while not game.game_over:
        apply_in_place(game, pick.choice(legal_actions(game)))
    return game


def before_last_turn(game):
    """The game at the start of its last human turn (a link), and the whole game."""
    replay = new_game(game.setup)
    starts = []
    for action in game.history:
        seat = to_move(replay)
        if action.startswith("section:") and replay.players[seat].controller == "human":
            starts.append(len(replay.history))
        apply_in_place(replay, action)
    start = new_game(game.setup)
    for action in game.history[: starts[-1]]:
        apply_in_place(start, action)
    return start


def expected_rows(games) -> list[dict]:
    rows = []
    for game in games:
        ranks = {row["seat"]: row for row in final_scores(game)}
        for p in game.players:
            if p.controller != "human":
                continue
            others = [
                {"controller": o.controller, "level": o.level} for o in game.players if o is not p
            ]
            rows.append(
                {
                    "faction": p.faction,
                    "mat": p.mat,
                    "opponents": opponents_of(others),
                    "score": ranks[p.seat]["total"],
                    "won": ranks[p.seat]["rank"] == 1,
                }
            )
    return rows


def play_recorded(page, game) -> None:
    """Finish the game in the page by clicks, each the recorded game's next decision."""
    for _ in range(200):
        if state(page)["game"] == "over":
            return
        played = parse_fragment(address_game(page)).history
        assert played == game.history[: len(played)]
        action = game.history[len(played)]
        info = state(page)
        hid = argument_of(action) if verb_of(action) == "to" else None
        if hid and hid in info["targets"]:
            click_hex(page, hid)
            if page.locator("#decision .hex-choice").count():
                click(page, f"#decision .hex-choice [data-action='{action}']")
        else:
            act(page, action)
    raise AssertionError(f"the game did not end: {state(page)}")


def stats_table(page, by: str) -> dict[str, tuple[int, int]]:
    rows = page.eval_on_selector_all(
        f".stats-table[data-by='{by}'] tbody tr",
        "rs => rs.map(r => [r.querySelector('th').textContent, "
        "r.querySelector('[data-col=played]').textContent, "
        "r.querySelector('[data-col=won]').textContent])",
    )
    return {name: (int(played), int(won)) for name, played, won in rows}


def expected_table(rows: list[dict], by: str, lang: str) -> dict[str, tuple[int, int]]:
    table: dict[str, tuple[int, int]] = {}
    for row in rows:
        name = value_words(by, row[by], lang)
        played, won = table.get(name, (0, 0))
        table[name] = (played + 1, won + row["won"])
    return table


def check_screen(page, rows: list[dict], games: int, lang: str) -> None:
    assert page.inner_text("#stats-title") == text("stats.title", lang)
    won = sum(row["won"] for row in rows)
    assert page.inner_text("#stats-results") == text("stats.total", lang, n=len(rows), won=won)
    assert page.inner_text("#stats-games") == text("stats.games", lang, n=games)
    for by in ("faction", "mat", "opponents"):
        assert stats_table(page, by) == expected_table(rows, by, lang), by
    href = page.get_attribute("#stats-csv", "href")
    assert href.startswith("data:text/csv;charset=utf-8,")
    assert page.get_attribute("#stats-csv", "download").endswith(".csv")
    lines = list(csv.reader(io.StringIO(unquote(href.split(",", 1)[1]).lstrip("\ufeff"))))
    assert lines[0] == [text(f"stats.col.{c}", lang) for c in COLUMNS]
    body = sorted(
        (r[COLUMNS.index("faction")], r[COLUMNS.index("opponents")], r[COLUMNS.index("score")])
        for r in lines[1:]
    )
    want = sorted(
        (
            value_words("faction", row["faction"], lang),
            value_words("opponents", row["opponents"], lang),
            str(row["score"]),
        )
        for row in rows
    )
    assert body == want


def simple_last_turn():
    """A solo game whose last human turn has no combat (each step one click or hex)."""
    for seed in range(3, 40):
        game = finished(SOLO, seed)
        rest = game.history[len(before_last_turn(game).history) :]
        if not any(a.startswith("commit:") for a in rest):
            return game
    raise AssertionError("no game ends with a turn without combat")


def test_finished_games_are_counted_once_and_exported(browser, site_url):
    solo = simple_last_turn()
    pair = finished(PAIR, 4)
    rows = expected_rows([solo, pair])
    assert {row["opponents"] for row in rows} == {"automa.autometta", "automa.ultimaszyna"}
    url = f"{site_url}#{encode_link(before_last_turn(solo))}"
    loaded = open_page(browser, url, viewport={"width": 1366, "height": 768}, init_script=INSTANT)
    page = loaded.page
    try:
        page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
        play_recorded(page, solo)
        assert page.locator("#overlay .end").is_visible()
        # The second game, opened finished; then a reload of it counts nothing again.
        page.goto(f"{site_url}#{encode_link(pair)}")
        page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
        page.reload()
        page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
        click(page, "#overlay .end [data-cmd='new']")
        click(page, "#open-stats")  # from the start screen
        check_screen(page, rows, 2, "en")
        assert axe_problems(page, "statistics") == []
        for size in ((390, 844), (1024, 768), (1366, 768)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            shot(page, f"stats-{size[0]}x{size[1]}")
        page.set_viewport_size({"width": 1366, "height": 768})
        page.keyboard.press("Escape")
        page.wait_for_function("document.body.dataset.stats === '0'")

        # In Dutch, from the saved-games screen (the header's menu).
        click(page, "#lang")
        click(page, "#open-saves")
        click(page, "#overlay #open-stats")
        check_screen(page, rows, 2, "nl")
        click(page, "#close-stats")

        # Damaged statistics: a clear message, the saved games untouched, a new start.
        saves_before = page.evaluate(
            "() => Object.keys(localStorage).filter(k => k.includes(':save.')).length"
        )
        page.evaluate("localStorage.setItem('scythe:/:stats', '{\"stats\": 1, \"games\": [')")
        click(page, "#open-stats")
        problem = page.inner_text("#stats-problem")
        assert text("stats.damaged", "nl", error=text("stats.err.damaged", "nl")) in problem
        assert page.locator("#stats-csv").count() == 0
        shot(page, "stats-damaged")
        assert (
            page.evaluate(
                "() => Object.keys(localStorage).filter(k => k.includes(':save.')).length"
            )
            == saves_before
        )
        click(page, "#stats-reset")
        assert page.inner_text("#stats-message") == text("stats.cleared", "nl")
        assert page.locator("#stats-none").is_visible()
        # One unreadable entry among good ones: skipped, counted, kept.
        page.evaluate(
            """() => {
                const key = 'scythe:/:stats';
                localStorage.setItem(key, JSON.stringify({stats: 1, games: [
                    {key: 'abc', date: 'x', seats: [{faction: 'nordic', mat: 'industrial',
                     controller: 'human', level: null, score: 50, rank: 1}]},
                    {key: 'bad entry', seats: 7}]}));
            }"""
        )
        click(page, "#close-stats")
        click(page, "#open-stats")
        assert page.inner_text("#stats-skipped") == text("stats.skipped", "nl", n=1)
        assert page.inner_text("#stats-results") == text("stats.total", "nl", n=1, won=1)
        assert page.inner_text("#stats-games") == text("stats.games", "nl", n=1)
        assert "bad entry" in page.evaluate("localStorage.getItem('scythe:/:stats')")
        assert loaded.console_errors == []
    finally:
        page.context.close()
