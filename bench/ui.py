#!/usr/bin/env python3
"""How fast the page answers a click: milliseconds from a click to the next painted frame.

    python bench/ui.py [--games 1] [--seed 5] [--no-build] [--level ultimaszyna]

Builds dist/ (unless --no-build), serves it on 127.0.0.1 and plays whole solo games
against the Automa in headless Debian Chromium, by clicks only, each turn played as a
player would (``e2e/typical_turns.py``: sections and bottom actions on the drawn mat,
units moved and structures placed on the board), until the game is over; ``--busy N``
plays N seeded random clicks per game instead, and ``--skip`` the skip-heavy helper of
the end-to-end tests. The page itself records, for every click or key that re-renders
it, the time from the event (``event.timeStamp``) to the end of the re-render
(``window.__ui_ms``), to the next painted frame (``window.__frame_ms``: the first task
after the frame's animation callbacks, style, layout and paint) with the game's round
then (``window.__frame_round``), to the whole page drawn (``window.__settled_ms``: the
page draws a click's answer first, the header, players' panels and log in a task after
that frame), and the time each Automa turn took to compute (``window.__automa_ms``).

Prints count, median, 95th percentile and maximum of each, with its target beside it:
a click to the next painted frame under 25 ms late in a full game (the game's last
three rounds, the board at its fullest and the log at its longest), a click to the
re-rendered page under 50 ms and an Automa turn under 100 ms. Nothing is asserted.

First it plays ``--turns`` typical turns of a solo game as a player would
(``e2e/typical_turns.py``: sections and bottom actions on the drawn mat, hexes on the
board) and prints the clicks per turn: the targets are a median of at most 3 clicks
for a turn without a Move and at most 5 for a turn that moves one unit.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's scythe_core, not an installed one
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "web"))  # typical_turns names hexes as the page does

from figures import timing_line  # noqa: E402
from game_driver import UI_READY, act, choose, click, start_game, state  # noqa: E402
from site_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one list for tests and benches)
from typical_turns import play_turns  # noqa: E402

TARGETS = {"click to render": 50.0, "click to frame, late": 25.0, "Automa turn": 100.0}
#: "Late in a full game": the clicks of the game's last this many rounds.
LATE_ROUNDS = 3
CLICK_TARGETS = {"without a Move": 3, "with a Move": 5}
#: Resolves after the next frame is painted: the page's own clock at that moment.
NEXT_FRAME_JS = (
    "() => new Promise(r => requestAnimationFrame(() => setTimeout(() => r(performance.now()))))"
)


def load_build():
    spec = importlib.util.spec_from_file_location("scythe_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play_game(page, seed: int, level: str, busy: int = 0, skip: bool = False) -> None:
    """Typical turns to the end; with ``skip`` skip-heavy to the end; with ``busy``, that
    many seeded random button clicks (a fuller board and a longer log)."""
    start_game(page, [{"controller": "human"}, {"controller": "automa", "level": level}], seed)
    if not busy and not skip:
        play_turns(page, 1000)
        if state(page)["game"] != "over":
            raise RuntimeError("the game did not end")
        return
    chooser = random.Random(seed)
    for _ in range(busy or 800):
        info = state(page)
        if info["game"] == "over":
            return
        if info["handover"]:
            click(page, "#handover-ready")
        elif busy:
            action = chooser.choice(info["actions"])
            act(page, action)  # through the steps of a big decision
        else:
            choose(page, info)
    if not busy:
        raise RuntimeError("the game did not end")


def report(name: str, values: list[float]) -> None:
    print(timing_line(name, values, TARGETS.get(name)))


def typical_clicks(browser, url: str, seed: int, turns: int) -> None:
    """Clicks per typical turn (``typical_turns``), by kind of turn."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(url)
    page.wait_for_selector(UI_READY, state="attached", timeout=180_000)
    start_game(page, [{"controller": "human"}, {"controller": "automa"}], seed)
    played = play_turns(page, turns)
    page.close()
    print(f"{len(played)} typical turns (seed {seed}), clicks per turn:")
    for name, moved in (("without a Move", False), ("with a Move", True)):
        counts = [t.clicks for t in played if t.moved == moved]
        if not counts:
            continue
        median = statistics.median(counts)
        verdict = "met" if median <= CLICK_TARGETS[name] else "missed"
        print(
            f"  {name:16} n={len(counts):3}  median {median:4.1f}  max {max(counts):3}"
            f"  (target median <= {CLICK_TARGETS[name]}: {verdict})"
        )
    kinds: dict[str, list[int]] = {}
    for t in played:
        kinds.setdefault(f"{t.top}+{t.bottom or '-'}", []).append(t.clicks)
    print(
        "  by turn: " + ", ".join(f"{k} {statistics.median(v):g}" for k, v in sorted(kinds.items()))
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--level", default="ultimaszyna")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--turns", type=int, default=24, help="typical turns to count clicks of")
    parser.add_argument(
        "--busy", type=int, default=0, help="instead: this many random clicks per game"
    )
    parser.add_argument("--skip", action="store_true", help="instead: skip-heavy games")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    build = load_build()
    dist = build.DIST if args.no_build else build.build()
    server = build.make_server(dist, port=0, base="/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = build.server_url(server)
    clicks: list[float] = []
    automa: list[float] = []
    frames: list[float] = []
    rounds: list[int] = []
    settled: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            if args.turns:
                typical_clicks(browser, url, args.seed, args.turns)
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(url)
            page.wait_for_selector(UI_READY, state="attached", timeout=180_000)
            for game in range(args.games):
                if game:
                    click(page, "#overlay [data-cmd='new']")
                play_game(page, args.seed + game, args.level, args.busy, args.skip)
                print(f"game {game + 1}/{args.games} over", flush=True)
            clicks = list(page.evaluate("Array.from(window.__ui_ms)"))
            automa = list(page.evaluate("Array.from(window.__automa_ms)"))
            frames = list(page.evaluate("Array.from(window.__frame_ms)"))
            rounds = list(page.evaluate("Array.from(window.__frame_round)"))
            settled = list(page.evaluate("Array.from(window.__settled_ms || [])"))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    how = (
        f"{args.busy} random clicks each"
        if args.busy
        else "skip-heavy, to the end"
        if args.skip
        else "typical turns, to the end"
    )
    last = max(rounds, default=0)
    late = [ms for ms, r in zip(frames, rounds, strict=False) if r > last - LATE_ROUNDS]
    print(f"\n{args.games} solo game(s) vs the Automa ({args.level}), {how}, Chromium 1366x768")
    report("click to render", clicks)
    report("click to next frame", frames)
    report("click to whole page", settled)
    print(f"(late: rounds {max(last - LATE_ROUNDS + 1, 1)}-{last} of the last game)")
    report("click to frame, late", late)
    report("Automa turn", automa)
    return 0


if __name__ == "__main__":
    sys.exit(main())
