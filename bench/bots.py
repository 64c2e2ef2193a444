"""Think time of the bots per turn, by level, in CPython; with ``--page``, in the page.

Plays seeded games in which every seat is a bot of one level and times each seat's
decisions, summed per turn (from its section choice to its end of turn, plus its
answers to combats on other turns). Prints the median and the 95th percentile per
level (target: bot:hard median under 0.5 s per turn), in CPU time of this process
(``time.process_time``: on a shared machine the wall clock also counts other work),
and the wall-clock median beside it.

    python3 bench/bots.py [--games 2] [--seats 2] [--levels easy,normal,hard]

``--automa <level>`` instead plays each game as one bot against an Automa of that
level and times the bot alone: a solo player's opponent is often an Automa, and
against one bot:hard also weighs the Automa's replies to its best turns (its slowest
turns are there).

    python3 bench/bots.py --levels hard --automa automa [--games 2]

``--page`` instead builds ``dist/`` (unless ``--no-build``), serves it on 127.0.0.1 and
plays a game of a human (skip-heavy) and two bot:hard seats in headless Debian
Chromium at the "watch" speed (``--speed``), where a bot thinks in slices of 12 ms
(``web/automa_pacing.py``). While a bot is to move, it clicks the page as a player
waiting would, as soon as the bot starts thinking (``body[data-thinking='1']``) and
now and then while its turn is shown: the Rules button and its close button, the header menu, the zoom
buttons, a part of the own mat's rule, the summary of the others' turns. The page times itself and this
prints: per bot turn, the ms spent thinking (``window.__bot_ms``, the slices summed;
target: median under 2 s) and from its first slice to its decision
(``__bot_wall_ms``); each slice's length (``__slice_ms``); and each click or key
handled while a bot thinks, from the event to its handler's end
(``__busy_ui_ms``: the page re-rendered; target: median under 50 ms) and to the next
painted frame (``__busy_frame_ms``). A bot thinks in slices at every speed; at
"watch" its turn is shown decision by decision, so the wall time from its first slice
to its turn's end also counts the pauses between the decisions shown.

    python3 bench/bots.py --page [--page-turns 16] [--seed 9] [--speed watch] [--no-build]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import percentile, timing_line  # noqa: E402

from scythe_core import apply_in_place, legal_actions, new_game, to_move  # noqa: E402
from scythe_core.bots import bot_seats, play_bot_decision  # noqa: E402

#: The bot:hard median target, seconds per turn (CPython on the build machine).
HARD_TARGET = 0.5
#: In the page: bot:hard think time per turn, and a click handled while a bot thinks (ms).
PAGE_TARGETS = {"bot:hard think": 2000.0, "click while thinking": 50.0}
#: What a player waiting for the bots clicks (all but the game's decisions), in turn:
#: each (what, selector), the selector skipped while not on the page.
IDLE_CLICKS = (
    ("rules", "#rules-open"),
    ("rules close", "[data-cmd='rules-close']"),
    ("menu", "[data-cmd='menu']"),
    ("menu", "[data-cmd='menu']"),
    ("zoom in", "[data-cmd='zoom-in']"),
    ("zoom out", "[data-cmd='zoom-out']"),
    ("mat part's rule", "#own-mat [data-cmd='rule']"),
    ("rules close", "[data-cmd='rules-close']"),
    ("summary", ".recent summary"),
)


def turn_times(
    level: str, seed: int, seats: int, max_turns: int, automa: str = ""
) -> tuple[list[float], dict]:
    """Seconds each bot spent per turn of its own in one game, and the game's end;
    with ``automa`` (a level), one bot against an Automa of that level."""
    bot = {"controller": "bot", "level": level}
    config = [bot, {"controller": "automa", "level": automa}] if automa else [bot] * seats
    state = new_game({"seed": seed, "seats": config})
    bots = bot_seats(state)
    spent: dict[tuple[int, int], float] = {}
    wall: dict[tuple[int, int], float] = {}
    while not state.game_over and state.turns_taken < max_turns:
        seat = to_move(state)
        if seat not in bots:  # the Automa: its only choice (the engine draws its card)
            apply_in_place(state, legal_actions(state)[0])
            continue
        key = (state.turns_taken, seat)
        started, clock = time.process_time(), time.perf_counter()
        play_bot_decision(state, bots[seat])
        spent[key] = spent.get(key, 0.0) + time.process_time() - started
        wall[key] = wall.get(key, 0.0) + time.perf_counter() - clock
    end = {"turns": state.turns_taken, "over": state.game_over, "wall": list(wall.values())}
    return list(spent.values()), end


#: Resolves when a bot thinks (``body[data-thinking]``), the human is to decide, the
#: game is not on any more, or after a while (the page's own clock).
WAIT_FOR_THINKING = """() => {
    window.__wait_from = window.__wait_from || performance.now();
    const b = document.body.dataset;
    const done = b.thinking === '1' || b.game !== 'on' || b.handover === '1'
        || document.querySelector('#decision [data-action], #decision [data-leads]')
        || performance.now() - window.__wait_from > 400;
    if (done) window.__wait_from = 0;
    return done;
}"""


def page_report(name: str, values: list[float]) -> None:
    print(timing_line(name, values, PAGE_TARGETS.get(name)))


def idle_target(page, turn: int) -> tuple[str, float, float] | None:
    """The ``turn``-th of ``IDLE_CLICKS``: what it is and the middle of it on the page."""
    what, selector = IDLE_CLICKS[turn % len(IDLE_CLICKS)]
    box = page.locator(selector).first.bounding_box() if page.locator(selector).count() else None
    if not box or box["width"] < 2:
        return None
    return what, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def page_figures(args) -> int:
    """Think time and clicks while a bot thinks, in the page (see the module's text)."""
    import importlib.util
    import threading

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "e2e"))
    from game_driver import UI_READY, choose, click, start_game, state
    from playwright.sync_api import sync_playwright
    from site_browser import CHROMIUM, CHROMIUM_ARGS

    spec = importlib.util.spec_from_file_location("scythe_build", root / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    dist = build.DIST if args.no_build else build.build()
    server = build.make_server(dist, port=0, base="/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    seats = [
        {"controller": "human", "faction": "nordic"},
        {"controller": "bot", "level": "hard", "faction": "saxony"},
        {"controller": "bot", "level": "hard", "faction": "crimea"},
    ]
    clicked: dict[str, int] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(build.server_url(server))
            page.wait_for_selector(UI_READY, state="attached", timeout=180_000)
            page.select_option("#speed", args.speed)
            start_game(page, seats, args.seed)
            pokes = 0
            deadline = time.monotonic() + args.page_minutes * 60
            while time.monotonic() < deadline:
                turns = page.evaluate("window.__bot_ms.length + window.__automa_ms.length")
                info = state(page)
                if info["game"] != "on" or turns >= args.page_turns:
                    break
                if info["handover"]:
                    click(page, "#handover-ready")
                elif info["actions"]:
                    if page.locator("#rules:not([hidden])").count():
                        page.keyboard.press("Escape")
                    choose(page, info)
                else:  # a bot's turn: click as soon as one thinks (or now and then)
                    targets = [idle_target(page, pokes + i) for i in range(3)]
                    page.wait_for_function(WAIT_FOR_THINKING, timeout=60_000, polling=2)
                    for target in targets:  # real mouse input, no waiting (the boxes known)
                        if target:
                            page.mouse.click(target[1], target[2])
                            clicked[target[0]] = clicked.get(target[0], 0) + 1
                    pokes += len(targets)
                    if args.click_every:
                        page.wait_for_timeout(args.click_every)
            timings = {
                name: list(page.evaluate(f"Array.from(window.{name})"))
                for name in (
                    "__bot_ms",
                    "__bot_wall_ms",
                    "__slice_ms",
                    "__busy_ui_ms",
                    "__busy_frame_ms",
                    "__ui_ms",
                    "__busy_what",
                    "__automa_ms",
                )
            }
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(
        f"page: a human (skip-heavy) and 2 bot:hard, seed {args.seed}, speed {args.speed!r},"
        " Pyodide in headless Chromium 1366x768"
    )
    print("clicks while bots were to move: " + ", ".join(f"{k} {v}" for k, v in clicked.items()))
    page_report("bot:hard think", timings["__bot_ms"] or timings["__automa_ms"])
    page_report("bot:hard turn, wall", timings["__bot_wall_ms"])
    page_report("think slice", timings["__slice_ms"])
    page_report("click while thinking", timings["__busy_ui_ms"])
    by_what: dict[str, list[float]] = {}
    for what, ms in zip(timings["__busy_what"], timings["__busy_ui_ms"], strict=False):
        by_what.setdefault(what, []).append(ms)
    for what, values in sorted(by_what.items()):
        page_report(f"  {what}", values)
    page_report("  ... to next frame", timings["__busy_frame_ms"])
    page_report("any click to render", timings["__ui_ms"])
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument(
        "--automa",
        default="",
        help="one bot against an Automa of this level (autometta, automa, ...), not bots",
    )
    parser.add_argument("--max-turns", type=int, default=300)
    parser.add_argument("--page", action="store_true", help="measure in the page instead")
    parser.add_argument("--page-turns", type=int, default=30, help="bot turns to time")
    parser.add_argument("--page-minutes", type=float, default=15.0, help="at most")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--speed", default="watch", choices=("instant", "fast", "watch"))
    parser.add_argument("--click-every", type=int, default=0, help="ms between clicks")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args(argv)
    if args.page:
        return page_figures(args)
    if args.automa:
        print(
            f"bots: think time per turn, {args.games} games of a bot against automa:{args.automa}"
        )
    else:
        print(f"bots: think time per turn, {args.games} games of {args.seats} bots per level")
    for level in args.levels.split(","):
        times: list[float] = []
        ends = []
        for game in range(args.games):
            spent, end = turn_times(level, 100 + game, args.seats, args.max_turns, args.automa)
            times += spent
            ends.append(end)
        median, p95 = statistics.median(times), percentile(times, 0.95)
        target = f"  (target: median < {HARD_TARGET} s)" if level == "hard" else ""
        finished = sum(e["over"] for e in ends)
        wall = statistics.median([w for e in ends for w in e["wall"]])
        print(
            f"bot:{level:6}  turns {len(times):4}  median {median:.3f} s  p95 {p95:.3f} s"
            f"  max {max(times):.3f} s  (wall median {wall:.3f} s)"
            f"  games finished {finished}/{len(ends)}{target}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
